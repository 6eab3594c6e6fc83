import type { IDataObject } from 'n8n-workflow';
import { ok, newId } from '../harness/index.ts';
import type { RecordedRequest } from '../harness/index.ts';
import { arrivalGate } from '../harness/inFlight';
import { jsonOf, usePlatform } from '../harness/setup';
import {
	MAX_PAGE_SIZE,
	MAX_PAGES_WITHOUT_TOTAL,
	PAGES_IN_FLIGHT,
} from '../../nodes/shared/lists/pager';
import { harnessClock, useVirtualClock } from '../harness/clock';

/** Paging through the engine (nodes/shared/lists/pager.ts), on the nomenclature directory list (GET, from/size in the query). */
const t = usePlatform();
useVirtualClock();
const PATH = '/pub/v1/nomenclature/directory';
const list = (limit?: number) => ({
	nodeType: 'elma365Nomenclature',
	parameters:
		limit === undefined
			? { resource: 'directory', operation: 'getAll', returnAll: true }
			: { resource: 'directory', operation: 'getAll', returnAll: false, limit },
});

function makeItems(count: number) {
	return Array.from({ length: count }, (_, i) => ({ __id: newId(), name: `D${i}` }));
}

/** A list endpoint that pages `items` honestly (at most `cap` per page) but reports `total` as given. */
function serve(
	items: Array<Record<string, unknown>>,
	total: (actual: number) => number,
	cap = Infinity,
) {
	t.platform.script(
		'GET',
		PATH,
		(request: RecordedRequest) => {
			const from = Number(request.query.from);
			const size = Math.min(cap, Number(request.query.size));
			return ok({ result: { result: items.slice(from, from + size), total: total(items.length) } });
		},
		1000,
	);
}

const windows = () => t.platform.requests.map((r) => [Number(r.query.from), Number(r.query.size)]);
const sorted = (list: number[][]) => [...list].sort((a, b) => a[0] - b[0]);

test('asks for the largest page the platform takes (10,000): a list that fits comes in one request', async () => {
	const items = makeItems(250);
	serve(items, (n) => n);
	const { items: out } = await t.run(list());
	expect(jsonOf(out)).toEqual(items);
	expect(windows()).toEqual([[0, MAX_PAGE_SIZE]]);
});

test('Return All of 20,000 rows on a platform that takes 10,000-row pages: two requests', async () => {
	const items = makeItems(20_000);
	serve(items, (n) => n);
	const { items: out } = await t.run(list());
	expect(jsonOf(out)).toEqual(items);
	expect(windows()).toEqual([
		[0, MAX_PAGE_SIZE],
		[MAX_PAGE_SIZE, MAX_PAGE_SIZE],
	]);
});

test('Limit asks only for what is wanted', async () => {
	const items = makeItems(250);
	serve(items, (n) => n);
	const { items: out } = await t.run(list(130));
	expect(jsonOf(out)).toEqual(items.slice(0, 130));
	expect(windows()).toEqual([[0, 130]]);
});

test('once total is known the remaining pages are read several at a time, output in list order', async () => {
	const items = makeItems(4.5 * MAX_PAGE_SIZE);
	const state = { current: 0, max: 0 };
	const remainingPages = arrivalGate(4);
	t.platform.script(
		'GET',
		PATH,
		async (request: RecordedRequest) => {
			state.current += 1;
			state.max = Math.max(state.max, state.current);
			const from = Number(request.query.from);
			if (from > 0) await remainingPages();
			// Later pages answer sooner, so arrival order is not list order.
			await harnessClock.sleep(40 - (8 * from) / MAX_PAGE_SIZE);
			state.current -= 1;
			return ok({
				result: {
					result: items.slice(from, from + Number(request.query.size)),
					total: items.length,
				},
			});
		},
		1000,
	);
	const { items: out } = await t.run(list());
	expect(jsonOf(out)).toEqual(items);
	expect(sorted(windows())).toEqual([
		[0, 10000],
		[10000, 10000],
		[20000, 10000],
		[30000, 10000],
		[40000, 5000],
	]);
	expect(state.max).toBe(4);
});

test('a capped platform (at most 100 per page) is read to the end at the size it gave', async () => {
	const items = makeItems(1050);
	serve(items, (n) => n, 100);
	const { items: out } = await t.run(list());
	expect(jsonOf(out)).toEqual(items);
	const expected = [
		[0, 10000],
		[100, 100],
		...Array.from({ length: 8 }, (_, i) => [200 + i * 100, 100]),
		[1000, 50],
	];
	expect(sorted(windows())).toEqual(expected);
	expect(windows().slice(0, 2)).toEqual([
		[0, 10000],
		[100, 100],
	]);
});

test('a page shorter than asked in the middle of the list is continued from where it ended', async () => {
	const items = makeItems(700);
	t.platform.script(
		'GET',
		PATH,
		(request: RecordedRequest) => {
			const from = Number(request.query.from);
			const size = Math.min(Number(request.query.size), from === 300 ? 60 : 100);
			return ok({ result: { result: items.slice(from, from + size), total: items.length } });
		},
		1000,
	);
	const { items: out } = await t.run(list());
	expect(jsonOf(out)).toEqual(items);
	expect(out).toHaveLength(700);
});

test('a total that lies high ends when the next page is empty', async () => {
	const items = makeItems(120);
	serve(items, () => 100000);
	const { items: out } = await t.run(list());
	expect(jsonOf(out)).toEqual(items);
	expect(windows()).toEqual([
		[0, MAX_PAGE_SIZE],
		[120, 120],
	]);
});

test('a total that lies high on a capped platform ends at the first page that brings nothing', async () => {
	const items = makeItems(200);
	serve(items, () => 100000, 100);
	const { items: out } = await t.run(list());
	expect(jsonOf(out)).toEqual(items);
	expect(sorted(windows()).slice(0, 3)).toEqual([
		[0, MAX_PAGE_SIZE],
		[100, 100],
		[200, 100],
	]);
	expect(t.platform.requests.length).toBeLessThanOrEqual(2 + PAGES_IN_FLIGHT);
});

test('a server that ignores from cannot cause an endless loop or duplicates', async () => {
	const items = makeItems(100);
	t.platform.script('GET', PATH, ok({ result: { result: items, total: 5000 } }), 1000);
	const { items: out } = await t.run(list());
	expect(jsonOf(out)).toEqual(items);
	expect(t.platform.requests).toHaveLength(2);
});

test('a list without a total pages until a short page', async () => {
	const items = makeItems(150);
	t.platform.script(
		'GET',
		PATH,
		(request: RecordedRequest) => {
			const from = Number(request.query.from);
			return ok({ result: items.slice(from, from + Math.min(100, Number(request.query.size))) });
		},
		1000,
	);
	const { items: out } = await t.run(list());
	expect(jsonOf(out)).toEqual(items);
	expect(windows()).toEqual([
		[0, MAX_PAGE_SIZE],
		[100, 100],
	]);
});

test('a list without a total shorter than 100 comes in one request (no platform caps below 100)', async () => {
	const items = makeItems(60);
	t.platform.script(
		'GET',
		PATH,
		(request: RecordedRequest) => {
			const from = Number(request.query.from);
			return ok({ result: items.slice(from, from + Number(request.query.size)) });
		},
		1000,
	);
	const { items: out } = await t.run(list());
	expect(jsonOf(out)).toEqual(items);
	expect(windows()).toEqual([[0, MAX_PAGE_SIZE]]);
});

describe('paging always ends', () => {
	test('rows without __id from a server that ignores from: the repeated page ends the list', async () => {
		const rows = Array.from({ length: 100 }, (_, i) => ({ name: `row ${i}`, amount: i }));
		t.platform.script('GET', PATH, ok({ result: { result: rows, total: 100000 } }), 1000);
		const { items: out } = await t.run(list());
		expect(jsonOf(out)).toEqual(rows);
		expect(windows()).toEqual([
			[0, MAX_PAGE_SIZE],
			[100, 100],
		]);
	});

	test('rows identified by code: a page that repeats earlier rows gives only the new ones and the next page ends it', async () => {
		const rows = Array.from({ length: 150 }, (_, i) => ({ code: `c${i}`, name: `N${i}` }));
		// Shifts its window back by 50: every page after the first repeats half of the previous one.
		t.platform.script(
			'GET',
			PATH,
			(request: RecordedRequest) => {
				const from = Math.max(0, Number(request.query.from) - 50);
				return ok({ result: { result: rows.slice(from, from + 100), total: 100000 } });
			},
			1000,
		);
		const { items: out } = await t.run(list());
		expect(jsonOf(out)).toEqual(rows);
		// The capped first page, the next alone, then pages in flight together: the first empty one ends the list.
		expect(sorted(windows()).slice(0, 3)).toEqual([
			[0, MAX_PAGE_SIZE],
			[100, 100],
			[200, 100],
		]);
		expect(t.platform.requests.length).toBeLessThanOrEqual(2 + PAGES_IN_FLIGHT);
	});

	test('equal rows within one page are all kept', async () => {
		const rows = [{ name: 'same' }, { name: 'same' }, { name: 'other' }];
		t.platform.script('GET', PATH, ok({ result: { result: rows, total: 3 } }), 1000);
		const { items: out } = await t.run(list());
		expect(jsonOf(out)).toEqual(rows);
		expect(t.platform.requests).toHaveLength(1);
	});

	test('a row is known by the field that identifies it: the same value in another field is another row, a numeric id and its text the same row', async () => {
		const pages: Record<number, IDataObject[]> = {
			0: [{ __id: 'x' }, { code: 'x' }, { id: 7 }],
			3: [{ id: '7' }, { __id: 'y' }, { code: 'x', name: 'again' }],
		};
		t.platform.script(
			'GET',
			PATH,
			(request: RecordedRequest) =>
				ok({ result: { result: pages[Number(request.query.from)] ?? [], total: 6 } }),
			1000,
		);
		const { items: out } = await t.run(list());
		expect(jsonOf(out)).toEqual([{ __id: 'x' }, { code: 'x' }, { id: 7 }, { __id: 'y' }]);
	});

	test('a total that grows with every page: no more pages than the first total justifies', async () => {
		let next = 0;
		t.platform.script(
			'GET',
			PATH,
			(request: RecordedRequest) => {
				const result = Array.from({ length: 100 }, () => ({ __id: `r${next++}` }));
				return ok({ result: { result, total: Number(request.query.from) + 1000 } });
			},
			1000,
		);
		const { items: out } = await t.run(list());
		// 1000 rows justify 10 pages, and two more for rows added while paging.
		expect(t.platform.requests).toHaveLength(12);
		expect(out).toHaveLength(1200);
	});

	test('a list without a total that never ends stops after MAX_PAGES_WITHOUT_TOTAL pages', async () => {
		let next = 0;
		t.platform.script(
			'GET',
			PATH,
			() => ok({ result: Array.from({ length: 100 }, () => ({ __id: `r${next++}` })) }),
			2000,
		);
		const { items: out } = await t.run(list());
		expect(t.platform.requests).toHaveLength(MAX_PAGES_WITHOUT_TOTAL);
		expect(out).toHaveLength(MAX_PAGES_WITHOUT_TOTAL * 100);
	}, 120_000);
});
