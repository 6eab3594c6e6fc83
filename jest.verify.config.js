/**
 * The release checker's own test (test/verify/): scripts/verify.mjs passes on the packed package
 * and fails on each planted violation, run as child processes (n8n's scanner and CLI lint, minutes
 * of them). Not part of `npm test`; `npm run test:verify` runs it, and so does CI (.ci/run), where
 * its first case is the release check itself. Same transform and global setup (dist/ rebuilt when stale) as the unit
 * suite (jest.config.js).
 */
const base = require('./jest.config.js');

module.exports = {
	...base,
	roots: ['<rootDir>/test/verify'],
	testPathIgnorePatterns: ['/node_modules/'],
};
