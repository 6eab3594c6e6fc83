// Stops scripts/start.mjs --e2e, which stops n8n and the sandbox it started.
module.exports = async function globalTeardown() {
	const child = globalThis.__E2E_START__;
	if (!child || child.exitCode !== null) return;
	const exited = new Promise((resolve) => child.once('exit', resolve));
	child.kill('SIGTERM');
	await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 15000))]);
};
