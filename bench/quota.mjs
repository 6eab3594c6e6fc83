/**
 * The nodes under a SaaS Standard company's quota (ELMA365 help "SaaS Standard limits",
 * elma365.com/en/help/saas-standard-limits.html: 90 web API requests a minute, +5 per licence).
 * Each run gets its own platform double with the double's quota (test/harness/quota.ts): fixed
 * windows of WINDOW_MS (a minute) from its first request, 429 past QUOTA (50) in a window, refused
 * requests counted too, with `Retry-After` (seconds to the window's end, rounded up) or without.
 * The help documents neither the 429 nor the window's kind: this is one plausible shape.
 *
 * Runs, all at once, with and without Retry-After, Continue On Fail on, at the nodes' defaults:
 * 120 case updates (Nomenclature), 120 item creates (App, Send in One Request), Return All of
 * 20,000 rows (App). Prints, per run: wall time against the quota's floor (ceil(N/Q) - 1 windows),
 * requests, refused requests, failed items, and whether everything landed exactly once.
 * Real minutes: about three in all. `npm run bench:quota`; QUOTA, WINDOW_MS change the quota.
 */
import { createRequire } from 'node:module';
import { newId, startPlatform } from '../test/harness/index.ts';
import { itemsOf } from '../test/harness/routes/app.ts';
import { loadPackage, runNode } from './engine.mjs';

const { FIRST_PROBE_MS } = createRequire(import.meta.url)('../dist/nodes/shared/flow/index.js');

const QUOTA = Number(process.env.QUOTA ?? 50);
const WINDOW_MS = Number(process.env.WINDOW_MS ?? 60_000);
const COUNT = 120;
const ROWS = 20_000;

/** A double whose every route is behind the quota (test/harness/quota.ts). */
async function quotaPlatform(retryAfter) {
	const platform = await startPlatform();
	platform.quota({ perWindow: QUOTA, windowMs: WINDOW_MS, retryAfter });
	return platform;
}

/** How many times each case was written (PUTs the quota let through and the double took). */
function caseWrites(platform) {
	const writes = new Map();
	for (const request of platform.requests)
		if (request.method === 'PUT' && !request.refused)
			writes.set(request.path, (writes.get(request.path) ?? 0) + 1);
	return writes;
}

const locator = (value) => ({ __rl: true, mode: 'id', value });
const byCode = (value) => ({ __rl: true, mode: 'code', value });

const RUNS = {
	'120 case updates (Nomenclature)': (platform) => {
		const directoryId = newId();
		platform
			.collection('nomenclatureDirectories')
			.set(directoryId, { __id: directoryId, name: 'B' });
		const input = Array.from({ length: COUNT }, (_, index) => {
			const id = newId();
			platform
				.collection('nomenclatureCases')
				.set(id, { __id: id, directoryId, docflow: 'input', name: `Case ${index}` });
			return { json: { id, directoryId, name: `Renamed ${index}` } };
		});
		return {
			type: 'n8n-nodes-elma365.elma365Nomenclature',
			parameters: {
				resource: 'case',
				operation: 'update',
				caseId: locator('={{ $json.id }}'),
				directoryId: locator('={{ $json.directoryId }}'),
				docflow: 'input',
				name: '={{ $json.name }}',
			},
			input,
			landed: () => {
				const writes = caseWrites(platform);
				return writes.size === COUNT && [...writes.values()].every((n) => n === 1);
			},
		};
	},
	'120 item creates (App, Send in One Request)': (platform) => ({
		type: 'n8n-nodes-elma365.elma365App',
		parameters: {
			resource: 'item',
			operation: 'create',
			namespace: byCode('bench'),
			application: byCode('created'),
			fieldsInputMode: 'pairs',
			fields: { field: [{ name: '__name', value: '={{ $json.name }}' }] },
		},
		input: Array.from({ length: COUNT }, (_, index) => ({ json: { name: `Item ${index}` } })),
		landed: () => itemsOf(platform, 'app', 'bench', 'created').size === COUNT,
	}),
	[`Return All of ${ROWS} rows (App)`]: (platform) => {
		const rows = itemsOf(platform, 'app', 'bench', 'items');
		for (let index = 0; index < ROWS; index++) {
			const id = newId();
			rows.set(id, { __id: id, __name: `Item ${index}`, __createdAt: '2026-01-01T00:00:00Z' });
		}
		return {
			type: 'n8n-nodes-elma365.elma365App',
			parameters: {
				resource: 'item',
				operation: 'getAll',
				namespace: byCode('bench'),
				application: byCode('items'),
				returnAll: true,
			},
			input: [{ json: {} }],
			landed: (items) => new Set(items.map((item) => item.json.__id)).size === ROWS,
		};
	},
};

/**
 * The first window's refused requests, split: the burst (those that arrived less than the first
 * probe's wait after the first refusal: the node sends nothing new during a hold, so each of them
 * was already in flight when the first 429 came) and the probes after it (one per hold).
 */
function firstWindowRefusals(refused, counts) {
	const first = counts.windows[0];
	if (refused.length === 0 || first === undefined) return { burst: 0, probes: 0 };
	const end = first.startedAt + WINDOW_MS;
	const inFirst = refused.filter((request) => request.at < end);
	const burst = inFirst.filter((request) => request.at < inFirst[0].at + FIRST_PROBE_MS).length;
	return { burst, probes: inFirst.length - burst };
}

async function measure(loader, name, retryAfter) {
	const platform = await quotaPlatform(retryAfter);
	const run = RUNS[name](platform);
	const started = Date.now();
	const items = await runNode({
		loader,
		type: run.type,
		parameters: run.parameters,
		input: run.input,
		credential: { baseUrl: platform.url, apiKey: platform.apiKey },
		onError: 'continueRegularOutput',
	});
	const ms = Date.now() - started;
	const counts = platform.quotaCounts();
	const firstWindow = firstWindowRefusals(platform.refused, counts);
	const landedOnce = run.landed(items);
	await platform.close();
	const failed = items.filter((item) => item.json.error !== undefined).length;
	const floorMs = (Math.ceil(counts.accepted / QUOTA) - 1) * WINDOW_MS;
	return {
		name,
		retryAfter,
		seconds: Math.round(ms / 100) / 10,
		floorSeconds: Math.max(0, floorMs / 1000),
		withinOneWindowOfFloor: ms <= floorMs + WINDOW_MS,
		requests: counts.accepted + counts.refused,
		refused: counts.refused,
		refusedPerWindow: counts.windows.map((w) => w.refused),
		firstWindow,
		failed,
		landedOnce,
	};
}

const loader = await loadPackage();
console.log(
	`quota ${QUOTA} per ${WINDOW_MS / 1000} s window, fixed windows from the first request`,
);
const results = await Promise.all(
	Object.keys(RUNS).flatMap((name) => [true, false].map((ra) => measure(loader, name, ra))),
);
for (const r of results) console.log(JSON.stringify(r));
process.exit(0);
