/**
 * `npm run bench -- --realistic`: the nodes as users meet a real, remote ELMA365: over HTTPS (a
 * self-signed certificate made by openssl at run time, Ignore SSL Issues on) through a TCP proxy on
 * 127.0.0.1 that delays every chunk by half a round trip each way. For each round trip (RTT) the
 * contestants alternate within each round; the figure is the median of the rounds, and the ratio is
 * to a raw keep-alive HTTPS client making the same requests one after the other. Requests, TCP
 * connections and TLS handshakes of each contestant's last round are counted at the double's side.
 * Environment: BENCH_RTTS ("0,20,50"), BENCH_REAL_UPDATES (200), BENCH_REAL_ITEMS (20000),
 * BENCH_REAL_ROUNDS (3), BENCH_SERVER_MS (0: time the double spends on every request), BENCH_RATE
 * (100: case updates per second the double allows in the rate-limit block, run at the last RTT).
 */
import { spawn } from 'node:child_process';
import https from 'node:https';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';
import { loadHttpRequestNode, loadPackage, runNode } from './engine.mjs';
import { pool, sendJson } from './raw.mjs';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const RTTS = (process.env.BENCH_RTTS ?? '0,20,50').split(',').map(Number);
const UPDATES = Number(process.env.BENCH_REAL_UPDATES ?? 200);
const ITEMS = Number(process.env.BENCH_REAL_ITEMS ?? 20_000);
const ROUNDS = Number(process.env.BENCH_REAL_ROUNDS ?? 3);
const SERVER_MS = Number(process.env.BENCH_SERVER_MS ?? 0);
const RATE = Number(process.env.BENCH_RATE ?? 100);
const NOMENCLATURE = 'n8n-nodes-elma365.elma365Nomenclature';
const APP = 'n8n-nodes-elma365.elma365App';

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

// ---------------------------------------------------------------- the network in between

/** The TLS terminator and delaying proxy (bench/network.mjs) in their own process, so that their CPU is not the contestants'. */
async function startNetwork(upstreamPort, rtt) {
	const proc = spawn(
		process.execPath,
		['--no-warnings', path.join(HERE, 'network.mjs'), String(upstreamPort), String(rtt)],
		{ stdio: ['ignore', 'pipe', 'inherit'] },
	);
	const line = await new Promise((resolve, reject) => {
		readline.createInterface({ input: proc.stdout }).once('line', resolve);
		proc.once('exit', (code) => reject(new Error(`network exited ${code}`)));
	});
	const { port, statsPort } = JSON.parse(line);
	const counts = () => fetch(`http://127.0.0.1:${statsPort}/`).then((r) => r.json());
	return { port, counts, stop: () => proc.kill('SIGTERM') };
}

async function startDouble() {
	const proc = spawn(
		process.execPath,
		[
			'--no-warnings',
			path.join(HERE, 'platform.mjs'),
			String(UPDATES),
			String(ITEMS),
			String(SERVER_MS),
		],
		{
			stdio: ['ignore', 'pipe', 'inherit'],
		},
	);
	const line = await new Promise((resolve, reject) => {
		readline.createInterface({ input: proc.stdout }).once('line', resolve);
		proc.once('exit', (code) => reject(new Error(`platform double exited ${code}`)));
	});
	return { platform: JSON.parse(line), stop: () => proc.kill('SIGTERM') };
}

// ---------------------------------------------------------------- the raw client

/** A raw HTTPS client with one keep-alive agent per contestant run (connections reused across requests). */
function rawClient(base, apiKey, limit) {
	const agent = new https.Agent({ keepAlive: true, maxSockets: limit, rejectUnauthorized: false });
	const request = (method, pathname, body) =>
		sendJson(https, agent, base, apiKey, method, pathname, body);
	return { request, close: () => agent.destroy() };
}

// ---------------------------------------------------------------- contestants

const caseBody = (platform, index) => ({
	directoryId: platform.directoryId,
	docflow: 'input',
	name: `Renamed ${index}`,
});

async function updatesRaw(env, limit) {
	const client = rawClient(env.base, env.platform.apiKey, limit);
	try {
		return await pool(UPDATES, limit, (index) =>
			client.request(
				'PUT',
				`/pub/v1/nomenclature/${env.platform.caseIds[index]}`,
				caseBody(env.platform, index),
			),
		);
	} finally {
		client.close();
	}
}

function updatesNode(env, concurrency, typeVersion = 1.1) {
	return runNode({
		loader: env.loader,
		type: NOMENCLATURE,
		typeVersion,
		credential: env.credential,
		parameters: {
			resource: 'case',
			operation: 'update',
			caseId: { __rl: true, mode: 'id', value: '={{ $json.id }}' },
			directoryId: { __rl: true, mode: 'id', value: '={{ $json.directoryId }}' },
			docflow: 'input',
			name: '={{ $json.name }}',
			...(concurrency === undefined ? {} : { options: { concurrency } }),
		},
		input: Array.from({ length: UPDATES }, (_, index) => ({
			json: { id: env.platform.caseIds[index], ...caseBody(env.platform, index) },
		})),
	});
}

function updatesHttpRequestNode(env) {
	return runNode({
		loader: env.loader,
		httpRequest: env.httpRequest,
		type: 'n8n-nodes-base.httpRequest',
		typeVersion: 4.2,
		parameters: {
			method: 'PUT',
			url: `=${env.base}/pub/v1/nomenclature/{{ $json.id }}`,
			sendHeaders: true,
			headerParameters: {
				parameters: [{ name: 'Authorization', value: `Bearer ${env.platform.apiKey}` }],
			},
			sendBody: true,
			contentType: 'json',
			specifyBody: 'json',
			jsonBody:
				'={{ JSON.stringify({ directoryId: $json.directoryId, docflow: $json.docflow, name: $json.name }) }}',
			options: { allowUnauthorizedCerts: true },
		},
		input: Array.from({ length: UPDATES }, (_, index) => ({
			json: { id: env.platform.caseIds[index], ...caseBody(env.platform, index) },
		})),
	});
}

/** Return All the raw way: the first page, then (once `total` is known) the rest `limit` at a time. */
async function listRaw(env, pageSize, limit) {
	const client = rawClient(env.base, env.platform.apiKey, limit);
	const read = (from) =>
		client
			.request('POST', '/pub/v1/app/bench/items/list', { from, size: pageSize })
			.then((data) => data.result);
	try {
		const first = await read(0);
		const starts = [];
		for (let from = first.result.length; from < first.total; from += pageSize) starts.push(from);
		const pages = await pool(starts.length, limit, (index) => read(starts[index]));
		return [first, ...pages].flatMap((page) => page.result);
	} finally {
		client.close();
	}
}

function listNode(env) {
	return runNode({
		loader: env.loader,
		type: APP,
		credential: env.credential,
		parameters: {
			resource: 'item',
			operation: 'getAll',
			namespace: 'bench',
			application: 'items',
			returnAll: true,
		},
		input: [{ json: {} }],
	});
}

// ---------------------------------------------------------------- the run

async function measure(env, title, count, contestants) {
	const times = new Map(contestants.map(([name]) => [name, []]));
	const counts = new Map();
	for (const [, run] of contestants) await run(); // warm-up: JIT, the loader's first require of each file
	for (let round = 0; round < ROUNDS; round++) {
		for (const [name, run] of contestants) {
			const before = { ...(await env.counts()), requests: await env.requestCount() };
			const start = performance.now();
			const out = await run();
			times.get(name).push(performance.now() - start);
			const requests = (await env.requestCount()) - before.requests;
			const after = await env.counts();
			counts.set(name, { requests, tcp: after.tcp - before.tcp, tls: after.tls - before.tls });
			if (out.length !== count)
				throw new Error(`${name}: ${out.length} results, ${count} expected`);
		}
	}
	const reference = median(times.get(contestants[0][0]));
	console.log(`   ${title}`);
	for (const [name] of contestants) {
		const time = median(times.get(name));
		const c = counts.get(name);
		console.log(
			`     ${name.padEnd(50)} ${`${time.toFixed(0)} ms`.padStart(9)}  ${`${(time / reference).toFixed(2)}x`.padStart(6)}  requests ${String(c.requests).padStart(5)}  TCP ${String(c.tcp).padStart(5)}  TLS ${String(c.tls).padStart(5)}`,
		);
	}
	return Object.fromEntries([...times].map(([name, values]) => [name, median(values)]));
}

/**
 * The platform allows RATE case updates per second (429 with Retry-After above it): the time the
 * limit imposes is UPDATES / RATE seconds; every item must still succeed.
 */
async function rateLimited(env) {
	const setRate = (perSecond) =>
		fetch(new URL('/bench/rate', env.platform.url), {
			method: 'POST',
			headers: { 'content-type': 'application/json' },
			body: JSON.stringify({ perSecond }),
		});
	// Windows are whole seconds: the last of ceil(N / RATE) windows opens (N / RATE rounded up, minus 1) s after the start.
	const imposed = Math.max(1, Math.ceil(UPDATES / RATE) - 1) * 1000;
	console.log(
		`   ${UPDATES} case updates against a platform that answers 429 above ${RATE} per second (the limit imposes at least ${imposed.toFixed(0)} ms), one round`,
	);
	const contestants = [
		['Nomenclature node 1.1, default (Concurrency 1)', () => updatesNode(env)],
		['Nomenclature node 1.2, default (Concurrency 10)', () => updatesNode(env, undefined, 1.2)],
		['Nomenclature node, Concurrency 50', () => updatesNode(env, 50)],
	];
	if (env.httpRequest)
		contestants.push([
			'HTTP Request node (default: all at once)',
			() => updatesHttpRequestNode(env),
		]);
	for (const [name, run] of contestants) {
		await setRate(RATE);
		// Start at a second boundary, so that every contestant meets the same windows.
		await new Promise((resolve) => setTimeout(resolve, 1000 - (Date.now() % 1000)));
		const before = await env.requestCount();
		const start = performance.now();
		let outcome;
		try {
			const out = await run();
			// The HTTP Request node outputs the whole envelope ({success: true, error: ''}); ours the item.
			const failed = (json) =>
				json.success === false || (typeof json.error === 'string' && json.error !== '');
			outcome = `${out.filter((item) => !failed(item.json)).length} of ${UPDATES} succeeded`;
		} catch (error) {
			outcome = `failed: ${String(error.message).slice(0, 60)}`;
		}
		const time = performance.now() - start;
		const requests = (await env.requestCount()) - before;
		console.log(
			`     ${name.padEnd(50)} ${`${time.toFixed(0)} ms`.padStart(9)}  ${`${(time / imposed).toFixed(2)}x`.padStart(6)} of imposed  requests ${String(requests).padStart(5)}  ${outcome}`,
		);
	}
	await setRate(0);
}

export async function runRealistic() {
	console.log(`n8n-nodes-elma365 bench, realistic mode — ${new Date().toISOString()}`);
	console.log(
		`machine: ${os.cpus()[0]?.model ?? 'unknown cpu'} x${os.cpus().length}, load average ${os
			.loadavg()
			.map((l) => l.toFixed(1))
			.join(' ')}, Node ${process.version}`,
	);
	console.log(
		`HTTPS (self-signed, Ignore SSL Issues on) through a delaying TCP proxy; server time ${SERVER_MS} ms; median of ${ROUNDS} rounds after a warm-up; ratios to the first line of each block`,
	);
	const { platform, stop } = await startDouble();
	const loader = await loadPackage();
	const httpRequest = loadHttpRequestNode();
	try {
		for (const rtt of RTTS) {
			const network = await startNetwork(Number(new URL(platform.url).port), rtt);
			const proxy = { port: network.port };
			const base = `https://127.0.0.1:${proxy.port}`;
			const statsUrl = new URL('/bench/stats', platform.url);
			const requestCount = () =>
				fetch(statsUrl)
					.then((r) => r.json())
					.then((data) => data.requests);
			const env = {
				base,
				platform,
				loader,
				httpRequest,
				counts: network.counts,
				requestCount,
				credential: { baseUrl: base, apiKey: platform.apiKey, ignoreSslIssues: true },
			};
			console.log(`\nRTT ${rtt} ms`);
			const updates = [
				['raw keep-alive, sequential', () => updatesRaw(env, 1)],
				['raw keep-alive, 10 in flight', () => updatesRaw(env, 10)],
				['raw keep-alive, 20 in flight', () => updatesRaw(env, 20)],
				['Nomenclature node 1.1, default (Concurrency 1)', () => updatesNode(env)],
				['Nomenclature node 1.2, default (Concurrency 10)', () => updatesNode(env, undefined, 1.2)],
				['Nomenclature node, Concurrency 20', () => updatesNode(env, 20)],
			];
			if (httpRequest)
				updates.push([
					'HTTP Request node (default: all at once)',
					() => updatesHttpRequestNode(env),
				]);
			await measure(
				env,
				`${UPDATES} case updates (PUT /nomenclature/{id}, one per item)`,
				UPDATES,
				updates,
			);
			await measure(env, `Return All of ${ITEMS} app items (POST /app/bench/items/list)`, ITEMS, [
				['raw keep-alive, page 100, sequential', () => listRaw(env, 100, 1)],
				['raw keep-alive, page 1000, 8 in flight', () => listRaw(env, 1000, 8)],
				['raw keep-alive, page 100, 8 in flight', () => listRaw(env, 100, 8)],
				['App node getAll, Return All (defaults)', () => listNode(env)],
			]);
			if (rtt === RTTS[RTTS.length - 1]) await rateLimited(env);
			network.stop();
		}
	} finally {
		stop();
	}
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
	runRealistic().then(
		() => process.exit(0),
		(error) => {
			console.error(error);
			process.exit(1);
		},
	);
}
