import { newId } from '../harness/index.ts';
import type { QuotaCounts, RecordedRequest } from '../harness/index.ts';
import { jsonOf, pairingOf, usePlatform, byId } from '../harness/setup';
import { harnessClock, useVirtualClock } from '../harness/clock';

/**
 * A SaaS Standard company's per-minute quota of web API requests (issue 44; the vendor's help page
 * "SaaS Standard limits"), as the double applies it (test/harness/quota.ts: fixed windows from the
 * first request, refused requests counted, 429 with or without Retry-After): 120 case updates at
 * the Nomenclature node's defaults, Continue On Fail on, against 50 requests per window of a minute
 * (the documented period) and of 3 s (shorter than the probes' longest gap). A quota is waited out,
 * never an item's failure: every item succeeds, each case is updated exactly once, and the run ends
 * within one window of the quota's floor. After the first window (whose refusals are the burst in
 * flight when the first 429 came: on this clock, every request), the run spends at most one refused
 * request a window with Retry-After and at most five without it.
 */
const t = usePlatform();
useVirtualClock();
const ITEMS = 120;
const PER_WINDOW = 50;
/** Refused requests a window may spend after the first, with Retry-After and without it. */
const REFUSALS_AFTER_FIRST_WINDOW = { withRetryAfter: 1, without: 5 };

interface QuotaRun {
	input: Array<{ json: { id: string; name: string; directoryId: string } }>;
	items: Awaited<ReturnType<typeof t.run>>['items'];
	error: unknown;
	requests: RecordedRequest[];
	counts: QuotaCounts;
	seconds: number;
}

async function updateUnderQuota(retryAfter: boolean, windowMs: number): Promise<QuotaRun> {
	const directoryId = newId();
	t.platform.collection('nomenclatureDirectories').set(directoryId, { __id: directoryId });
	const input = Array.from({ length: ITEMS }, (_, index) => {
		const id = newId();
		t.platform
			.collection('nomenclatureCases')
			.set(id, { __id: id, directoryId, docflow: 'internal', name: `Case ${index}` });
		return { json: { id, name: `Case ${index} updated`, directoryId } };
	});
	t.platform.quota({ perWindow: PER_WINDOW, windowMs, retryAfter });
	const started = harnessClock.now();
	const { items, error } = await t.run({
		nodeType: 'elma365Nomenclature',
		parameters: {
			resource: 'case',
			operation: 'update',
			caseId: byId('={{ $json.id }}'),
			directoryId: byId('={{ $json.directoryId }}'),
			docflow: 'input',
			name: '={{ $json.name }}',
		},
		input,
		continueOnFail: true,
	});
	const seconds = (harnessClock.now() - started) / 1000;
	// Taken now: the suite's afterEach forgets the requests and the quota.
	const run = {
		input,
		items,
		error,
		requests: [...t.platform.requests],
		counts: t.platform.quotaCounts()!,
		seconds,
	};
	const failed = jsonOf(items).filter((json) => 'error' in json);
	console.log(
		`${ITEMS} case updates against ${PER_WINDOW} requests per ${windowMs} ms, Retry-After ${retryAfter ? 'on' : 'off'}: ` +
			`${failed.length} failed items in ${seconds.toFixed(1)} s; ${run.requests.length} requests, ` +
			`${run.counts.accepted} accepted, ${run.counts.refused} refused; per window ` +
			run.counts.windows.map((w) => `#${w.index} ${w.accepted}/${w.refused}`).join(', ') +
			(failed.length > 0 ? `; first failure: ${JSON.stringify(failed[0])}` : ''),
	);
	return run;
}

describe.each([
	[60, 'with Retry-After', true],
	[60, 'without Retry-After', false],
	[3, 'with Retry-After', true],
	[3, 'without Retry-After', false],
])(
	`${ITEMS} case updates at defaults against ${PER_WINDOW} requests per %i s, %s`,
	(windowSeconds, _title, retryAfter) => {
		let run: QuotaRun;
		beforeAll(async () => {
			run = await updateUnderQuota(retryAfter, windowSeconds * 1000);
		}, 60_000);

		test('no item fails: each case is updated exactly once, in order and paired', () => {
			expect(run.error).toBeUndefined();
			expect(jsonOf(run.items).filter((json) => 'error' in json)).toEqual([]);
			expect(jsonOf(run.items)).toEqual(
				run.input.map(({ json }) => ({
					directoryId: json.directoryId,
					docflow: 'input',
					name: json.name,
					__id: json.id,
				})),
			);
			expect(pairingOf(run.items)).toEqual(run.input.map((_, index) => ({ item: index })));
			const written = run.requests.filter((r) => r.method === 'PUT' && !r.refused);
			expect(written.map((r) => r.path).sort()).toEqual(
				run.input.map(({ json }) => `/pub/v1/nomenclature/${json.id}`).sort(),
			);
			expect(run.requests.filter((r) => r.method !== 'PUT')).toEqual([]);
			expect(run.counts.accepted).toBe(ITEMS);
		});

		test('the run ends within one window of the quota floor', () => {
			// ITEMS requests need ceil(ITEMS / PER_WINDOW) windows (numbered from 0, from the run's first
			// request); the last accepted one may fall one window later, not more. A run that gave items
			// up ended early: only a run that landed them all is timed.
			expect(run.counts.accepted).toBe(ITEMS);
			const lastAccepted = Math.max(
				...run.counts.windows.filter((w) => w.accepted > 0).map((w) => w.index),
			);
			expect(lastAccepted).toBeLessThanOrEqual(Math.ceil(ITEMS / PER_WINDOW));
		});

		test('after the first window, refused requests stay within the bound', () => {
			const bound = retryAfter
				? REFUSALS_AFTER_FIRST_WINDOW.withRetryAfter
				: REFUSALS_AFTER_FIRST_WINDOW.without;
			const later = run.counts.windows.filter((w) => w.index > 0);
			expect(later.length).toBeGreaterThan(0);
			expect(later.filter((window) => window.refused > bound)).toEqual([]);
		});
	},
);
