const Sequencer = require('@jest/test-sequencer').default;

/**
 * The e2e suites share one sandbox, in one worker. The browser suite runs first: it walks every
 * picker over the sandbox as seeded, and the other suites add items (the docs' Event Trigger recipe
 * creates a deal with no messages, which would leave the Reply message picker empty). Then the
 * suites by path, the same order every run.
 */
class E2eSequencer extends Sequencer {
	sort(tests) {
		const rank = (test) => (test.path.endsWith('browser.e2e.test.js') ? 0 : 1);
		return [...tests].sort((a, b) => rank(a) - rank(b) || a.path.localeCompare(b.path));
	}
}

module.exports = E2eSequencer;
