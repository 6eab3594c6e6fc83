// Stops scripts/start.mjs --e2e (or scripts/queue.mjs), which stops n8n and everything it started.
async function stopLaunched(waitMs) {
	const child = globalThis.__E2E_START__;
	if (!child || child.exitCode !== null) return;
	const exited = new Promise((resolve) => child.once('exit', resolve));
	child.kill('SIGTERM');
	// unref: the timer must not keep jest alive once the child has exited.
	await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, waitMs).unref())]);
}

module.exports = async function globalTeardown() {
	await stopLaunched(15000);
};
module.exports.stopLaunched = stopLaunched;
