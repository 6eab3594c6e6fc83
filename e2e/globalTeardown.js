// Stops scripts/start.mjs --e2e, which stops n8n and the sandbox it started.
module.exports = async function globalTeardown() {
	const child = globalThis.__E2E_START__;
	if (!child || child.exitCode !== null) return;
	const exited = new Promise((resolve) => child.once('exit', resolve));
	child.kill('SIGTERM');
	// The fallback timer is cleared once n8n is down: a pending one kept Jest from exiting.
	let timer;
	await Promise.race([exited, new Promise((resolve) => { timer = setTimeout(resolve, 15000); })]);
	clearTimeout(timer);
};
