import { faults, newId, ok } from '../harness/index.ts';
import { arrivalGate } from '../harness/inFlight';
import type { RecordedRequest, Reply } from '../harness/index.ts';
import { jsonOf, usePlatform } from '../harness/setup';
import { INITIAL_PAGES_IN_FLIGHT, PAGES_IN_FLIGHT } from '../../nodes/shared/lists/pager';
import { harnessClock, useVirtualClock } from '../harness/clock';

/**
 * The pages after the first go through a congestion window of their own (nodes/shared/lists/pager.ts):
 * it starts at INITIAL_PAGES_IN_FLIGHT, grows up to PAGES_IN_FLIGHT while the platform keeps up,
 * and backs off on 429; the output stays in list order with every row once. Counted at the double,
 * a platform that caps pages at 100 (where a list has the most pages: one of 10,000 rows takes 100).
 */
const t = usePlatform();
useVirtualClock();
const PATH = '/pub/v1/nomenclature/directory';
const list = {
	nodeType: 'elma365Nomenclature',
	parameters: { resource: 'directory', operation: 'getAll', returnAll: true },
};

function makeItems(count: number) {
	return Array.from({ length: count }, (_, i) => ({ __id: newId(), name: `D${i}` }));
}

/** The largest page the double gives. */
const CAP = 100;

/**
 * Serves `items` honestly, at most CAP a page, each page held `delayMs`; 429 (Retry-After) above
 * `refuseAbove` in flight. With `firstRound`, the requests that arrive once two pages are answered
 * are held until that many have arrived (at most 3 s), so that a slow machine's dispatch cannot
 * let an answer come back before the window's first round is out.
 */
function serve(
	items: Array<Record<string, unknown>>,
	delayMs: number,
	refuseAbove = Infinity,
	firstRound = 0,
) {
	const gate = arrivalGate(firstRound);
	const counts = {
		current: 0,
		max: 0,
		/** For each request, in arrival order: how many pages had been answered when it arrived. */
		answeredAtArrival: [] as number[],
		answered: 0,
		refused: 0,
	};
	t.platform.script(
		'GET',
		PATH,
		async (request: RecordedRequest): Promise<Reply> => {
			counts.answeredAtArrival.push(counts.answered);
			if (counts.answered === 2) await gate();
			if (counts.current >= refuseAbove) {
				counts.refused += 1;
				return faults.tooManyRequests('0.05');
			}
			counts.current += 1;
			counts.max = Math.max(counts.max, counts.current);
			await harnessClock.sleep(delayMs);
			counts.current -= 1;
			counts.answered += 1;
			const from = Number(request.query.from);
			return ok({
				result: {
					result: items.slice(from, from + Math.min(CAP, Number(request.query.size))),
					total: items.length,
				},
			});
		},
		Infinity,
	);
	return counts;
}

test('after the first page, a few pages go at once, then more while the platform keeps up, output in list order', async () => {
	const items = makeItems(80 * CAP);
	const counts = serve(items, 100, Infinity, INITIAL_PAGES_IN_FLIGHT + 1);
	const { items: out, error } = await t.run(list);
	expect(error).toBeUndefined();
	expect(jsonOf(out)).toEqual(items);
	// The first page alone, the next alone (a capped first page: the cap is told from a lying
	// total), then the window's first pages before any of them answers: INITIAL_PAGES_IN_FLIGHT
	// and the place the second page's success added.
	const arrivals = (answered: number) =>
		counts.answeredAtArrival.filter((count) => count === answered).length;
	expect([arrivals(0), arrivals(1), arrivals(2)]).toEqual([1, 1, INITIAL_PAGES_IN_FLIGHT + 1]);
	expect(counts.max).toBeGreaterThan(INITIAL_PAGES_IN_FLIGHT);
	expect(counts.max).toBeLessThanOrEqual(PAGES_IN_FLIGHT);
	expect(t.platform.requests).toHaveLength(80);
});

test('a platform that answers 429 above 3 requests in flight: every row once, in list order, no failure', async () => {
	const items = makeItems(20 * CAP);
	// Each page held 30 ms, more than half the 429's wait (50 ms): the window halves on a refusal
	// (a wait above twice the response time would keep it, as a limit per period: congestion.ts).
	const counts = serve(items, 30, 3);
	const { items: out, error } = await t.run(list);
	expect(error).toBeUndefined();
	expect(jsonOf(out)).toEqual(items);
	expect(counts.answered).toBe(20);
	expect(counts.refused).toBeGreaterThan(0);
	expect(counts.refused).toBeLessThan(40);
});
