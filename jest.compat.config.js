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

module.exports = {
	...base,
	moduleNameMapper: {
		'^n8n-workflow$': require.resolve('n8n-workflow', { paths: [compat] }),
		'^n8n-core$': require.resolve('n8n-core', { paths: [compat] }),
		'^@n8n/di$': require.resolve('@n8n/di', { paths: [diDir] }),
	},
};
