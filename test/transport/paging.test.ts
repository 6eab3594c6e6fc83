import { ok, newId } from '../harness/index.ts';
import { MAX_PAGES_WITHOUT_TOTAL } from '../../nodes/shared/transport';
import type { RecordedRequest } from '../harness/index.ts';
import { jsonOf, usePlatform } from '../harness/setup';

/** Paging through the engine, on the nomenclature directory list (GET, from/size in the query). */
const t = usePlatform();
const PATH = '/pub/v1/nomenclature/directory';
const list = (limit?: number) => ({
	nodeType: 'elma365Nomenclature',
	parameters: limit === undefined
		? { resource: 'directory', operation: 'getAll', returnAll: true }
		: { resource: 'directory', operation: 'getAll', returnAll: false, limit },
});

function makeItems(count: number) {
	return Array.from({ length: count }, (_, i) => ({ __id: newId(), name: `D${i}` }));
}

/** A list endpoint that pages `items` honestly but reports `total` as given. */
function serve(items: Array<Record<string, unknown>>, total: (actual: number) => number) {
	t.platform.script('GET', PATH, (request: RecordedRequest) => {
		const from = Number(request.query.from);
		const size = Number(request.query.size);
		return ok({ result: { result: items.slice(from, from + size), total: total(items.length) } });
	}, 1000);
}

const windows = () => t.platform.requests.map((r) => [Number(r.query.from), Number(r.query.size)]);

test('returns every item exactly once across pages, stopping at total', async () => {
	const items = makeItems(250);
	serve(items, (n) => n);
	const { items: out } = await t.run(list());
	expect(jsonOf(out)).toEqual(items);
	expect(windows()).toEqual([[0, 100], [100, 100], [200, 100]]);
});

test('an exact multiple of the page size needs no extra request', async () => {
	serve(makeItems(200), (n) => n);
	const { items: out } = await t.run(list());
	expect(out).toHaveLength(200);
	expect(windows()).toEqual([[0, 100], [100, 100]]);
});

test('Limit asks only for what is missing', async () => {
	const items = makeItems(250);
	serve(items, (n) => n);
	const { items: out } = await t.run(list(130));
	expect(jsonOf(out)).toEqual(items.slice(0, 130));
	expect(windows()).toEqual([[0, 100], [100, 30]]);
});

test('a total that lies high ends at the first short page', async () => {
	const items = makeItems(120);
	serve(items, () => 100000);
	const { items: out } = await t.run(list());
	expect(jsonOf(out)).toEqual(items);
	expect(windows()).toEqual([[0, 100], [100, 100]]);
});

test('a total that lies high ends at an empty page', async () => {
	const items = makeItems(200);
	serve(items, () => 100000);
	const { items: out } = await t.run(list());
	expect(jsonOf(out)).toEqual(items);
	expect(windows()).toEqual([[0, 100], [100, 100], [200, 100]]);
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
	t.platform.script('GET', PATH, (request: RecordedRequest) => {
		const from = Number(request.query.from);
		return ok({ result: items.slice(from, from + Number(request.query.size)) });
	}, 1000);
	const { items: out } = await t.run(list());
	expect(jsonOf(out)).toEqual(items);
	expect(windows()).toEqual([[0, 100], [100, 100]]);
});

test('a total lower than the items is the documented end of the list', async () => {
	const items = makeItems(250);
	serve(items, () => 150);
	const { items: out } = await t.run(list());
	expect(jsonOf(out)).toEqual(items.slice(0, 200));
	expect(windows()).toEqual([[0, 100], [100, 100]]);
});

describe('paging always ends (issue #18)', () => {
	test('rows without __id from a server that ignores from: the repeated page ends the list', async () => {
		const rows = Array.from({ length: 100 }, (_, i) => ({ name: `row ${i}`, amount: i }));
		t.platform.script('GET', PATH, ok({ result: { result: rows, total: 100000 } }), 1000);
		const { items: out } = await t.run(list());
		expect(jsonOf(out)).toEqual(rows);
		expect(windows()).toEqual([[0, 100], [100, 100]]);
	});

	test('rows identified by code: a page that repeats earlier rows gives only the new ones and the next page ends it', async () => {
		const rows = Array.from({ length: 150 }, (_, i) => ({ code: `c${i}`, name: `N${i}` }));
		// Shifts its window back by 50: every page after the first repeats half of the previous one.
		t.platform.script('GET', PATH, (request: RecordedRequest) => {
			const from = Math.max(0, Number(request.query.from) - 50);
			return ok({ result: { result: rows.slice(from, from + 100), total: 100000 } });
		}, 1000);
		const { items: out } = await t.run(list());
		expect(jsonOf(out)).toEqual(rows);
		expect(windows()).toEqual([[0, 100], [100, 100], [200, 100]]);
	});

	test('equal rows within one page are all kept', async () => {
		const rows = [{ name: 'same' }, { name: 'same' }, { name: 'other' }];
		t.platform.script('GET', PATH, ok({ result: { result: rows, total: 3 } }), 1000);
		const { items: out } = await t.run(list());
		expect(jsonOf(out)).toEqual(rows);
		expect(t.platform.requests).toHaveLength(1);
	});

	test('a total that grows with every page: no more pages than the first total justifies', async () => {
		let next = 0;
		t.platform.script('GET', PATH, (request: RecordedRequest) => {
			const result = Array.from({ length: 100 }, () => ({ __id: `r${next++}` }));
			return ok({ result: { result, total: Number(request.query.from) + 1000 } });
		}, 1000);
		const { items: out } = await t.run(list());
		// 1000 rows justify 10 pages, and two more for rows added while paging.
		expect(t.platform.requests).toHaveLength(12);
		expect(out).toHaveLength(1200);
	});

	test('a list without a total that never ends stops after MAX_PAGES_WITHOUT_TOTAL pages', async () => {
		let next = 0;
		t.platform.script('GET', PATH, () => ok({ result: Array.from({ length: 100 }, () => ({ __id: `r${next++}` })) }), 2000);
		const { items: out } = await t.run(list());
		expect(t.platform.requests).toHaveLength(MAX_PAGES_WITHOUT_TOTAL);
		expect(out).toHaveLength(MAX_PAGES_WITHOUT_TOTAL * 100);
	}, 120_000);
});
