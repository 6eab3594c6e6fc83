// `npm start`: builds the package, starts the ELMA365 sandbox (e2e/sandbox.ts) and a real n8n
// (2.41.1, SQLite, 127.0.0.1) with the packed package installed the way a community-node install
// does, an owner, an API key, an ELMA365 credential pointing at the sandbox and the sample workflows
// (SAMPLES). Ctrl-C stops everything.
//
//   node scripts/start.mjs                      interactive (n8n on 5678, sandbox on 8365)
//   node scripts/start.mjs --e2e --state <file> for the e2e tests: fresh user folder, other ports,
//                                               writes URLs, API key and credential id to <file>
// ELMA365_N8N_PORT, ELMA365_SANDBOX_PORT and ELMA365_BROKER_PORT override the ports.
// ELMA365_SANDBOX_QUOTA=<requests per window> puts a SaaS Standard company's quota of web API
// requests on the sandbox (ELMA365_SANDBOX_QUOTA_WINDOW_MS, default 60000;
// ELMA365_SANDBOX_QUOTA_RETRY_AFTER=1, the default, or 0: 429 with or without Retry-After); the
// sandbox reads them from the environment it inherits (e2e/sandbox.ts, docs/development.md).
// Expects Node 24 first on PATH and the dev dependencies installed (scripts/bootstrap.sh).
// scripts/queue.mjs reuses its exported pieces.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export const root = path.resolve(import.meta.dirname, '..');
const args = process.argv.slice(2);
const e2e = args.includes('--e2e');
const stateFile = args.includes('--state')
	? path.resolve(args[args.indexOf('--state') + 1])
	: undefined;
// Another port set, e.g. when several checkouts run their e2e suites on one machine.
const portFrom = (name, fallback) => Number(process.env[name] ?? fallback);
const N8N_PORT = portFrom('ELMA365_N8N_PORT', e2e ? 5778 : 5678);
const SANDBOX_PORT = portFrom('ELMA365_SANDBOX_PORT', e2e ? 8465 : 8365);
const BROKER_PORT = portFrom('ELMA365_BROKER_PORT', e2e ? 5779 : 5679);
export const SANDBOX_KEY = 'sandbox-0000-4000-8000-elma365demo';
export const OWNER = {
	email: 'owner@example.com',
	firstName: 'Demo',
	lastName: 'Owner',
	password: 'Elma365Demo!',
};
/**
 * Where the n8n user folders live: outside the repository, as a real install's ~/.n8n is, so the
 * installed package finds `n8n-workflow` the way it does there (through n8n, which puts its own
 * modules on NODE_PATH), never in this repository's node_modules. One folder per checkout.
 */
export const userFoldersRoot = path.join(
	process.env.XDG_CACHE_HOME || path.join(os.homedir(), '.cache'),
	'n8n-nodes-elma365',
	createHash('sha256').update(root).digest('hex').slice(0, 12),
);
const defaultUserFolder = path.join(userFoldersRoot, e2e ? 'e2e-user' : 'start-user');
const defaultBase = `http://127.0.0.1:${N8N_PORT}`;
/** The sample workflows every start imports (e2e/workflows), each run against the sandbox by e2e/examples.e2e.test.ts. */
export const SAMPLES = [
	'sample-case-update.json',
	'sample-process-start.json',
	'sample-task-complete.json',
	'sample-file-upload-download.json',
];
const children = [];

export const log = (message) => console.log(`[start] ${message}`);
export const run = (command, commandArgs, options = {}) =>
	execFileSync(command, commandArgs, { cwd: root, stdio: 'inherit', ...options });
export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
export const n8nBin = path.join(root, '.e2e', 'n8n', 'node_modules', '.bin', 'n8n');

function stopAll() {
	for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
}

/**
 * playwright-core under .e2e/tools, once: it drives Debian's chromium for the browser check and
 * scripts/screenshot-case-update.mjs; no browser download (scripts ignored). Returns its path.
 */
export function ensurePlaywright() {
	const tools = path.join(root, '.e2e', 'tools');
	const playwright = path.join(tools, 'node_modules', 'playwright-core');
	if (!fs.existsSync(path.join(playwright, 'package.json'))) {
		fs.mkdirSync(tools, { recursive: true });
		run('npm', [
			'install',
			'--prefix',
			tools,
			'--ignore-scripts',
			'--no-audit',
			'--no-fund',
			'--loglevel=error',
			'playwright-core@1.65.1',
		]);
	}
	return playwright;
}

/**
 * Installs n8n once, builds dist/ when it is missing or older than its sources
 * (scripts/build-if-stale.js) and packs it into `packDir`; returns the tarball's path. The pack
 * skips npm's prepack, which would rebuild dist/ under a suite reading it at the same time, and
 * each start has its own `packDir`: CI starts the queue suite's stack beside the single one
 * (.ci/run).
 */
export function buildAndPack(packDir = path.join(root, '.e2e', 'pack')) {
	run('bash', [path.join(root, 'scripts', 'e2e-install.sh')]);
	if (e2e) ensurePlaywright();
	log('building the package where its sources changed, and packing it');
	runShowingStderr(process.execPath, [path.join(root, 'scripts', 'build-if-stale.js')]);
	fs.rmSync(packDir, { recursive: true, force: true });
	fs.mkdirSync(packDir, { recursive: true });
	const [{ filename }] = JSON.parse(
		runShowingStderr('npm', ['pack', '--json', '--ignore-scripts', '--pack-destination', packDir]),
	);
	return path.join(packDir, filename);
}

/** Control sequences of a terminal: colors, cursor moves and erases (CSI), titles (OSC), and the rest. */
const ESCAPES = /\x1b\[[0-?]*[ -\/]*[@-~]|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)|\x1b[@-_]/g;

/** `text` as a file or pipe should hold it: without terminal escape sequences. */
export const withoutEscapes = (text) => text.replace(ESCAPES, '');

/**
 * Runs a command and returns its stdout; its stderr goes to ours. On a terminal as it comes; piped
 * (`npm start > start.log`, `| tee`), the build's spinner (@clack/prompts, in `n8n-node build`)
 * writes a line per step under CI=true, and the cursor and color sequences it writes anyway are
 * dropped.
 */
export function runShowingStderr(command, commandArgs, stderr = process.stderr) {
	if (stderr.isTTY)
		return execFileSync(command, commandArgs, {
			cwd: root,
			encoding: 'utf8',
			stdio: ['ignore', 'pipe', 'inherit'],
		});
	const result = spawnSync(command, commandArgs, {
		cwd: root,
		encoding: 'utf8',
		env: { ...process.env, CI: 'true', NO_COLOR: '1' },
		stdio: ['ignore', 'pipe', 'pipe'],
		maxBuffer: 64 * 1024 * 1024,
	});
	stderr.write(withoutEscapes(result.stderr ?? ''));
	if (result.error) throw result.error;
	if (result.status !== 0)
		throw new Error(`${command} ${commandArgs.join(' ')} exited with ${result.status}`);
	return result.stdout;
}

/**
 * Opens a child's log for writing, the previous start's log kept as `<log>.1` (one generation: each
 * start replaces the one before the last).
 */
export function openLog(logPath) {
	if (fs.existsSync(logPath)) fs.renameSync(logPath, `${logPath}.1`);
	return fs.openSync(logPath, 'w');
}

/** Installs the packed package into <userFolder>/.n8n/nodes as a community-node install does. */
export function installPackage(userFolder, tarball) {
	const nodesDir = path.join(userFolder, '.n8n', 'nodes');
	fs.mkdirSync(nodesDir, { recursive: true });
	if (!fs.existsSync(path.join(nodesDir, 'package.json'))) {
		fs.writeFileSync(
			path.join(nodesDir, 'package.json'),
			JSON.stringify({ name: 'installed-nodes', private: true, dependencies: {} }, null, 2),
		);
	}
	log(`installing ${path.basename(tarball)} into ${nodesDir}`);
	// The README's tarball install, with the npm flags of n8n's community-package installer, inside
	// <user folder>/.n8n/nodes (n8n-workflow is a peer dependency that n8n itself provides).
	run(
		'npm',
		[
			'install',
			'--audit=false',
			'--fund=false',
			'--bin-links=false',
			'--install-strategy=shallow',
			'--ignore-scripts=true',
			'--legacy-peer-deps',
			'--loglevel=error',
			tarball,
		],
		{ cwd: nodesDir },
	);
}

/**
 * Starts a child with its output in <logPath> (the previous start's in <logPath>.1); every child is
 * stopped when this process ends.
 */
export function startChild(
	name,
	command,
	commandArgs,
	env,
	logPath = path.join(root, '.e2e', `${name}${e2e ? '-e2e' : ''}.log`),
	options = {},
) {
	const logFile = openLog(logPath);
	// Under jest (the e2e tests) NODE_ENV is "test", which makes n8n exit at start: drop it.
	const { NODE_ENV: _testEnv, ...inherited } = process.env;
	const child = spawn(command, commandArgs, {
		cwd: root,
		env: { ...inherited, ...env },
		stdio: ['ignore', logFile, logFile],
		...options,
	});
	child.on('exit', (code, signal) => log(`${name} exited (${signal ?? code})`));
	children.push(child);
	return child;
}

export async function waitFor(url, seconds) {
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

async function callN8n(method, url, body, headers = {}, n8nUrl = defaultBase) {
	const response = await fetch(`${n8nUrl}${url}`, {
		method,
		headers: { 'content-type': 'application/json', ...headers },
		body: body === undefined ? undefined : JSON.stringify(body),
	});
	const text = await response.text();
	let json;
	try {
		json = JSON.parse(text);
	} catch {
		json = text;
	}
	return { status: response.status, json, cookie: response.headers.get('set-cookie') };
}

/**
 * n8n's settings shared by every n8n this project starts: isolated, on 127.0.0.1, and quiet. It
 * calls no server of n8n's (telemetry, version and "what's new" notices, templates, banners, the
 * verified community packages list the node panel asks for, license renewal) and sets the values
 * n8n 2.x warns about at start when they are left to their defaults (docs/troubleshooting.md).
 */
export function n8nEnv(userFolder, port, brokerPort) {
	return {
		N8N_USER_FOLDER: userFolder,
		N8N_PORT: String(port),
		N8N_LISTEN_ADDRESS: '127.0.0.1',
		N8N_HOST: '127.0.0.1',
		// WEBHOOK_URL is deprecated in n8n 2.x: N8N_WEBHOOK_URL sets test and production webhooks.
		N8N_WEBHOOK_URL: `http://127.0.0.1:${port}/`,
		N8N_ENCRYPTION_KEY: 'elma365-local-sandbox-encryption-key',
		N8N_SECURE_COOKIE: 'false',
		N8N_DISABLED_MODULES: 'mcp-registry',
		N8N_RUNNERS_BROKER_PORT: String(brokerPort),
		// No outbound call.
		N8N_DIAGNOSTICS_ENABLED: 'false',
		N8N_VERSION_NOTIFICATIONS_ENABLED: 'false',
		N8N_VERSION_NOTIFICATIONS_WHATS_NEW_ENABLED: 'false',
		N8N_TEMPLATES_ENABLED: 'false',
		N8N_PERSONALIZATION_ENABLED: 'false',
		N8N_DYNAMIC_BANNERS_ENABLED: 'false',
		N8N_HIRING_BANNER_ENABLED: 'false',
		N8N_VERIFIED_PACKAGES_ENABLED: 'false',
		N8N_LICENSE_AUTO_RENEW_ENABLED: 'false',
		// Defaults n8n 2.x announces it will change: set explicitly, so the log has no notice.
		N8N_UNVERIFIED_PACKAGES_ENABLED: 'true',
		N8N_RUNNERS_TASK_TIMEOUT: '300',
		N8N_COMPRESSION_NODE_MAX_DECOMPRESSED_SIZE_BYTES: String(256 * 1024 * 1024),
		N8N_COMPRESSION_NODE_MAX_ZIP_ENTRIES: '1000',
	};
}

/** Until n8n's readiness check answers 200. */
export async function waitReady(n8nUrl, seconds = 120) {
	await waitFor(`${n8nUrl}/healthz/readiness`, seconds);
	for (let i = 0; i < seconds * 2; i++) {
		if ((await fetch(`${n8nUrl}/healthz/readiness`)).status === 200) return;
		await sleep(500);
	}
	throw new Error(`${n8nUrl} did not become ready within ${seconds} s`);
}

/**
 * Owner, API key, the ELMA365 credential for the sandbox and the sample workflows, once per user
 * folder (kept in <userFolder>/demo-state.json).
 */
export async function setUp(
	userFolder = defaultUserFolder,
	base = defaultBase,
	sandboxUrl = `http://127.0.0.1:${SANDBOX_PORT}`,
) {
	const call = (method, url, body, headers) => callN8n(method, url, body, headers, base);
	const stateOf = path.join(userFolder, 'demo-state.json');
	if (fs.existsSync(stateOf)) return JSON.parse(fs.readFileSync(stateOf, 'utf8'));
	const setup = await call('POST', '/rest/owner/setup', OWNER);
	if (setup.status !== 200)
		throw new Error(`owner setup: ${setup.status} ${JSON.stringify(setup.json)}`);
	const login = await call('POST', '/rest/login', {
		emailOrLdapLoginId: OWNER.email,
		password: OWNER.password,
	});
	if (login.status !== 200) throw new Error(`login: ${login.status} ${JSON.stringify(login.json)}`);
	const cookie = login.cookie.split(';')[0];
	const scopes = [
		'workflow:create',
		'workflow:read',
		'workflow:update',
		'workflow:list',
		'workflow:activate',
		'workflow:deactivate',
		'workflow:delete',
		'credential:create',
		'execution:read',
		'execution:list',
	];
	const key = await call(
		'POST',
		'/rest/api-keys',
		{ label: 'demo', expiresAt: null, scopes },
		{ cookie },
	);
	if (key.status !== 200) throw new Error(`api key: ${key.status} ${JSON.stringify(key.json)}`);
	const apiKey = key.json.data.rawApiKey;
	const api = { 'X-N8N-API-KEY': apiKey };
	const data = { baseUrl: sandboxUrl, apiKey: SANDBOX_KEY };
	let credential = await call(
		'POST',
		'/api/v1/credentials',
		{ name: 'ELMA365 sandbox', type: 'elma365Api', data },
		api,
	);
	if (credential.status !== 200) {
		credential = await call(
			'POST',
			'/api/v1/credentials',
			{
				name: 'ELMA365 sandbox',
				type: 'elma365Api',
				data: { ...data, allowedHttpRequestDomains: 'all' },
			},
			api,
		);
	}
	if (credential.status !== 200)
		throw new Error(`credential: ${credential.status} ${JSON.stringify(credential.json)}`);
	const credentialId = credential.json.id;
	const sampleWorkflows = {};
	for (const file of SAMPLES) {
		const sample = JSON.parse(fs.readFileSync(path.join(root, 'e2e', 'workflows', file), 'utf8'));
		for (const node of sample.nodes) {
			if (node.type.startsWith('n8n-nodes-elma365.'))
				node.credentials = { elma365Api: { id: credentialId, name: 'ELMA365 sandbox' } };
		}
		const workflow = await call('POST', '/api/v1/workflows', sample, api);
		if (workflow.status !== 200)
			throw new Error(
				`sample workflow ${file}: ${workflow.status} ${JSON.stringify(workflow.json)}`,
			);
		sampleWorkflows[file] = { id: workflow.json.id, name: sample.name };
	}
	const state = {
		n8nUrl: base,
		sandboxUrl: data.baseUrl,
		sandboxKey: SANDBOX_KEY,
		apiKey,
		cookie,
		credentialId,
		sampleWorkflowId: sampleWorkflows['sample-case-update.json'].id,
		sampleWorkflows,
		owner: OWNER,
	};
	fs.writeFileSync(stateOf, JSON.stringify(state, null, 2));
	return state;
}

async function main() {
	const userFolder = defaultUserFolder;
	const base = defaultBase;
	if (e2e) fs.rmSync(userFolder, { recursive: true, force: true });
	fs.mkdirSync(userFolder, { recursive: true });
	const tarball = buildAndPack();
	installPackage(userFolder, tarball);
	log(`starting the sandbox on 127.0.0.1:${SANDBOX_PORT}`);
	if (process.env.ELMA365_SANDBOX_QUOTA?.trim()) {
		const windowMs = process.env.ELMA365_SANDBOX_QUOTA_WINDOW_MS?.trim() || '60000';
		const retryAfter = process.env.ELMA365_SANDBOX_QUOTA_RETRY_AFTER?.trim() !== '0';
		log(
			`the sandbox refuses requests past ${process.env.ELMA365_SANDBOX_QUOTA.trim()} per ${windowMs} ms with 429 ${retryAfter ? 'and' : 'without'} Retry-After (ELMA365_SANDBOX_QUOTA)`,
		);
	}
	startChild(
		'sandbox',
		process.execPath,
		[
			'--disable-warning=MODULE_TYPELESS_PACKAGE_JSON',
			'e2e/sandbox.ts',
			'--port',
			String(SANDBOX_PORT),
		],
		// The connector module's store (its subscriptions) outlives a restart, as on a company: n8n
		// 2.41 does not subscribe again at start (docs/development.md). Deleted with the user folder.
		{ ELMA365_SANDBOX_MODULE_STORAGE: path.join(userFolder, 'sandbox-module-storage.json') },
	);
	await waitFor(`http://127.0.0.1:${SANDBOX_PORT}/`, 20);
	log(`starting n8n on ${base}`);
	startChild('n8n', n8nBin, ['start'], {
		...n8nEnv(userFolder, N8N_PORT, BROKER_PORT),
		DB_TYPE: 'sqlite',
	});
	await waitReady(base);
	const state = await setUp(userFolder, base);
	if (stateFile)
		fs.writeFileSync(
			stateFile,
			JSON.stringify({ ...state, pid: process.pid, userFolder }, null, 2),
		);
	console.log(`
n8n with the ELMA365 nodes is running:
  URL:      ${base}
  Login:    ${OWNER.email} / ${OWNER.password}
  Samples:  (open one and select Execute workflow; each runs against the sandbox)
${Object.values(state.sampleWorkflows ?? {})
	.map(({ id, name }) => `    ${base}/workflow/${id}  ${name}`)
	.join('\n')}
  Sandbox:  ${state.sandboxUrl} (credential "ELMA365 sandbox", API key ${SANDBOX_KEY})
  Data:     ${userFolder} (delete it to start over)
Press Ctrl-C to stop n8n and the sandbox.`);
}

/** Stops every child on Ctrl-C, SIGTERM and exit. */
export function stopChildrenOnExit() {
	process.on('SIGINT', () => {
		stopAll();
		process.exit(130);
	});
	process.on('SIGTERM', () => {
		stopAll();
		process.exit(143);
	});
	process.on('exit', stopAll);
}

if (import.meta.main) {
	stopChildrenOnExit();
	main().catch((error) => {
		console.error(`[start] failed: ${error.message}`);
		stopAll();
		process.exit(1);
	});
}
