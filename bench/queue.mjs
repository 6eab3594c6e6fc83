/**
 * `npm run bench:queue` (not part of CI's pass/fail): case updates through n8n in queue mode
 * (scripts/queue.mjs with its bench ports: Postgres, Redis, a main, workers, the sandbox). Each
 * batch is one execution of a webhook-triggered workflow (Webhook -> Split Out -> ELMA365
 * Nomenclature case update); batches are posted to the main, which enqueues them, and the workers
 * run them. Measured with one worker, then again after a second worker has joined. After each run
 * the sandbox's request log must hold every update exactly once (by its unique case name).
 * Environment: BENCH_QUEUE_UPDATES (10000), BENCH_QUEUE_BATCH (100 updates per execution),
 * BENCH_QUEUE_IN_FLIGHT (8 batches posted at a time). Writes .e2e/bench-queue.json.
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { startStack } from '../scripts/queue.mjs';
import { root, SANDBOX_KEY, stopChildrenOnExit } from '../scripts/start.mjs';

const UPDATES = Number(process.env.BENCH_QUEUE_UPDATES ?? 10_000);
const BATCH = Number(process.env.BENCH_QUEUE_BATCH ?? 100);
const IN_FLIGHT = Number(process.env.BENCH_QUEUE_IN_FLIGHT ?? 8);
const CASES = ['6a000000-0000-4000-8000-0000000000c1', '6b000000-0000-4000-8000-0000000000c2'];
const DIRECTORY = '5b000000-0000-4000-8000-0000000000d2';
const HOOK = 'bench-case-updates';

const say = (message) => console.log(`[bench:queue] ${message}`);

function workflow(credentialId) {
	const node = (name, type, typeVersion, parameters, x, extra = {}) => ({
		id: randomUUID(),
		name,
		type,
		typeVersion,
		parameters,
		position: [x, 0],
		...extra,
	});
	return {
		name: 'bench: case updates per batch',
		nodes: [
			node(
				'Webhook',
				'n8n-nodes-base.webhook',
				2,
				{
					httpMethod: 'POST',
					path: HOOK,
					responseMode: 'lastNode',
					responseData: 'noData',
					options: {},
				},
				0,
				{ webhookId: randomUUID() },
			),
			node(
				'Split Out',
				'n8n-nodes-base.splitOut',
				1,
				{ fieldToSplitOut: 'body.updates', include: 'noOtherFields', options: {} },
				220,
			),
			node(
				'Update case',
				'n8n-nodes-elma365.elma365Nomenclature',
				1,
				{
					resource: 'case',
					operation: 'update',
					caseId: { __rl: true, mode: 'id', value: '={{ $json.caseId }}' },
					directoryId: { __rl: true, mode: 'id', value: DIRECTORY },
					docflow: 'input',
					name: '={{ $json.name }}',
				},
				440,
				{ credentials: { elma365Api: { id: credentialId, name: 'ELMA365 sandbox' } } },
			),
		],
		connections: {
			Webhook: { main: [[{ node: 'Split Out', type: 'main', index: 0 }]] },
			'Split Out': { main: [[{ node: 'Update case', type: 'main', index: 0 }]] },
		},
		settings: { executionOrder: 'v1' },
	};
}

async function api(state, method, url, body) {
	const response = await fetch(`${state.n8nUrl}/api/v1${url}`, {
		method,
		headers: { 'content-type': 'application/json', 'X-N8N-API-KEY': state.apiKey },
		body: body === undefined ? undefined : JSON.stringify(body),
	});
	const json = await response.json();
	if (response.status !== 200)
		throw new Error(`${method} ${url}: ${response.status} ${JSON.stringify(json)}`);
	return json;
}

async function sandbox(state, method, url) {
	const response = await fetch(`${state.sandboxUrl}${url}`, {
		method,
		headers: { authorization: `Bearer ${SANDBOX_KEY}` },
	});
	return await response.json();
}

async function postBatch(state, updates) {
	for (let attempt = 0; ; attempt++) {
		const response = await fetch(`${state.n8nUrl}/webhook/${HOOK}`, {
			method: 'POST',
			headers: { 'content-type': 'application/json' },
			body: JSON.stringify({ updates }),
		});
		await response.arrayBuffer();
		// Right after activation the webhook may not be registered yet.
		if (response.status === 404 && attempt < 40) {
			await new Promise((resolve) => setTimeout(resolve, 250));
			continue;
		}
		if (response.status !== 200) throw new Error(`webhook answered ${response.status}`);
		return;
	}
}

const finishedCount = (worker) =>
	(fs.readFileSync(worker.log, 'utf8').match(/Worker finished execution \d+ /g) ?? []).length;

/** Posts `total` updates in batches, IN_FLIGHT batches at a time; returns the figures and the exactly-once check. */
async function measure(state, label, total) {
	await sandbox(state, 'DELETE', '/__sandbox/requests');
	const before = state.workers.map(finishedCount);
	const batches = [];
	for (let start = 0; start < total; start += BATCH) {
		batches.push(
			Array.from({ length: Math.min(BATCH, total - start) }, (_, i) => ({
				caseId: CASES[(start + i) % 2],
				name: `${label} ${start + i}`,
			})),
		);
	}
	let next = 0;
	const started = performance.now();
	await Promise.all(
		Array.from({ length: IN_FLIGHT }, async () => {
			while (next < batches.length) await postBatch(state, batches[next++]);
		}),
	);
	const seconds = (performance.now() - started) / 1000;

	const { requests } = await sandbox(state, 'GET', '/__sandbox/requests');
	const counts = new Map();
	for (const request of requests) {
		if (request.method !== 'PUT' || !request.path.startsWith('/pub/v1/nomenclature/')) continue;
		counts.set(request.body.name, (counts.get(request.body.name) ?? 0) + 1);
	}
	const expected = batches.flat().map((u) => u.name);
	const missing = expected.filter((name) => !counts.has(name)).length;
	const duplicated = [...counts.values()].filter((n) => n > 1).length;
	const unexpected = [...counts.keys()].filter((name) => !name.startsWith(`${label} `)).length;
	const perWorker = state.workers.map((w, i) => finishedCount(w) - before[i]);
	return {
		updates: total,
		batches: batches.length,
		seconds: Number(seconds.toFixed(1)),
		updatesPerSecond: Math.round(total / seconds),
		requestsAtSandbox: requests.length,
		exactlyOnce: missing === 0 && duplicated === 0 && unexpected === 0 && requests.length === total,
		missing,
		duplicated,
		executionsPerWorker: Object.fromEntries(state.workers.map((w, i) => [w.name, perWorker[i]])),
	};
}

async function main() {
	stopChildrenOnExit();
	say(`${UPDATES} case updates, ${BATCH} per execution, ${IN_FLIGHT} batches in flight`);
	const stack = await startStack({ profile: 'bench', workers: 1 });
	const { state } = stack;
	const results = [];
	try {
		const created = await api(state, 'POST', '/workflows', workflow(state.credentialId));
		await api(state, 'POST', `/workflows/${created.id}/activate`);
		for (const workers of [1, 2]) {
			if (state.workers.length < workers) {
				say('starting a second worker');
				await stack.startWorker();
			}
			await measure(state, `warm-up ${workers}`, BATCH * IN_FLIGHT);
			say(`measuring with ${workers} worker(s)`);
			const result = { workers, ...(await measure(state, `run ${workers}`, UPDATES)) };
			say(JSON.stringify(result));
			results.push(result);
		}
	} finally {
		await stack.stopAll();
	}
	const machine = {
		date: new Date().toISOString().slice(0, 10),
		cpu: `${os.cpus().length} x ${os.cpus()[0]?.model ?? 'unknown'}`,
		memoryGb: Math.round(os.totalmem() / 1024 ** 3),
		os: `${os.type()} ${os.release()}`,
		node: process.version,
	};
	fs.writeFileSync(
		path.join(root, '.e2e', 'bench-queue.json'),
		JSON.stringify(
			{ machine, updates: UPDATES, batch: BATCH, inFlight: IN_FLIGHT, results },
			null,
			2,
		),
	);
	console.log(
		`\nMachine: ${machine.cpu}, ${machine.memoryGb} GB, ${machine.os}, Node ${machine.node}, ${machine.date}`,
	);
	console.log(
		'| workers | updates | executions | time | updates/s | executions per worker | exactly once at the sandbox |',
	);
	console.log('|---|---|---|---|---|---|---|');
	for (const r of results) {
		const spread = Object.entries(r.executionsPerWorker)
			.map(([name, n]) => `${name} ${n}`)
			.join(', ');
		console.log(
			`| ${r.workers} | ${r.updates} | ${r.batches} | ${r.seconds} s | ${r.updatesPerSecond} | ${spread} | ${r.exactlyOnce ? 'yes' : `NO (${r.missing} missing, ${r.duplicated} twice, ${r.requestsAtSandbox} requests)`} |`,
		);
	}
	process.exit(results.every((r) => r.exactlyOnce) ? 0 : 1);
}

main().catch((error) => {
	console.error(`[bench:queue] failed: ${error.stack ?? error.message}`);
	process.exit(1);
});
