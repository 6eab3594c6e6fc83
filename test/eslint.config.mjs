// Lint rules for the tests and the development tooling written in TypeScript (test/, e2e/).
// The package's own code (nodes/, credentials/, package.json) is linted by the root eslint.config.mjs,
// n8n's default configuration, unmodified. ESLint picks the nearest config file of each linted file
// (`npm run lint` turns that lookup on; it is ESLint 10's default), so these rules never reach the package.
import eslint from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config({
	files: ['**/*.ts'],
	extends: [eslint.configs.recommended, tseslint.configs.recommended],
	rules: {
		'@typescript-eslint/no-unused-vars': [
			'error',
			{ argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
		],
	},
});
