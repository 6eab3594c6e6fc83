// n8n's community-package lint rules: @n8n/eslint-plugin-community-nodes (what n8n's scanner runs)
// and eslint-plugin-n8n-nodes-base's community, credentials and nodes sets.
import eslint from '@eslint/js';
import communityNodes from '@n8n/eslint-plugin-community-nodes';
import n8nNodesBase from 'eslint-plugin-n8n-nodes-base';
import tseslint from 'typescript-eslint';

export default tseslint.config(
	{ ignores: ['dist/**', 'node_modules/**', '.tools/**', '.e2e/**', 'coverage/**', '**/*.js', '**/*.mjs'] },
	{
		files: ['**/*.ts'],
		extends: [eslint.configs.recommended, tseslint.configs.recommended],
		rules: {
			'@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
		},
	},
	{
		files: ['credentials/**/*.ts', 'nodes/**/*.ts', 'package.json'],
		...communityNodes.configs.recommended,
	},
	{ plugins: { 'n8n-nodes-base': n8nNodesBase } },
	{
		files: ['package.json'],
		rules: { ...n8nNodesBase.configs.community.rules },
		languageOptions: {
			parser: tseslint.parser,
			parserOptions: { extraFileExtensions: ['.json'] },
		},
	},
	{
		files: ['credentials/**/*.ts'],
		rules: {
			...n8nNodesBase.configs.credentials.rules,
			// Written for n8n's internal doc slugs; community credentials link a full URL (n8n's node CLI turns it off too).
			'n8n-nodes-base/cred-class-field-documentation-url-miscased': 'off',
		},
	},
	{
		files: ['nodes/**/*.ts'],
		rules: {
			...n8nNodesBase.configs.nodes.rules,
			// These two predate NodeConnectionTypes.Main, which the community rules require (n8n's node CLI turns them off too).
			'n8n-nodes-base/node-class-description-inputs-wrong-regular-node': 'off',
			'n8n-nodes-base/node-class-description-outputs-wrong': 'off',
		},
	},
);
