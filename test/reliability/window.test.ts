import { faults, newId, ok } from '../harness/index.ts';
import type { RecordedRequest, Reply } from '../harness/index.ts';
import { arrivalGate } from '../harness/inFlight';
import { jsonOf, pairingOf, usePlatform, byId } from '../harness/setup';
import { INITIAL_WINDOW, ADAPTIVE_CEILING } from '../../nodes/shared/limits';
import { harnessClock, useVirtualClock } from '../harness/clock';

/**
 * The congestion window (nodes/shared/flow/congestion.ts) as the Nomenclature node meets it
 * with its defaults on Case > Update: it starts small, doubles while the platform keeps up, and
 * backs off when the platform refuses (429) or answers ever more slowly. Counted at the
 * double (requests in flight, refusals, failed items), never timed.
 */
const t = usePlatform();
useVirtualClock();
const CASE_PATH = /^\/pub\/v1\/nomenclature\/[^/]+$/;

function cases(count: number) {
	const directoryId = newId();
	return Array.from({ length: count }, (_, index) => ({
		json: { id: newId(), name: `Case ${index}`, directoryId },
	}));
}

const caseUpdate = {
	resource: 'case',
	operation: 'update',
	caseId: byId('={{ $json.id }}'),
	directoryId: byId('={{ $json.directoryId }}'),
	docflow: 'input',
	name: '={{ $json.name }}',
};

const caseReply = (request: RecordedRequest): Reply => {
	const id = decodeURIComponent(request.path.split('/').pop()!);
	return ok({ item: { ...(request.body as object), __id: id } });
};

/** The double's side: requests in flight now and at most, requests that arrived before the first answer, refusals. */
function newCounts() {
	return { current: 0, max: 0, beforeFirstAnswer: 0, answered: 0, refused: 0 };
}

/** Each accepted request is held `delay(inFlight)` ms, so that a platform can be made slower under load. */
function platformWith(
	counts: ReturnType<typeof newCounts>,
	delay: (inFlight: number) => number,
	refuseAbove = Infinity,
	gate = 0,
) {
	const arrived = arrivalGate(gate);
	return async (request: RecordedRequest): Promise<Reply> => {
		if (counts.answered === 0) counts.beforeFirstAnswer += 1;
		if (counts.current >= refuseAbove) {
			counts.refused += 1;
			return faults.tooManyRequests('0.05');
		}
		counts.current += 1;
		counts.max = Math.max(counts.max, counts.current);
		await arrived();
		await harnessClock.sleep(delay(counts.current));
		counts.current -= 1;
		counts.answered += 1;
		return caseReply(request);
	};
}

async function runUpdates(input: ReturnType<typeof cases>, options?: Record<string, unknown>) {
	const { items, error } = await t.run({
		nodeType: 'elma365Nomenclature',
		parameters: { ...caseUpdate, ...(options ? { options } : {}) },
		input,
	});
	expect(error).toBeUndefined();
	// Zero failed items: every case updated, in input order, paired.
	expect(jsonOf(items)).toEqual(
		input.map(({ json }) => ({
			directoryId: json.directoryId,
			docflow: 'input',
			name: json.name,
			__id: json.id,
		})),
	);
	expect(pairingOf(items)).toEqual(input.map((_, index) => ({ item: index })));
}

test('slow start: INITIAL_WINDOW requests first, then more, never above the ceiling', async () => {
	const input = cases(200);
	const counts = newCounts();
	// Every answer takes a second, the same for all so that the response times show no congestion;
	// the first round is held until it has all arrived (at most 3 s), so that a busy machine's slow
	// dispatch cannot let an answer come back before it is out.
	t.platform.script(
		'PUT',
		CASE_PATH,
		platformWith(counts, () => 1000, Infinity, INITIAL_WINDOW),
		Infinity,
	);
	await runUpdates(input);
	expect(counts.beforeFirstAnswer).toBe(INITIAL_WINDOW);
	expect(counts.max).toBeGreaterThan(INITIAL_WINDOW);
	expect(counts.max).toBeLessThanOrEqual(ADAPTIVE_CEILING);
	expect(t.platform.requests).toHaveLength(input.length);
});

test('Options > Concurrency is the ceiling: the window never goes above it', async () => {
	const input = cases(60);
	const counts = newCounts();
	t.platform.script(
		'PUT',
		CASE_PATH,
		platformWith(counts, () => 30, Infinity, 6),
		Infinity,
	);
	await runUpdates(input, { concurrency: 6 });
	expect(counts.max).toBe(6);
});

describe('a platform that answers 429 (Retry-After) above 8 requests in flight', () => {
	test.each([undefined, 2, 20, 100])(
		'Concurrency %p: zero failed items, each case updated once',
		async (concurrency) => {
			const input = cases(120);
			const counts = newCounts();
			t.platform.script(
				'PUT',
				CASE_PATH,
				platformWith(counts, () => 20, 8),
				Infinity,
			);
			await runUpdates(input, concurrency === undefined ? undefined : { concurrency });
			expect(counts.answered).toBe(input.length);
			// The window halves on the first refusals instead of hammering the platform: a retry storm
			// at a fixed setting would be refused several times per item.
			expect(counts.refused).toBeLessThan(input.length);
		},
	);
});

test('no request starts while a Retry-After holds the window, not even one whose turn came during the hold', async () => {
	const input = cases(60);
	const holdMs = 1500;
	let refusedAt = 0;
	const arrivals: number[] = [];
	t.platform.script(
		'PUT',
		CASE_PATH,
		async (request: RecordedRequest): Promise<Reply> => {
			const now = harnessClock.now();
			arrivals.push(now);
			if (refusedAt === 0) {
				refusedAt = now;
				return faults.tooManyRequests(String(holdMs / 1000));
			}
			// The rest of the first round answers during the hold, freeing places for the items waiting.
			await harnessClock.sleep(300);
			return caseReply(request);
		},
		Infinity,
	);
	await runUpdates(input);
	const duringHold = arrivals.filter((at) => at >= refusedAt + 300 && at < refusedAt + holdMs);
	expect(duringHold).toEqual([]);
	expect(arrivals).toHaveLength(input.length + 1);
});

/**
 * A platform that shares its capacity among the requests in flight (processor sharing): a request
 * needs `workMs` of work, done at full speed up to `knee` in flight and proportionally slower above
 * it, for every request in flight at each moment, not only the later ones. Worked in slices of SLICE_MS.
 */
function sharingPlatform(counts: ReturnType<typeof newCounts>, knee: number, workMs: number) {
	const SLICE_MS = 10;
	return async (request: RecordedRequest): Promise<Reply> => {
		counts.current += 1;
		counts.max = Math.max(counts.max, counts.current);
		for (let done = 0; done < workMs; ) {
			await harnessClock.sleep(SLICE_MS);
			done += SLICE_MS * Math.min(1, knee / counts.current);
		}
		counts.current -= 1;
		counts.answered += 1;
		return caseReply(request);
	};
}

test('a platform that answers slower as load grows: the window stops growing before its response times double', async () => {
	const input = cases(300);
	const counts = newCounts();
	// 100 ms up to 40 in flight, then proportionally slower: twice as slow at 80. The first round
	// (32) meets no slowdown; the second (up to 64) answers up to 1.6 times slower, which ends the
	// doubling before a third round could double the load again.
	const knee = 40;
	t.platform.script('PUT', CASE_PATH, sharingPlatform(counts, knee, 100), Infinity);
	await runUpdates(input);
	expect(counts.max).toBeGreaterThan(INITIAL_WINDOW);
	expect(counts.max).toBeLessThan(2 * knee);
	expect(counts.answered).toBe(input.length);
});
