/**
 * The end-to-end suite in n8n's queue mode (`npm run test:e2e:queue`): the single-process suite's
 * node workflows (../nodes.e2e.test.ts), a SaaS company's quota (../quota.e2e.test.ts, run only
 * here: the workers hold it as one process does) and the queue-only tests here, against an n8n
 * main and two workers started by scripts/queue.mjs. The editor check in a browser is not repeated
 * here.
 */
module.exports = {
	rootDir: __dirname,
	roots: ['<rootDir>', '<rootDir>/..'],
	testEnvironment: 'node',
	testMatch: [
		'<rootDir>/../nodes.e2e.test.ts',
		'<rootDir>/../quota.e2e.test.ts',
		'<rootDir>/*.e2e.test.ts',
	],
	transform: {
		'^.+\\.ts$': ['ts-jest', { tsconfig: '<rootDir>/../tsconfig.json' }],
	},
	globalSetup: '<rootDir>/globalSetup.js',
	globalTeardown: '<rootDir>/globalTeardown.js',
	testTimeout: 300000,
	maxWorkers: 1,
};
