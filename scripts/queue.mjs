// n8n in queue mode on one machine, the way n8n documents it for scale: Postgres and Redis from
// the system's packages (Debian: postgresql, redis-server), one main (`n8n start`,
// EXECUTIONS_MODE=queue: editor, webhooks, triggers) and workers (`n8n worker`) that run the
// executions, binary data in the database (the filesystem is not shared between processes), the
// packed package installed into every process's own user folder, and the ELMA365 sandbox.
//
//   node scripts/queue.mjs [--workers 2] [--worker-concurrency N] [--state <file>]   start, write the state file, run until stopped
//
// Logs and databases live under .e2e/queue/, the n8n user folders outside the repository as a real
// install's are (start.mjs, userFoldersRoot); all fresh on every start, on 127.0.0.1 only.
// bench/queue.mjs imports startStack() to vary the number of workers. Expects Node 24 on PATH.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import {
	buildAndPack,
	installPackage,
	log,
	n8nBin,
	n8nEnv,
	root,
	setUp,
	sleep,
	startChild,
	stopChildrenOnExit,
	userFoldersRoot,
	waitFor,
	waitReady,
} from './start.mjs';

/** Ports of one stack; the bench uses its own so it can run beside the e2e suite. */
export const PROFILES = {
	// ELMA365_QUEUE_*_PORT override the e2e ports, e.g. when several checkouts run the suite at once.
	e2e: {
		n8n: Number(process.env.ELMA365_QUEUE_N8N_PORT ?? 5878),
		sandbox: Number(process.env.ELMA365_QUEUE_SANDBOX_PORT ?? 8565),
		redis: Number(process.env.ELMA365_QUEUE_REDIS_PORT ?? 6479),
		postgres: Number(process.env.ELMA365_QUEUE_POSTGRES_PORT ?? 5532),
	},
	bench: { n8n: 5978, sandbox: 8665, redis: 6579, postgres: 5632 },
};

/** The newest PostgreSQL server binaries installed from the system's packages. */
function postgresBin() {
	const base = '/usr/lib/postgresql';
	const versions = fs.existsSync(base)
		? fs.readdirSync(base).filter((v) => fs.existsSync(path.join(base, v, 'bin', 'postgres')))
		: [];
	if (versions.length === 0)
		throw new Error('PostgreSQL not found under /usr/lib/postgresql: apt-get install postgresql');
	return path.join(base, versions.sort((a, b) => Number(b) - Number(a))[0], 'bin');
}

/** Postgres refuses to run as root: as root, its processes run as the system's postgres user. */
function postgresUser() {
	if (process.getuid?.() !== 0) return {};
	const line = fs
		.readFileSync('/etc/passwd', 'utf8')
		.split('\n')
		.find((l) => l.startsWith('postgres:'));
	if (!line) throw new Error('no "postgres" system user (it comes with the postgresql package)');
	const [, , uid, gid] = line.split(':');
	return { uid: Number(uid), gid: Number(gid) };
}

function portOpen(port) {
	return new Promise((resolve) => {
		const socket = net.connect(port, '127.0.0.1', () => {
			socket.end();
			resolve(true);
		});
		socket.on('error', () => resolve(false));
	});
}

async function waitPort(name, port, seconds) {
	for (let i = 0; i < seconds * 4; i++) {
		if (await portOpen(port)) return;
		await sleep(250);
	}
	throw new Error(`${name} did not listen on 127.0.0.1:${port} within ${seconds} s`);
}

async function startPostgres(dir, port) {
	const bin = postgresBin();
	const user = postgresUser();
	// As root, the postgres user must reach its data directory: a checkout under a directory only
	// root may enter (mktemp -d makes one) would refuse it, so the data goes to the system's
	// temporary directory instead, and is removed when PostgreSQL exits.
	const data =
		user.uid === undefined
			? path.join(dir, 'postgres')
			: fs.mkdtempSync(path.join(os.tmpdir(), 'elma365-queue-postgres-'));
	fs.mkdirSync(data, { recursive: true });
	if (user.uid !== undefined) fs.chownSync(data, user.uid, user.gid);
	log(`initialising PostgreSQL (${bin}) in ${data}`);
	execFileSync(
		path.join(bin, 'initdb'),
		['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-locale'],
		{ stdio: 'ignore', ...user },
	);
	// Test data only: no fsync. Unix socket in the data directory (the system's may not be writable).
	const child = startChild(
		'postgres',
		path.join(bin, 'postgres'),
		[
			'-D',
			data,
			'-p',
			String(port),
			'-k',
			data,
			'-c',
			'listen_addresses=127.0.0.1',
			'-c',
			'fsync=off',
			'-c',
			'max_connections=200',
		],
		{},
		path.join(dir, 'postgres.log'),
		user,
	);
	if (user.uid !== undefined)
		child.once('exit', () => fs.rmSync(data, { recursive: true, force: true }));
	await waitPort('PostgreSQL', port, 30);
	for (let i = 0; ; i++) {
		try {
			execFileSync(
				path.join(bin, 'createdb'),
				['-h', '127.0.0.1', '-p', String(port), '-U', 'postgres', 'n8n'],
				{ stdio: 'pipe' },
			);
			break;
		} catch (error) {
			if (i >= 20) throw new Error(`createdb: ${error.stderr}`);
			await sleep(500);
		}
	}
	return child;
}

async function startRedis(dir, port) {
	const data = path.join(dir, 'redis');
	fs.mkdirSync(data, { recursive: true });
	const child = startChild(
		'redis',
		'redis-server',
		[
			'--port',
			String(port),
			'--bind',
			'127.0.0.1',
			'--save',
			'',
			'--appendonly',
			'no',
			'--dir',
			data,
		],
		{},
		path.join(dir, 'redis.log'),
	);
	await waitPort('Redis', port, 20);
	return child;
}

/** Stops a child and waits for it to exit (at most `seconds`). */
export async function stop(child, signal = 'SIGTERM', seconds = 20) {
	if (!child || child.exitCode !== null || child.signalCode !== null) return;
	const exited = new Promise((resolve) => child.once('exit', resolve));
	child.kill(signal);
	await Promise.race([exited, sleep(seconds * 1000)]);
}

/**
 * Starts Postgres, Redis, the sandbox, the main and `workers` workers. Returns the state the tests
 * read (URLs, API key, credential, each process's log) and startWorker/stopAll.
 */
export async function startStack({
	profile = 'e2e',
	workers = 2,
	workerConcurrency,
	dir = path.join(root, '.e2e', 'queue', profile),
} = {}) {
	const ports = PROFILES[profile];
	fs.rmSync(dir, { recursive: true, force: true });
	fs.mkdirSync(dir, { recursive: true });
	const tarball = buildAndPack(path.join(dir, 'pack'));

	const postgres = await startPostgres(dir, ports.postgres);
	const redis = await startRedis(dir, ports.redis);
	const sandboxUrl = `http://127.0.0.1:${ports.sandbox}`;
	const sandbox = startChild(
		'sandbox',
		process.execPath,
		[
			'--disable-warning=MODULE_TYPELESS_PACKAGE_JSON',
			'e2e/sandbox.ts',
			'--port',
			String(ports.sandbox),
		],
		{},
		path.join(dir, 'sandbox.log'),
	);
	await waitFor(`${sandboxUrl}/`, 20);

	const queueEnv = {
		EXECUTIONS_MODE: 'queue',
		QUEUE_BULL_REDIS_HOST: '127.0.0.1',
		QUEUE_BULL_REDIS_PORT: String(ports.redis),
		DB_TYPE: 'postgresdb',
		DB_POSTGRESDB_HOST: '127.0.0.1',
		DB_POSTGRESDB_PORT: String(ports.postgres),
		DB_POSTGRESDB_DATABASE: 'n8n',
		DB_POSTGRESDB_USER: 'postgres',
		DB_POSTGRESDB_PASSWORD: 'unused-trust-auth',
		// What n8n documents for queue mode: binary data where every process can read it.
		N8N_DEFAULT_BINARY_DATA_MODE: 'database',
		OFFLOAD_MANUAL_EXECUTIONS_TO_WORKERS: 'true',
		N8N_LOG_OUTPUT: 'console',
	};
	// Each process has its own user folder with its own install of the package, as separate machines would.
	const userFolders = path.join(userFoldersRoot, 'queue', profile);
	fs.rmSync(userFolders, { recursive: true, force: true });
	const folder = (name) => {
		const userFolder = path.join(userFolders, name);
		installPackage(userFolder, tarball);
		return userFolder;
	};

	const base = `http://127.0.0.1:${ports.n8n}`;
	const mainFolder = folder('main');
	log(`starting the n8n main on ${base} (queue mode)`);
	const mainLog = path.join(dir, 'main.log');
	const main = startChild(
		'main',
		n8nBin,
		['start'],
		{ ...n8nEnv(mainFolder, ports.n8n, ports.n8n + 1), ...queueEnv },
		mainLog,
	);
	await waitReady(base);

	const workerProcesses = [];
	const workerStates = [];
	async function startWorker() {
		const index = workerProcesses.length + 1;
		const name = `worker${index}`;
		const healthPort = ports.n8n + 10 + index;
		const logFile = path.join(dir, `${name}.log`);
		log(`starting n8n ${name} (health on ${healthPort})`);
		const env = {
			...n8nEnv(folder(name), ports.n8n, ports.n8n + 1 + index),
			...queueEnv,
			QUEUE_HEALTH_CHECK_ACTIVE: 'true',
			QUEUE_HEALTH_CHECK_PORT: String(healthPort),
			N8N_WORKER_SERVER_ADDRESS: '127.0.0.1',
		};
		const child = startChild(
			name,
			n8nBin,
			['worker', ...(workerConcurrency ? [`--concurrency=${workerConcurrency}`] : [])],
			env,
			logFile,
		);
		workerProcesses.push(child);
		await waitFor(`http://127.0.0.1:${healthPort}/healthz/readiness`, 120);
		for (let i = 0; i < 240; i++) {
			if (
				(await fetch(`http://127.0.0.1:${healthPort}/healthz/readiness`).catch(() => undefined))
					?.status === 200
			)
				break;
			await sleep(500);
		}
		// Ready means connected; the line below means it takes jobs from the queue.
		for (
			let i = 0;
			i < 240 && !fs.readFileSync(logFile, 'utf8').includes('n8n worker is now ready');
			i++
		)
			await sleep(500);
		const worker = { name, log: logFile, healthUrl: `http://127.0.0.1:${healthPort}` };
		workerStates.push(worker);
		return worker;
	}
	for (let i = 0; i < workers; i++) await startWorker();

	const state = {
		...(await setUp(mainFolder, base, sandboxUrl)),
		mode: 'queue',
		mainLog,
		workers: workerStates,
		dir,
	};

	async function stopAll() {
		await Promise.all([...workerProcesses, main].map((child) => stop(child)));
		await stop(sandbox);
		await stop(redis);
		// SIGINT is PostgreSQL's fast shutdown (SIGTERM would wait for sessions to end).
		await stop(postgres, 'SIGINT');
	}
	return { state, startWorker, stopAll, workerProcesses };
}

if (import.meta.main) {
	stopChildrenOnExit();
	const args = process.argv.slice(2);
	const option = (name, fallback) =>
		args.includes(`--${name}`) ? args[args.indexOf(`--${name}`) + 1] : fallback;
	const stateFile = option('state', undefined);
	try {
		const stack = await startStack({
			workers: Number(option('workers', '2')),
			workerConcurrency: option('worker-concurrency', undefined),
		});
		const shutdown = () => void stack.stopAll().then(() => process.exit(0));
		process.removeAllListeners('SIGTERM');
		process.removeAllListeners('SIGINT');
		process.on('SIGTERM', shutdown);
		process.on('SIGINT', shutdown);
		if (stateFile)
			fs.writeFileSync(
				path.resolve(stateFile),
				JSON.stringify({ ...stack.state, pid: process.pid }, null, 2),
			);
		console.log(
			`n8n in queue mode: ${stack.state.n8nUrl} (${stack.state.workers.length} workers), sandbox ${stack.state.sandboxUrl}. Ctrl-C stops everything.`,
		);
	} catch (error) {
		console.error(`[queue] failed: ${error.stack ?? error.message}`);
		process.exit(1);
	}
}
