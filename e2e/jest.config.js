/**
 * End-to-end tests: a real n8n (installed under .e2e/n8n) with the packed package, against the
 * sandbox. globalSetup runs scripts/start.mjs --e2e (install once, build, pack, start both) and
 * globalTeardown stops it. Run with `npm run test:e2e`.
 */
module.exports = {
	rootDir: __dirname,
	testEnvironment: 'node',
	testMatch: ['<rootDir>/**/*.e2e.test.ts', '<rootDir>/**/*.e2e.test.js'],
	// The queue-mode suite has its own stack and config (queue/jest.config.js, `npm run test:e2e:queue`),
	// and the quota suite runs there: its 12-second windows are waiting, which CI runs beside work.
	testPathIgnorePatterns: ['/node_modules/', '<rootDir>/queue/', '<rootDir>/quota.e2e.test.ts'],
	transform: {
		'^.+\\.ts$': ['ts-jest', { tsconfig: '<rootDir>/tsconfig.json' }],
	},
	globalSetup: '<rootDir>/globalSetup.js',
	globalTeardown: '<rootDir>/globalTeardown.js',
	testTimeout: 120000,
	maxWorkers: 1,
	testSequencer: '<rootDir>/sequencer.js',
};
