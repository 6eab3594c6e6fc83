const { availableParallelism } = require('node:os');

/**
 * Tests run the compiled package (dist/) through n8n's engine. globalSetup rebuilds dist/ first when
 * it is missing or older than its sources (scripts/build-if-stale.js), so `npx jest <path>` after an
 * edit tests the edit; `npm test` builds unconditionally before it.
 *
 * The release checker's own test (test/verify/, minutes of child processes: n8n's scanner and lint
 * over planted violations) is not part of this run: `npm run test:verify` runs it alone
 * (jest.verify.config.js), and so does CI (.ci/run), where its first case is the release check.
 *
 * ts-jest checks no types here: tsconfig.test.json sets `isolatedModules`, with which ts-jest 29
 * compiles each file on its own (TypeScript's transpileModule) and reports syntax errors only, so
 * no ts-jest option (`isolatedModules`, deprecated there, or `diagnostics`) is needed. The compat and
 * verify configs inherit this transform; `npm run typecheck` checks the types.
 */
module.exports = {
	testEnvironment: 'node',
	roots: ['<rootDir>/test', '<rootDir>/elma365-module/test'],
	testMatch: ['**/*.test.ts'],
	testPathIgnorePatterns: ['/node_modules/', '<rootDir>/test/verify/'],
	transform: {
		'^.+\\.ts$': ['ts-jest', { tsconfig: 'tsconfig.test.json' }],
	},
	globalSetup: '<rootDir>/scripts/build-if-stale.js',
	testTimeout: 30000,
	// The suites wait on a virtual clock (test/harness/clock.ts), so their time is work: a worker per
	// core. Jest's default leaves a core idle, which on a 2-core machine runs every suite in band.
	maxWorkers: Math.max(2, availableParallelism()),
};
