// Starts scripts/start.mjs --e2e (n8n install once, build, pack, sandbox, n8n, owner, credential)
// and waits until it has written its state file; globalTeardown stops it. The queue-mode suite
// (e2e/queue/) starts scripts/queue.mjs the same way through launch().
const { spawn } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');

const root = path.resolve(__dirname, '..');

/** Runs `node <script> ...args --state <stateFile>` until it has written the state file. */
async function launch(script, args, stateFile, logFile) {
	fs.mkdirSync(path.dirname(stateFile), { recursive: true });
	fs.rmSync(stateFile, { force: true });
	const out = fs.openSync(logFile, 'w');
	const child = spawn(process.execPath, [path.join(root, script), ...args, '--state', stateFile], {
		cwd: root,
		stdio: ['ignore', out, out],
	});
	globalThis.__E2E_START__ = child;
	const shown = path.relative(root, logFile);
	const deadline = Date.now() + 15 * 60 * 1000;
	while (!fs.existsSync(stateFile)) {
		if (child.exitCode !== null)
			throw new Error(`${script} exited with ${child.exitCode}: see ${shown}`);
		if (Date.now() > deadline)
			throw new Error(`n8n did not come up within 15 minutes: see ${shown}`);
		await new Promise((resolve) => setTimeout(resolve, 500));
	}
	process.env.E2E_STATE = stateFile;
}

module.exports = async function globalSetup() {
	await launch(
		'scripts/start.mjs',
		['--e2e'],
		path.join(root, '.e2e', 'e2e-state.json'),
		path.join(root, '.e2e', 'start-e2e.log'),
	);
};
module.exports.launch = launch;
