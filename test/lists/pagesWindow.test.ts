import { faults, newId, ok } from '../harness/index.ts';
import type { RecordedRequest, Reply } from '../harness/index.ts';
import { jsonOf, usePlatform } from '../harness/setup';
import {
	INITIAL_PAGES_IN_FLIGHT,
	LARGE_PAGE_SIZE,
	PAGES_IN_FLIGHT,
} from '../../nodes/shared/lists/pager';

/**
 * The pages after the first go through a congestion window of their own (nodes/shared/lists/pager.ts):
 * it starts at INITIAL_PAGES_IN_FLIGHT, grows up to PAGES_IN_FLIGHT while the platform keeps up,
 * and backs off on 429; the output stays in list order with every row once. Counted at the double.
 */
const t = usePlatform();
const PATH = '/pub/v1/nomenclature/directory';
const list = {
	nodeType: 'elma365Nomenclature',
	parameters: { resource: 'directory', operation: 'getAll', returnAll: true },
};

function makeItems(count: number) {
	return Array.from({ length: count }, (_, i) => ({ __id: newId(), name: `D${i}` }));
}

/** Serves `items` honestly, each page held `delayMs`; 429 (Retry-After) above `refuseAbove` in flight. */
function serve(items: Array<Record<string, unknown>>, delayMs: number, refuseAbove = Infinity) {
	const counts = { current: 0, max: 0, beforeSecondAnswer: 0, answered: 0, refused: 0 };
	t.platform.script(
		'GET',
		PATH,
		async (request: RecordedRequest): Promise<Reply> => {
			if (counts.answered < 2) counts.beforeSecondAnswer += 1;
			if (counts.current >= refuseAbove) {
				counts.refused += 1;
				return faults.tooManyRequests('0.05');
			}
			counts.current += 1;
			counts.max = Math.max(counts.max, counts.current);
			await new Promise((resolve) => setTimeout(resolve, delayMs));
			counts.current -= 1;
			counts.answered += 1;
			const from = Number(request.query.from);
			return ok({
				result: {
					result: items.slice(from, from + Number(request.query.size)),
					total: items.length,
				},
			});
		},
		Infinity,
	);
	return counts;
}

test('after the first page, a few pages go at once, then more while the platform keeps up, output in list order', async () => {
	const items = makeItems(80 * LARGE_PAGE_SIZE);
	const counts = serve(items, 100);
	const { items: out, error } = await t.run(list);
	expect(error).toBeUndefined();
	expect(jsonOf(out)).toEqual(items);
	// The first page alone, then the window's first pages before any of them answers.
	expect(counts.beforeSecondAnswer).toBe(1 + INITIAL_PAGES_IN_FLIGHT);
	expect(counts.max).toBeGreaterThan(INITIAL_PAGES_IN_FLIGHT);
	expect(counts.max).toBeLessThanOrEqual(PAGES_IN_FLIGHT);
	expect(t.platform.requests).toHaveLength(80);
});

test('a platform that answers 429 above 3 requests in flight: every row once, in list order, no failure', async () => {
	const items = makeItems(20 * LARGE_PAGE_SIZE);
	const counts = serve(items, 20, 3);
	const { items: out, error } = await t.run(list);
	expect(error).toBeUndefined();
	expect(jsonOf(out)).toEqual(items);
	expect(counts.answered).toBe(20);
	expect(counts.refused).toBeGreaterThan(0);
	expect(counts.refused).toBeLessThan(40);
});
