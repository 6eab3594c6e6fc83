/** The module's tests alone: `npx jest -c elma365-module/jest.config.js`. The root jest.config.js runs them too. */
module.exports = {
	rootDir: __dirname,
	testEnvironment: 'node',
	roots: ['<rootDir>/test'],
	testMatch: ['**/*.test.ts'],
	transform: {
		'^.+\\.ts$': ['ts-jest', { tsconfig: '<rootDir>/../tsconfig.test.json' }],
	},
	testTimeout: 30000,
};
