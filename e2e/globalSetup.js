// Starts scripts/start.mjs --e2e (n8n install once, build, pack, sandbox, n8n, owner, credential)
// and waits until it has written its state file; globalTeardown stops it.
const { spawn } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');

const root = path.resolve(__dirname, '..');
const stateFile = path.join(root, '.e2e', 'e2e-state.json');

module.exports = async function globalSetup() {
	fs.mkdirSync(path.dirname(stateFile), { recursive: true });
	fs.rmSync(stateFile, { force: true });
	const out = fs.openSync(path.join(root, '.e2e', 'start-e2e.log'), 'w');
	const child = spawn(process.execPath, [path.join(root, 'scripts', 'start.mjs'), '--e2e', '--state', stateFile], {
		cwd: root,
		stdio: ['ignore', out, out],
	});
	globalThis.__E2E_START__ = child;
	const deadline = Date.now() + 15 * 60 * 1000;
	while (!fs.existsSync(stateFile)) {
		if (child.exitCode !== null) throw new Error(`scripts/start.mjs --e2e exited with ${child.exitCode}: see .e2e/start-e2e.log`);
		if (Date.now() > deadline) throw new Error('n8n did not come up within 15 minutes: see .e2e/start-e2e.log');
		await new Promise((resolve) => setTimeout(resolve, 500));
	}
	process.env.E2E_STATE = stateFile;
};
