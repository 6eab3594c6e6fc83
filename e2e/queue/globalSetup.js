// Starts scripts/queue.mjs (Postgres, Redis, the sandbox, an n8n main and two workers in queue mode).
const path = require('node:path');
const { launch } = require('../globalSetup');

const root = path.resolve(__dirname, '..', '..');

module.exports = async function globalSetup() {
	await launch(
		'scripts/queue.mjs',
		['--workers', '2', '--worker-concurrency', '1'],
		path.join(root, '.e2e', 'queue-state.json'),
		path.join(root, '.e2e', 'queue-start.log'),
	);
};
