/**
 * `npm run bench` (after `npm run build`): the package's nodes in n8n's engine against a raw
 * keep-alive HTTP client and n8n's HTTP Request node, all against the platform double on 127.0.0.1.
 *   1. 1,000 case updates, one per input item (Nomenclature node, sequential and with Concurrency 10).
 *   2. Return All of 100,000 application items (App node getAll): wall time and peak memory.
 *   3. Load time of the package's ten nodes (n8n-core PackageDirectoryLoader).
 * Each measurement that reports memory runs in a fresh child process. Loops are bounded.
 * `npm run bench -- --realistic`: over HTTPS with a simulated round trip instead (bench/realistic.mjs).
 * Environment: BENCH_UPDATES (1000), BENCH_ITEMS (100000), BENCH_ROUNDS (3).
 */
import { spawn } from 'node:child_process';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';
import { loadHttpRequestNode, loadPackage, PACKAGE_DIR, runNode } from './engine.mjs';
import { pool, sendJson } from './raw.mjs';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const UPDATES = Number(process.env.BENCH_UPDATES ?? 1000);
const ITEMS = Number(process.env.BENCH_ITEMS ?? 100_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const NOMENCLATURE = 'n8n-nodes-elma365.elma365Nomenclature';
const APP = 'n8n-nodes-elma365.elma365App';

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const ms = (value) => `${value.toFixed(0)} ms`;
const ratio = (a, b) => `${(a / b).toFixed(2)}x`;
const mb = (bytes) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

// ---------------------------------------------------------------- the raw client

const agent = new http.Agent({ keepAlive: true, maxSockets: 10 });

function rawRequest(base, apiKey, method, pathname, body) {
	return sendJson(http, agent, base, apiKey, method, pathname, body);
}

// ---------------------------------------------------------------- 1. case updates

function caseBody(platform, index) {
	return { directoryId: platform.directoryId, docflow: 'input', name: `Renamed ${index}` };
}

function caseInput(platform, count) {
	return Array.from({ length: count }, (_, index) => ({
		json: { id: platform.caseIds[index], ...caseBody(platform, index) },
	}));
}

async function updatesRaw(platform, count, limit) {
	const results = await pool(count, limit, (index) =>
		rawRequest(
			platform.url,
			platform.apiKey,
			'PUT',
			`/pub/v1/nomenclature/${platform.caseIds[index]}`,
			caseBody(platform, index),
		),
	);
	return results.map((data) => ({ json: data.item }));
}

function updatesNode(context, platform, count, concurrency) {
	return runNode({
		loader: context.loader,
		type: NOMENCLATURE,
		credential: { baseUrl: platform.url, apiKey: platform.apiKey },
		parameters: {
			resource: 'case',
			operation: 'update',
			caseId: { __rl: true, mode: 'id', value: '={{ $json.id }}' },
			directoryId: { __rl: true, mode: 'id', value: '={{ $json.directoryId }}' },
			docflow: 'input',
			name: '={{ $json.name }}',
			options: { concurrency },
		},
		input: caseInput(platform, count),
	});
}

/** n8n's HTTP Request node, the hand-built request users write today (it sends every item at once). */
function updatesHttpRequestNode(context, platform, count, batchSize) {
	return runNode({
		loader: context.loader,
		httpRequest: context.httpRequest,
		type: 'n8n-nodes-base.httpRequest',
		typeVersion: 4.2,
		parameters: {
			method: 'PUT',
			url: `=${platform.url}/pub/v1/nomenclature/{{ $json.id }}`,
			sendHeaders: true,
			headerParameters: {
				parameters: [{ name: 'Authorization', value: `Bearer ${platform.apiKey}` }],
			},
			sendBody: true,
			contentType: 'json',
			specifyBody: 'json',
			jsonBody:
				'={{ JSON.stringify({ directoryId: $json.directoryId, docflow: $json.docflow, name: $json.name }) }}',
			options: batchSize ? { batching: { batch: { batchSize, batchInterval: 1 } } } : {},
		},
		input: caseInput(platform, count),
	});
}

async function benchUpdates(platform) {
	const context = { loader: await loadPackage(), httpRequest: loadHttpRequestNode() };
	const contestants = [
		['raw client, keep-alive, sequential', () => updatesRaw(platform, UPDATES, 1)],
		['raw client, keep-alive, 10 in flight', () => updatesRaw(platform, UPDATES, 10)],
		[
			'Nomenclature node, sequential (Concurrency 1)',
			() => updatesNode(context, platform, UPDATES, 1),
		],
		['Nomenclature node, Concurrency 10', () => updatesNode(context, platform, UPDATES, 10)],
	];
	if (context.httpRequest) {
		contestants.push([
			'HTTP Request node (default: all items at once)',
			() => updatesHttpRequestNode(context, platform, UPDATES),
		]);
		contestants.push([
			'HTTP Request node, batch 1 / 1 ms',
			() => updatesHttpRequestNode(context, platform, UPDATES, 1),
		]);
	}
	// Warm-up: JIT, sockets, the loader's first require of each file.
	for (const [, run] of contestants) await run();
	const times = new Map(contestants.map(([name]) => [name, []]));
	for (let round = 0; round < ROUNDS; round++) {
		for (const [name, run] of contestants) {
			const start = performance.now();
			const out = await run();
			times.get(name).push(performance.now() - start);
			if (out.length !== UPDATES)
				throw new Error(`${name}: ${out.length} items out, ${UPDATES} expected`);
		}
	}
	const result = Object.fromEntries([...times].map(([name, values]) => [name, median(values)]));
	return { result, httpRequest: Boolean(context.httpRequest) };
}

// ---------------------------------------------------------------- 2. Return All

async function listRaw(platform, pageSize) {
	const out = [];
	for (let from = 0; ; from += pageSize) {
		const data = await rawRequest(
			platform.url,
			platform.apiKey,
			'POST',
			'/pub/v1/app/bench/items/list',
			{ from, size: pageSize },
		);
		const page = data.result.result;
		for (const item of page) out.push({ json: item });
		if (page.length < pageSize || from + page.length >= data.result.total) break;
	}
	return out;
}

function listNode(platform, loader) {
	return runNode({
		loader,
		type: APP,
		credential: { baseUrl: platform.url, apiKey: platform.apiKey },
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

/** Child process: one Return All, its wall time and memory. */
async function listWorker(platform, which) {
	const loader = which === 'node' ? await loadPackage() : undefined;
	if (global.gc) global.gc();
	const before = process.memoryUsage();
	let peakHeap = before.heapUsed;
	const sampler = setInterval(() => {
		peakHeap = Math.max(peakHeap, process.memoryUsage().heapUsed);
	}, 20);
	const start = performance.now();
	const out =
		which === 'node'
			? await listNode(platform, loader)
			: await listRaw(platform, Number(which.split(':')[1]));
	const wall = performance.now() - start;
	clearInterval(sampler);
	peakHeap = Math.max(peakHeap, process.memoryUsage().heapUsed);
	if (out.length !== platform.items)
		throw new Error(`${which}: ${out.length} items, ${platform.items} expected`);
	return {
		wall,
		peakHeapGrowth: peakHeap - before.heapUsed,
		maxRSS: process.resourceUsage().maxRSS * 1024,
		items: out.length,
	};
}

// ---------------------------------------------------------------- 3. load time

async function loadWorker() {
	const { createRequire } = await import('node:module');
	const require = createRequire(import.meta.url);
	const { PackageDirectoryLoader } = require('n8n-core');
	const start = performance.now();
	const loader = new PackageDirectoryLoader(PACKAGE_DIR);
	await loader.loadAll();
	const ours = performance.now() - start;
	const count = Object.keys(loader.nodeTypes).length;
	let httpRequest;
	try {
		const started = performance.now();
		require('n8n-nodes-base/dist/nodes/HttpRequest/HttpRequest.node.js');
		httpRequest = performance.now() - started;
	} catch {
		httpRequest = undefined;
	}
	return { ours, count, httpRequest };
}

// ---------------------------------------------------------------- orchestration

function child(args, extraEnv = {}) {
	return new Promise((resolve, reject) => {
		const proc = spawn(
			process.execPath,
			['--expose-gc', '--no-warnings', fileURLToPath(import.meta.url), ...args],
			{
				env: { ...process.env, ...extraEnv },
				stdio: ['ignore', 'pipe', 'inherit'],
			},
		);
		let text = '';
		proc.stdout.on('data', (chunk) => (text += chunk));
		proc.on('exit', (code) =>
			code === 0
				? resolve(JSON.parse(text.trim().split('\n').pop()))
				: reject(new Error(`child ${args[0]} exited ${code}`)),
		);
	});
}

async function startDouble(items) {
	const proc = spawn(
		process.execPath,
		['--no-warnings', path.join(HERE, 'platform.mjs'), String(UPDATES), String(items)],
		{
			stdio: ['ignore', 'pipe', 'inherit'],
		},
	);
	const line = await new Promise((resolve, reject) => {
		const lines = readline.createInterface({ input: proc.stdout });
		lines.once('line', resolve);
		proc.once('exit', (code) => reject(new Error(`platform double exited ${code}`)));
	});
	return { platform: JSON.parse(line), stop: () => proc.kill('SIGTERM') };
}

async function main() {
	const [mode, arg] = process.argv.slice(2);
	if (mode === '--realistic') {
		const { runRealistic } = await import('./realistic.mjs');
		await runRealistic();
		process.exit(0);
	}
	if (mode === 'list') {
		const platform = JSON.parse(process.env.BENCH_PLATFORM);
		process.stdout.write(`${JSON.stringify(await listWorker(platform, arg))}\n`);
		process.exit(0);
	}
	if (mode === 'load') {
		process.stdout.write(`${JSON.stringify(await loadWorker())}\n`);
		process.exit(0);
	}

	console.log(`n8n-nodes-elma365 bench — ${new Date().toISOString()}`);
	console.log(
		`machine: ${os.cpus()[0]?.model ?? 'unknown cpu'} x${os.cpus().length}, ${mb(os.totalmem())} RAM, Node ${process.version}, ${os.platform()} ${os.release()}`,
	);
	const { platform, stop } = await startDouble(ITEMS);
	try {
		console.log(
			`\n1. ${UPDATES} case updates (PUT /nomenclature/{id}, one per input item), median of ${ROUNDS} after a warm-up`,
		);
		const { result: updates, httpRequest } = await benchUpdates(platform);
		const rawSeq = updates['raw client, keep-alive, sequential'];
		for (const [name, time] of Object.entries(updates)) {
			console.log(
				`   ${name.padEnd(48)} ${ms(time).padStart(9)}  ${((time * 1000) / UPDATES).toFixed(0).padStart(5)} µs/item  ${ratio(time, rawSeq)} of raw sequential`,
			);
		}
		const nodeSeq = updates['Nomenclature node, sequential (Concurrency 1)'];
		const nodeConc = updates['Nomenclature node, Concurrency 10'];
		console.log(
			`   ratio node sequential / raw sequential:       ${ratio(nodeSeq, rawSeq)} (target <= 1.30x)`,
		);
		console.log(
			`   ratio node Concurrency 10 / raw 10 in flight: ${ratio(nodeConc, updates['raw client, keep-alive, 10 in flight'])}`,
		);
		if (httpRequest) {
			const hr = updates['HTTP Request node (default: all items at once)'];
			console.log(
				`   ratio HTTP Request node / node sequential:    ${ratio(hr, nodeSeq)} (target >= 1.00x)`,
			);
			console.log(
				`   ratio HTTP Request node / node Concurrency 10: ${ratio(hr, nodeConc)} (target >= 3.00x)`,
			);
			console.log(
				`   ratio HTTP Request batch 1 / node sequential: ${ratio(updates['HTTP Request node, batch 1 / 1 ms'], nodeSeq)}`,
			);
		} else {
			console.log('   n8n-nodes-base is not installed: the HTTP Request node was not measured');
		}

		console.log(
			`\n2. Return All of ${ITEMS} application items (POST .../list, from/size), each in a fresh process`,
		);
		const env = { BENCH_PLATFORM: JSON.stringify({ ...platform, caseIds: [] }) };
		const lists = {};
		for (const which of ['raw:100', 'node', 'raw:1000'])
			lists[which] = await child(['list', which], env);
		const label = {
			'raw:100': 'raw client, page size 100',
			node: 'App node getAll, Return All (defaults)',
			'raw:1000': 'raw client, page size 1000',
		};
		for (const [which, r] of Object.entries(lists)) {
			console.log(
				`   ${label[which].padEnd(40)} ${ms(r.wall).padStart(9)}  peak heap growth ${mb(r.peakHeapGrowth).padStart(7)}  max RSS ${mb(r.maxRSS).padStart(7)}`,
			);
		}
		console.log(
			`   ratio node / raw (time, page 100):        ${ratio(lists.node.wall, lists['raw:100'].wall)} (target <= 1.50x)`,
		);
		console.log(
			`   ratio node / raw (peak heap growth):      ${ratio(lists.node.peakHeapGrowth, lists['raw:100'].peakHeapGrowth)}`,
		);
		console.log(
			`   ratio node / raw (max RSS):               ${ratio(lists.node.maxRSS, lists['raw:100'].maxRSS)}`,
		);
		console.log(
			`   ratio raw page 1000 / raw page 100 (time): ${ratio(lists['raw:1000'].wall, lists['raw:100'].wall)}`,
		);
	} finally {
		stop();
	}
	if (ITEMS >= 20_000) {
		console.log('\n   memory growth with output size (App node, fresh process and double each):');
		const growth = [];
		for (const size of [ITEMS / 4, ITEMS / 2, ITEMS]) {
			const double = await startDouble(size);
			try {
				const r = await child(['list', 'node'], {
					BENCH_PLATFORM: JSON.stringify({ ...double.platform, caseIds: [] }),
				});
				growth.push([size, r]);
				console.log(
					`   ${String(size).padStart(7)} items  ${ms(r.wall).padStart(9)}  peak heap growth ${mb(r.peakHeapGrowth).padStart(7)}  (${(r.peakHeapGrowth / size).toFixed(0)} bytes/item)`,
				);
			} finally {
				double.stop();
			}
		}
	}

	console.log(
		'\n3. Node load time: n8n-core PackageDirectoryLoader.loadAll() of the package, fresh process, median of 5',
	);
	const loads = [];
	for (let round = 0; round < 5; round++) loads.push(await child(['load']));
	const ours = median(loads.map((l) => l.ours));
	console.log(
		`   ${loads[0].count} nodes (+ credential): ${ms(ours)}, ${(ours / loads[0].count).toFixed(1)} ms per node`,
	);
	if (loads[0].httpRequest !== undefined) {
		const hr = median(loads.map((l) => l.httpRequest));
		console.log(
			`   n8n's HTTP Request node alone (require of its class): ${ms(hr)}; ratio our ${loads[0].count} nodes / HTTP Request node: ${ratio(ours, hr)}`,
		);
	}
	process.exit(0);
}

main().catch((error) => {
	console.error(error);
	process.exit(1);
});
