// `npm start`: builds the package, starts the ELMA365 sandbox (e2e/sandbox.ts) and a real n8n
// (2.41.1, SQLite, 127.0.0.1) with the packed package installed the way a community-node install
// does, an owner, an API key, an ELMA365 credential pointing at the sandbox and a sample workflow
// that updates a nomenclature case. Ctrl-C stops everything.
//
//   node scripts/start.mjs                      interactive (n8n on 5678, sandbox on 8365)
//   node scripts/start.mjs --e2e --state <file> for the e2e tests: fresh user folder, other ports,
//                                               writes URLs, API key and credential id to <file>
// ELMA365_N8N_PORT, ELMA365_SANDBOX_PORT and ELMA365_BROKER_PORT override the ports.
// Expects Node 24 first on PATH and the dev dependencies installed (scripts/bootstrap.sh).
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const args = process.argv.slice(2);
const e2e = args.includes('--e2e');
const stateFile = args.includes('--state') ? path.resolve(args[args.indexOf('--state') + 1]) : undefined;
// Another port set, e.g. when several checkouts run their e2e suites on one machine.
const portFrom = (name, fallback) => Number(process.env[name] ?? fallback);
const N8N_PORT = portFrom('ELMA365_N8N_PORT', e2e ? 5778 : 5678);
const SANDBOX_PORT = portFrom('ELMA365_SANDBOX_PORT', e2e ? 8465 : 8365);
const BROKER_PORT = portFrom('ELMA365_BROKER_PORT', e2e ? 5779 : 5679);
const SANDBOX_KEY = 'sandbox-0000-4000-8000-elma365demo';
const OWNER = { email: 'owner@example.com', firstName: 'Demo', lastName: 'Owner', password: 'Elma365Demo!' };
const userFolder = path.join(root, '.e2e', e2e ? 'e2e-user' : 'start-user');
const base = `http://127.0.0.1:${N8N_PORT}`;
const children = [];

const log = (message) => console.log(`[start] ${message}`);
const run = (command, commandArgs, options = {}) => execFileSync(command, commandArgs, { cwd: root, stdio: 'inherit', ...options });
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

function stopAll() {
	for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
}
process.on('SIGINT', () => { stopAll(); process.exit(130); });
process.on('SIGTERM', () => { stopAll(); process.exit(143); });
process.on('exit', stopAll);

function prepare() {
	run('bash', [path.join(root, 'scripts', 'e2e-install.sh')]);
	const tools = path.join(root, '.e2e', 'tools');
	if (e2e && !fs.existsSync(path.join(tools, 'node_modules', 'playwright-core', 'package.json'))) {
		// Drives Debian's chromium for the browser check; no browser download (scripts ignored).
		fs.mkdirSync(tools, { recursive: true });
		run('npm', ['install', '--prefix', tools, '--ignore-scripts', '--no-audit', '--no-fund', '--loglevel=error', 'playwright-core@1.65.1']);
	}
	log('building and packing the package (npm pack: its prepack builds dist/)');
	const packDir = path.join(root, '.e2e', 'pack');
	fs.rmSync(packDir, { recursive: true, force: true });
	fs.mkdirSync(packDir, { recursive: true });
	const [{ filename }] = JSON.parse(execFileSync('npm', ['pack', '--json', '--pack-destination', packDir], { cwd: root, encoding: 'utf8' }));
	const nodesDir = path.join(userFolder, '.n8n', 'nodes');
	fs.mkdirSync(nodesDir, { recursive: true });
	if (!fs.existsSync(path.join(nodesDir, 'package.json'))) {
		fs.writeFileSync(path.join(nodesDir, 'package.json'), JSON.stringify({ name: 'installed-nodes', private: true, dependencies: {} }, null, 2));
	}
	log(`installing ${filename} into ${nodesDir}`);
	// The README's tarball install, with the npm flags of n8n's community-package installer, inside
	// <user folder>/.n8n/nodes (n8n-workflow is a peer dependency that n8n itself provides).
	run('npm', ['install', '--audit=false', '--fund=false', '--bin-links=false', '--install-strategy=shallow', '--ignore-scripts=true', '--legacy-peer-deps', '--loglevel=error', path.join(packDir, filename)], { cwd: nodesDir });
}

function startChild(name, command, commandArgs, env) {
	const logFile = fs.openSync(path.join(root, '.e2e', `${name}${e2e ? '-e2e' : ''}.log`), 'w');
	// Under jest (the e2e tests) NODE_ENV is "test", which makes n8n exit at start: drop it.
	const { NODE_ENV: _testEnv, ...inherited } = process.env;
	const child = spawn(command, commandArgs, { cwd: root, env: { ...inherited, ...env }, stdio: ['ignore', logFile, logFile] });
	child.on('exit', (code, signal) => log(`${name} exited (${signal ?? code})`));
	children.push(child);
	return child;
}

async function waitFor(url, seconds) {
	for (let i = 0; i < seconds * 4; i++) {
		try {
			const response = await fetch(url);
			if (response.status < 500) return;
		} catch {
			// not listening yet
		}
		await sleep(250);
	}
	throw new Error(`${url} did not answer within ${seconds} s`);
}

async function call(method, url, body, headers = {}) {
	const response = await fetch(`${base}${url}`, {
		method,
		headers: { 'content-type': 'application/json', ...headers },
		body: body === undefined ? undefined : JSON.stringify(body),
	});
	const text = await response.text();
	let json;
	try { json = JSON.parse(text); } catch { json = text; }
	return { status: response.status, json, cookie: response.headers.get('set-cookie') };
}

async function setUp() {
	const stateOf = path.join(userFolder, 'demo-state.json');
	if (fs.existsSync(stateOf)) return JSON.parse(fs.readFileSync(stateOf, 'utf8'));
	const setup = await call('POST', '/rest/owner/setup', OWNER);
	if (setup.status !== 200) throw new Error(`owner setup: ${setup.status} ${JSON.stringify(setup.json)}`);
	const login = await call('POST', '/rest/login', { emailOrLdapLoginId: OWNER.email, password: OWNER.password });
	if (login.status !== 200) throw new Error(`login: ${login.status} ${JSON.stringify(login.json)}`);
	const cookie = login.cookie.split(';')[0];
	const scopes = ['workflow:create', 'workflow:read', 'workflow:update', 'workflow:list', 'workflow:activate', 'workflow:deactivate', 'workflow:delete', 'credential:create', 'execution:read', 'execution:list'];
	const key = await call('POST', '/rest/api-keys', { label: 'demo', expiresAt: null, scopes }, { cookie });
	if (key.status !== 200) throw new Error(`api key: ${key.status} ${JSON.stringify(key.json)}`);
	const apiKey = key.json.data.rawApiKey;
	const api = { 'X-N8N-API-KEY': apiKey };
	const data = { baseUrl: `http://127.0.0.1:${SANDBOX_PORT}`, apiKey: SANDBOX_KEY };
	let credential = await call('POST', '/api/v1/credentials', { name: 'ELMA365 sandbox', type: 'elma365Api', data }, api);
	if (credential.status !== 200) {
		credential = await call('POST', '/api/v1/credentials', { name: 'ELMA365 sandbox', type: 'elma365Api', data: { ...data, allowedHttpRequestDomains: 'all' } }, api);
	}
	if (credential.status !== 200) throw new Error(`credential: ${credential.status} ${JSON.stringify(credential.json)}`);
	const credentialId = credential.json.id;
	const sample = JSON.parse(fs.readFileSync(path.join(root, 'e2e', 'workflows', 'sample-case-update.json'), 'utf8'));
	for (const node of sample.nodes) {
		if (node.type.startsWith('n8n-nodes-elma365.')) node.credentials = { elma365Api: { id: credentialId, name: 'ELMA365 sandbox' } };
	}
	const workflow = await call('POST', '/api/v1/workflows', sample, api);
	if (workflow.status !== 200) throw new Error(`sample workflow: ${workflow.status} ${JSON.stringify(workflow.json)}`);
	const state = { n8nUrl: base, sandboxUrl: data.baseUrl, sandboxKey: SANDBOX_KEY, apiKey, cookie, credentialId, sampleWorkflowId: workflow.json.id, owner: OWNER };
	fs.writeFileSync(stateOf, JSON.stringify(state, null, 2));
	return state;
}

async function main() {
	if (e2e) fs.rmSync(userFolder, { recursive: true, force: true });
	fs.mkdirSync(userFolder, { recursive: true });
	prepare();
	log(`starting the sandbox on 127.0.0.1:${SANDBOX_PORT}`);
	startChild('sandbox', process.execPath, ['--disable-warning=MODULE_TYPELESS_PACKAGE_JSON', 'e2e/sandbox.ts', '--port', String(SANDBOX_PORT)], {});
	await waitFor(`http://127.0.0.1:${SANDBOX_PORT}/`, 20);
	log(`starting n8n on ${base}`);
	startChild('n8n', path.join(root, '.e2e', 'n8n', 'node_modules', '.bin', 'n8n'), ['start'], {
		N8N_USER_FOLDER: userFolder,
		N8N_PORT: String(N8N_PORT),
		N8N_LISTEN_ADDRESS: '127.0.0.1',
		N8N_HOST: '127.0.0.1',
		WEBHOOK_URL: `${base}/`,
		N8N_ENCRYPTION_KEY: 'elma365-local-sandbox-encryption-key',
		N8N_DIAGNOSTICS_ENABLED: 'false',
		N8N_VERSION_NOTIFICATIONS_ENABLED: 'false',
		N8N_TEMPLATES_ENABLED: 'false',
		N8N_PERSONALIZATION_ENABLED: 'false',
		N8N_SECURE_COOKIE: 'false',
		N8N_DISABLED_MODULES: 'mcp-registry',
		N8N_RUNNERS_BROKER_PORT: String(BROKER_PORT),
		DB_TYPE: 'sqlite',
	});
	await waitFor(`${base}/healthz/readiness`, 120);
	for (let i = 0; i < 120; i++) {
		if ((await fetch(`${base}/healthz/readiness`)).status === 200) break;
		await sleep(500);
	}
	const state = await setUp();
	if (stateFile) fs.writeFileSync(stateFile, JSON.stringify({ ...state, pid: process.pid }, null, 2));
	console.log(`
n8n with the ELMA365 nodes is running:
  URL:      ${base}
  Login:    ${OWNER.email} / ${OWNER.password}
  Sample:   ${base}/workflow/${state.sampleWorkflowId} (updates a nomenclature case in the sandbox)
  Sandbox:  ${state.sandboxUrl} (credential "ELMA365 sandbox", API key ${SANDBOX_KEY})
Press Ctrl-C to stop n8n and the sandbox.`);
}

main().catch((error) => {
	console.error(`[start] failed: ${error.message}`);
	stopAll();
	process.exit(1);
});
