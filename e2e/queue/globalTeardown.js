// Stops scripts/queue.mjs, which stops the workers, the main, the sandbox, Redis and Postgres.
const { stopLaunched } = require('../globalTeardown');

module.exports = async function globalTeardown() {
	await stopLaunched(90000);
};
