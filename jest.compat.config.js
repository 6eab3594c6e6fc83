/**
 * The unit suite against n8n's 1.x line (scripts/compat.sh installs n8n-core/n8n-workflow 1.x into
 * .compat/ and runs this on Node 22). The compiled package in dist/, the harness and n8n-core
 * itself all resolve n8n-workflow, n8n-core and n8n's DI container from .compat/, so one copy of
 * each is loaded, as in an n8n 1.x install.
 */
const path = require('node:path');
const base = require('./jest.config.js');

const compat = path.join(__dirname, '.compat', 'node_modules');
const coreDir = path.dirname(require.resolve('n8n-core/package.json', { paths: [compat] }));
const diDir = path.dirname(require.resolve('@n8n/di/package.json', { paths: [coreDir] }));

/** What does not run on 1.x, and why (README, Compatibility). Everything else runs unchanged. */
const skippedSuites = [
	// Build tooling (gulpfile.js, scripts/build-if-stale.js), not an n8n line: it runs once, in the
	// 2.x suite. (The release checker's test, test/verify/, is left out by base's list.)
	'<rootDir>/test/tooling/',
	// The poll harness drives n8n-core 2.x's PollTriggerExecutor, which 1.x does not have.
	'<rootDir>/test/Elma365AppTrigger/appTrigger.test.ts',
	'<rootDir>/test/Elma365AppTrigger/pollSimulation.test.ts',
	'<rootDir>/test/Elma365ProcessTrigger/processTrigger.test.ts',
	'<rootDir>/test/Elma365TaskTrigger/taskTrigger.test.ts',
	// n8n 1.x's HTTP helper hides the system error code (timeout, reset, refused, certificate): the
	// node reports "the platform could not be reached" without the reason and does not retry.
	'<rootDir>/test/reliability/faults.test.ts',
	// The same: its seeded faults include resets, which 2.x retries and 1.x makes final, so the
	// first item to fail for good is another one.
	'<rootDir>/test/reliability/stopOnFailure.test.ts',
];
const skippedTests = [
	// n8n 1.x refuses a run with invalid parameters as "The workflow has issues and cannot be
	// executed", 2.x names the node and the issue: the tests check 2.x's words.
	'editor check',
	'refused by n8n itself',
	'(the picker check)',
	'an invalid hash and an empty file are refused',
	'a bad exception ID or an empty section fails before any request',
	'no section is refused before any request',
	'no application is refused before any request',
	'a Directory that is not a UUID is refused, by the editor or before any request',
	// The poll harness (above).
	'Trigger table filter',
	'a poll of the trigger',
	'a poll of the App Trigger',
	'Trigger: a poll of new items',
	'a poll error echoing the key shows it redacted',
	'a poll against a dripping list ends at the deadline',
	'a poll redirected to another origin sends nothing there',
	// The hidden system error code (above).
	'a read that gets no answer in time',
	'a create that times out is not sent again',
	'a timed-out item gives one error item',
	'a create whose connection drops before the answer is repeated',
	'a directory picker waiting on a silent platform',
	'https with an internal certificate',
	'a refused connection fails with a clear message',
	'a create whose connection is refused',
	'is explained, and accepted with Ignore SSL Issues',
	// On n8n 1.x a streamed download is stored, but the output's `size` comes back empty (README, Compatibility).
	'a 512 MB download streams to disk with flat memory',
];
const escape = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

module.exports = {
	...base,
	testPathIgnorePatterns: [...base.testPathIgnorePatterns, ...skippedSuites],
	testNamePattern: `^(?!.*(${skippedTests.map(escape).join('|')})).*$`,
	moduleNameMapper: {
		'^n8n-workflow$': require.resolve('n8n-workflow', { paths: [compat] }),
		'^n8n-core$': require.resolve('n8n-core', { paths: [compat] }),
		'^@n8n/di$': require.resolve('@n8n/di', { paths: [diDir] }),
	},
};
