/**
 * `npm run bench -- --realistic`: the nodes as users meet a real, remote ELMA365: over HTTPS (a
 * self-signed certificate made by openssl at run time, Ignore SSL Issues on) through a TCP proxy on
 * 127.0.0.1 that delays every chunk by half a round trip each way. For each round trip (RTT) the
 * contestants alternate within each round; the figure is the median of the rounds, and the ratio is
 * to the first line of each block. Requests (per operation and per 1,000 items), refused requests
 * (429), TCP connections and TLS handshakes of each contestant's last round are counted at the
 * double's side. Blocks: case updates, Return All (with the floor of any client that opens a
 * connection per request, as n8n's helper does), App item creates (one request per item and the
 * batch save) and a picker list (the user picker opened with a search text).
 * At the last RTT three blocks follow, one round each, every contestant with Continue On Fail so
 * that failed items are counted: a platform that allows BENCH_RATE case updates per second, one
 * that answers 429 (Retry-After) above BENCH_LIMIT updates in flight (each held BENCH_HOLD_MS),
 * and one that answers slower as load grows (BENCH_SLOW_MS up to BENCH_SLOW_PER in flight, then
 * proportionally more: twice as slow at twice that).
 * Environment: BENCH_RTTS ("0,20,50"), BENCH_REAL_UPDATES (200), BENCH_REAL_ITEMS (20000),
 * BENCH_REAL_CREATES (1000), BENCH_BLOCKS (updates,lists,creates,picker,rate,inflight,slowing), BENCH_SKIP (a regular expression of contestants to leave out), BENCH_REAL_ROUNDS (3), BENCH_SERVER_MS (0: time the double spends on every request), BENCH_RATE
 * (100), BENCH_LIMIT (20), BENCH_HOLD_MS (100), BENCH_SLOW_MS (100), BENCH_SLOW_PER (32: above the window's first 32 in flight).
 */
import { spawn } from 'node:child_process';
import https from 'node:https';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';
import { loadHttpRequestNode, loadPackage, runNode, searchNode } from './engine.mjs';
import { pool, sendJson } from './raw.mjs';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const RTTS = (process.env.BENCH_RTTS ?? '0,20,50').split(',').map(Number);
const UPDATES = Number(process.env.BENCH_REAL_UPDATES ?? 200);
const ITEMS = Number(process.env.BENCH_REAL_ITEMS ?? 20_000);
const CREATES = Number(process.env.BENCH_REAL_CREATES ?? 1000);
const ROUNDS = Number(process.env.BENCH_REAL_ROUNDS ?? 3);
const SERVER_MS = Number(process.env.BENCH_SERVER_MS ?? 0);
const RATE = Number(process.env.BENCH_RATE ?? 100);
const LIMIT = Number(process.env.BENCH_LIMIT ?? 20);
const HOLD_MS = Number(process.env.BENCH_HOLD_MS ?? 100);
const SLOW_MS = Number(process.env.BENCH_SLOW_MS ?? 100);
const SLOW_PER = Number(process.env.BENCH_SLOW_PER ?? 32);
/** Contestants whose name matches are left out (a quicker run while tuning), e.g. "sequential|Concurrency 1\\b". */
const SKIP = process.env.BENCH_SKIP ? new RegExp(process.env.BENCH_SKIP) : undefined;
const BLOCKS = new Set(
	(process.env.BENCH_BLOCKS ?? 'updates,lists,creates,picker,rate,inflight,slowing').split(','),
);
/** Continue On Fail: failed items become error items, counted instead of failing the run. */
const CONTINUE = 'continueRegularOutput';
const NOMENCLATURE = 'n8n-nodes-elma365.elma365Nomenclature';
const APP = 'n8n-nodes-elma365.elma365App';
const TASK = 'n8n-nodes-elma365.elma365Task';
/** The application the creates go to (the double keeps no scheme for it, so any field is taken). */
const CREATE_APP = { namespace: 'bench', code: 'created' };
/** The search text of the picker block: `User 7`, `User 70`..`User 79`, `User 700`..`User 799` of the double's 1,000 users. */
const PICKER_SEARCH = 'user 7';

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

function updatesNode(env, concurrency, onError = undefined) {
	return runNode({
		loader: env.loader,
		type: NOMENCLATURE,
		onError,
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

function updatesHttpRequestNode(env, onError = undefined) {
	return runNode({
		loader: env.loader,
		httpRequest: env.httpRequest,
		onError,
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

/**
 * The floor of any node's Return All: n8n's request helper opens a connection per request, so the
 * fastest a node could read ITEMS rows is both pages of 10,000 at once, each on a new connection
 * (knowing the total beforehand, which a node does not).
 */
async function listFreshConnections(env, pageSize) {
	const read = async (from) => {
		const agent = new https.Agent({ keepAlive: false, rejectUnauthorized: false });
		const data = await sendJson(
			https,
			agent,
			env.base,
			env.platform.apiKey,
			'POST',
			'/pub/v1/app/bench/items/list',
			{ from, size: pageSize },
		);
		return data.result.result;
	};
	const starts = Array.from(
		{ length: Math.ceil(ITEMS / pageSize) },
		(_, index) => index * pageSize,
	);
	return (await Promise.all(starts.map(read))).flat();
}

function listNode(env) {
	return runNode({
		loader: env.loader,
		type: APP,
		credential: env.credential,
		parameters: {
			resource: 'item',
			operation: 'getAll',
			namespace: { __rl: true, mode: 'code', value: 'bench' },
			application: { __rl: true, mode: 'code', value: 'items' },
			returnAll: true,
		},
		input: [{ json: {} }],
	});
}

/** App item creates the raw way: one POST .../create per item, `limit` in flight. */
async function createsRaw(env, limit) {
	const client = rawClient(env.base, env.platform.apiKey, limit);
	try {
		return await pool(CREATES, limit, (index) =>
			client.request('POST', `/pub/v1/app/${CREATE_APP.namespace}/${CREATE_APP.code}/create`, {
				context: { __name: `Created ${index}` },
			}),
		);
	} finally {
		client.close();
	}
}

/** App item creates the raw way through the batch save: batches of `batchSize`, one after the other. */
async function createsRawBatch(env, batchSize) {
	const client = rawClient(env.base, env.platform.apiKey, 1);
	try {
		const out = [];
		for (let start = 0; start < CREATES; start += batchSize) {
			const items = [];
			for (let index = start; index < Math.min(CREATES, start + batchSize); index++)
				items.push({
					...CREATE_APP,
					context: { __name: `Created ${index}`, __id: `$ref/${index}` },
				});
			const data = await client.request('POST', '/pub/v1/app/items/batch', {
				items,
				withEventHandlers: true,
			});
			// The answer maps each `$ref/<n>` to the new item's __id.
			for (const id of Object.values(data.pseudoIDsMap ?? {})) out.push({ __id: id });
		}
		return out;
	} finally {
		client.close();
	}
}

/** App > Item > Create of CREATES input items; `inOneRequest` is Send in One Request (on by default). */
function createsNode(env, inOneRequest, concurrency) {
	return runNode({
		loader: env.loader,
		type: APP,
		credential: env.credential,
		parameters: {
			resource: 'item',
			operation: 'create',
			namespace: { __rl: true, mode: 'id', value: CREATE_APP.namespace },
			application: { __rl: true, mode: 'id', value: CREATE_APP.code },
			fieldsInputMode: 'pairs',
			fields: { field: [{ name: '__name', value: '={{ $json.name }}' }] },
			...(inOneRequest ? {} : { sendInOneRequest: false }),
			...(concurrency === undefined ? {} : { options: { concurrency } }),
		},
		input: Array.from({ length: CREATES }, (_, index) => ({ json: { name: `Created ${index}` } })),
	});
}

/** The user picker opened with PICKER_SEARCH (what the editor asks when the list is opened and typed in). */
async function pickerNode(env) {
	const found = await searchNode({
		loader: env.loader,
		type: TASK,
		credential: env.credential,
		parameters: { resource: 'task', operation: 'getAll' },
		method: 'searchUsers',
		filter: PICKER_SEARCH,
	});
	if (found.results.length !== 111) throw new Error(`picker: ${found.results.length} users shown`);
	return [found];
}

/** The same list the raw way: one POST /user/list with the name filter. */
async function pickerRaw(env) {
	const client = rawClient(env.base, env.platform.apiKey, 1);
	try {
		return [
			await client.request('POST', '/pub/v1/user/list', {
				filter: { tf: { __name: PICKER_SEARCH } },
				from: 0,
				size: 1000,
			}),
		];
	} finally {
		client.close();
	}
}

// ---------------------------------------------------------------- the run

/** Runs each contestant ROUNDS times (after a warm-up) and prints its median time and what the double saw; `count` is the results each must give (items, or 1 for a picker: no per-1,000 figure). */
async function measure(env, title, count, allContestants) {
	const contestants = allContestants.filter(([name]) => !SKIP?.test(name));
	const times = new Map(contestants.map(([name]) => [name, []]));
	const counts = new Map();
	for (const [, run] of contestants) await run(); // warm-up: JIT, the loader's first require of each file
	for (let round = 0; round < ROUNDS; round++) {
		for (const [name, run] of contestants) {
			const before = { ...(await env.counts()), ...(await env.requestStats()) };
			const start = performance.now();
			const out = await run();
			times.get(name).push(performance.now() - start);
			const served = await env.requestStats();
			const after = await env.counts();
			counts.set(name, {
				requests: served.requests - before.requests,
				refused: served.refused - before.refused,
				tcp: after.tcp - before.tcp,
				tls: after.tls - before.tls,
			});
			if (out.length !== count)
				throw new Error(`${name}: ${out.length} results, ${count} expected`);
		}
	}
	const reference = median(times.get(contestants[0][0]));
	console.log(`   ${title}`);
	for (const [name] of contestants) {
		const time = median(times.get(name));
		const c = counts.get(name);
		const perThousand = (c.requests * 1000) / count;
		const perItems =
			count > 1 ? ` (${perThousand.toFixed(perThousand < 10 ? 1 : 0)} per 1,000 items)` : '';
		console.log(
			`     ${name.padEnd(50)} ${`${time.toFixed(0)} ms`.padStart(9)}  ${`${(time / reference).toFixed(2)}x`.padStart(6)}  requests ${String(c.requests).padStart(5)} ${perItems}${c.refused > 0 ? `  refused (429) ${c.refused}` : ''}  TCP ${String(c.tcp).padStart(5)}  TLS ${String(c.tls).padStart(5)}`,
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
	const contestants = throttledContestants(env);
	for (const [name, run] of contestants) {
		await setRate(RATE);
		// Start at a second boundary, so that every contestant meets the same windows.
		await new Promise((resolve) => setTimeout(resolve, 1000 - (Date.now() % 1000)));
		const before = await env.requestStats();
		const start = performance.now();
		const outcome = await outcomeOf(run);
		const time = performance.now() - start;
		const after = await env.requestStats();
		const requests = after.requests - before.requests;
		console.log(
			`     ${name.padEnd(50)} ${`${time.toFixed(0)} ms`.padStart(9)}  ${`${(time / imposed).toFixed(2)}x`.padStart(6)} of imposed  requests ${String(requests).padStart(5)} (${((requests * 1000) / UPDATES).toFixed(0)} per 1,000 items)  refused (429) ${String(after.refused - before.refused).padStart(4)}  ${outcome}`,
		);
	}
	await setRate(0);
}

/** The contestants of the throttling blocks, each with Continue On Fail so that failed items are counted. */
function throttledContestants(env) {
	const contestants = [
		['Nomenclature node, Concurrency 10', () => updatesNode(env, 10, CONTINUE)],
		['Nomenclature node, default (adaptive)', () => updatesNode(env, undefined, CONTINUE)],
		['Nomenclature node, Concurrency 100', () => updatesNode(env, 100, CONTINUE)],
	];
	if (env.httpRequest)
		contestants.push([
			'HTTP Request node (default: all at once)',
			() => updatesHttpRequestNode(env, CONTINUE),
		]);
	return contestants.filter(([name]) => !SKIP?.test(name));
}

/** How many items of a run succeeded and failed (an error item is a failure), or why the run failed. */
async function outcomeOf(run) {
	try {
		const out = await run();
		// The HTTP Request node outputs the whole envelope ({success: true, error: ''}); ours the item.
		// Its error items carry an `error` object or message, ours a message.
		const failed = (json) =>
			json.success === false ||
			(json.error !== undefined && json.error !== null && json.error !== '');
		const failures = out.filter((item) => failed(item.json)).length;
		return `${out.length - failures} of ${UPDATES} succeeded, ${failures} failed`;
	} catch (error) {
		return `run failed: ${String(error.message).slice(0, 60)}`;
	}
}

/** POST /bench/load on the double (see bench/platform.mjs); GET answers what the last run met. */
async function setLoad(env, shape) {
	await fetch(new URL('/bench/load', env.platform.url), {
		method: 'POST',
		headers: { 'content-type': 'application/json' },
		body: JSON.stringify(shape),
	});
}
const loadMet = (env) =>
	fetch(new URL('/bench/load', env.platform.url))
		.then((r) => r.json())
		.then((data) => data.result ?? data);

/**
 * The platform answers 429 (Retry-After HOLD_MS) above LIMIT case updates in flight, each held
 * HOLD_MS: the limit itself imposes UPDATES / LIMIT x HOLD_MS; every item must still succeed.
 */
async function inFlightLimited(env) {
	const imposed = Math.ceil(UPDATES / LIMIT) * HOLD_MS;
	console.log(
		`   ${UPDATES} case updates against a platform that answers 429 above ${LIMIT} in flight, each held ${HOLD_MS} ms (the limit imposes at least ${imposed} ms), one round, Continue On Fail`,
	);
	for (const [name, run] of throttledContestants(env)) {
		await setLoad(env, { limit: LIMIT, holdMs: HOLD_MS });
		const start = performance.now();
		const outcome = await outcomeOf(run);
		const time = performance.now() - start;
		const met = await loadMet(env);
		console.log(
			`     ${name.padEnd(50)} ${`${time.toFixed(0)} ms`.padStart(9)}  ${`${(time / imposed).toFixed(2)}x`.padStart(6)} of imposed  peak ${String(met.peak).padStart(3)} in flight  429s ${String(met.refused).padStart(5)}  ${outcome}`,
		);
	}
	await setLoad(env, {});
}

/**
 * The platform answers slower as load grows: SLOW_MS up to SLOW_PER case updates in flight, then
 * proportionally more (twice as slow at 2 x SLOW_PER). The peak in flight shows where the window
 * stopped growing, the longest hold how much slower the platform answered by then.
 */
async function slowingPlatform(env) {
	console.log(
		`   ${UPDATES} case updates against a platform that holds each ${SLOW_MS} ms up to ${SLOW_PER} in flight and proportionally longer above (twice at ${2 * SLOW_PER}), one round`,
	);
	const contestants = [
		['Nomenclature node, default (adaptive)', () => updatesNode(env, undefined, CONTINUE)],
		['Nomenclature node, Concurrency 10', () => updatesNode(env, 10, CONTINUE)],
	];
	if (env.httpRequest)
		contestants.push([
			'HTTP Request node (default: all at once)',
			() => updatesHttpRequestNode(env, CONTINUE),
		]);
	for (const [name, run] of contestants.filter(([name]) => !SKIP?.test(name))) {
		await setLoad(env, { slowBaseMs: SLOW_MS, slowPer: SLOW_PER });
		const start = performance.now();
		const outcome = await outcomeOf(run);
		const time = performance.now() - start;
		const met = await loadMet(env);
		console.log(
			`     ${name.padEnd(50)} ${`${time.toFixed(0)} ms`.padStart(9)}  peak ${String(met.peak).padStart(3)} in flight  longest hold ${`${met.longestHoldMs.toFixed(0)} ms`.padStart(8)} (${(met.longestHoldMs / SLOW_MS).toFixed(2)}x)  ${outcome}`,
		);
	}
	await setLoad(env, {});
}

/** One line per target of the block: `name` over `reference`, met when at most `bound`. */
function target(times, name, reference, bound) {
	if (times[name] === undefined || times[reference] === undefined) return;
	const ratio = times[name] / times[reference];
	console.log(
		`     target: ${name} / ${reference} = ${ratio.toFixed(2)}x (at most ${bound.toFixed(1)}x: ${ratio <= bound ? 'met' : 'missed'})`,
	);
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
	let network;
	try {
		for (const rtt of RTTS) {
			network = await startNetwork(Number(new URL(platform.url).port), rtt);
			const proxy = { port: network.port };
			const base = `https://127.0.0.1:${proxy.port}`;
			const statsUrl = new URL('/bench/stats', platform.url);
			const requestStats = () =>
				fetch(statsUrl)
					.then((r) => r.json())
					.then((data) => ({ requests: data.requests, refused: data.refused }));
			const env = {
				base,
				platform,
				loader,
				httpRequest,
				counts: network.counts,
				requestStats,
				credential: { baseUrl: base, apiKey: platform.apiKey, ignoreSslIssues: true },
			};
			console.log(`\nRTT ${rtt} ms`);
			const updates = [
				['raw keep-alive, sequential', () => updatesRaw(env, 1)],
				['raw keep-alive, 10 in flight', () => updatesRaw(env, 10)],
				['raw keep-alive, 20 in flight', () => updatesRaw(env, 20)],
				['Nomenclature node, Concurrency 1', () => updatesNode(env, 1)],
				['Nomenclature node, Concurrency 10', () => updatesNode(env, 10)],
				['Nomenclature node, Concurrency 20', () => updatesNode(env, 20)],
				['Nomenclature node, default (adaptive)', () => updatesNode(env)],
				['Nomenclature node, Concurrency 100', () => updatesNode(env, 100)],
			];
			if (httpRequest)
				updates.push([
					'HTTP Request node (default: all at once)',
					() => updatesHttpRequestNode(env),
				]);
			if (BLOCKS.has('updates')) await updatesBlock(env, updates);
			if (BLOCKS.has('lists')) await listsBlock(env);
			if (BLOCKS.has('creates')) await createsBlock(env);
			if (BLOCKS.has('picker')) await pickerBlock(env);
			if (rtt === RTTS[RTTS.length - 1]) {
				if (BLOCKS.has('rate')) await rateLimited(env);
				if (BLOCKS.has('inflight')) await inFlightLimited(env);
				if (BLOCKS.has('slowing')) await slowingPlatform(env);
			}
			network.stop();
			network = undefined;
		}
	} finally {
		network?.stop();
		stop();
	}
}

async function updatesBlock(env, updates) {
	const updateTimes = await measure(
		env,
		`${UPDATES} case updates (PUT /nomenclature/{id}, one per item)`,
		UPDATES,
		updates,
	);
	if (env.httpRequest)
		target(
			updateTimes,
			'Nomenclature node, default (adaptive)',
			'HTTP Request node (default: all at once)',
			1,
		);
}

async function listsBlock(env) {
	const listTimes = await measure(
		env,
		`Return All of ${ITEMS} app items (POST /app/bench/items/list)`,
		ITEMS,
		[
			['raw keep-alive, page 100, sequential', () => listRaw(env, 100, 1)],
			['raw keep-alive, page 1000, 8 in flight', () => listRaw(env, 1000, 8)],
			['raw keep-alive, page 1000, 16 in flight', () => listRaw(env, 1000, 16)],
			['raw keep-alive, page 1000, all at once', () => listRaw(env, 1000, ITEMS)],
			['raw keep-alive, page 100, 8 in flight', () => listRaw(env, 100, 8)],
			['raw keep-alive, page 10000, all at once', () => listRaw(env, 10_000, ITEMS)],
			['floor: pages of 10000 at once, a connection each', () => listFreshConnections(env, 10_000)],
			['App node getAll, Return All (defaults)', () => listNode(env)],
		],
	);
	const fastestRaw = Object.keys(listTimes)
		.filter((name) => name.startsWith('raw'))
		.reduce(
			(best, name) => (best === undefined || listTimes[name] < listTimes[best] ? name : best),
			undefined,
		);
	target(listTimes, 'App node getAll, Return All (defaults)', fastestRaw, 1);
}

async function createsBlock(env) {
	await measure(
		env,
		`${CREATES} App item creates (POST /app/{ns}/{code}/create per item, or POST /app/items/batch)`,
		CREATES,
		[
			['raw keep-alive, one create per item, 10 in flight', () => createsRaw(env, 10)],
			['raw keep-alive, batches of 100, sequential', () => createsRawBatch(env, 100)],
			['App node, Send in One Request off, Concurrency 10', () => createsNode(env, false, 10)],
			['App node, default (Send in One Request, batch 100)', () => createsNode(env, true)],
		],
	);
}

async function pickerBlock(env) {
	await measure(
		env,
		`User picker opened with the search text "${PICKER_SEARCH}" (1,000 users)`,
		1,
		[
			['raw keep-alive, one POST /user/list', () => pickerRaw(env)],
			['Task node, User picker (searchUsers)', () => pickerNode(env)],
		],
	);
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
