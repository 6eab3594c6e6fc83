import { ok, newId } from '../harness/index.ts';
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
