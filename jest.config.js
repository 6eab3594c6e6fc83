/**
 * Tests run the compiled package (dist/) through n8n's engine. globalSetup rebuilds dist/ first when
 * it is missing or older than its sources (scripts/build-if-stale.js), so `npx jest <path>` after an
 * edit tests the edit; `npm test` builds unconditionally before it.
 */
module.exports = {
	testEnvironment: 'node',
	roots: ['<rootDir>/test', '<rootDir>/elma365-module/test'],
	testMatch: ['**/*.test.ts'],
	transform: {
		'^.+\\.ts$': ['ts-jest', { tsconfig: 'tsconfig.test.json' }],
	},
	globalSetup: '<rootDir>/scripts/build-if-stale.js',
	testTimeout: 30000,
};
