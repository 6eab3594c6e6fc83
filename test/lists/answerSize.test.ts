import { newId, ok } from '../harness/index.ts';
import type { RecordedRequest } from '../harness/index.ts';
import { jsonOf, usePlatform } from '../harness/setup';
import { MAX_PAGE_SIZE, PAGE_SIZE } from '../../nodes/shared/lists/pager';

/**
 * A page whose answer is larger than the size cap (Request Options > Max Response Size, 1 MB here)
 * is asked again at a tenth of its size, down to PAGE_SIZE (nodes/shared/lists/
 * pager.ts): every row once, in list order, with the exact requests. Rows of `name` padded to
 * `bytes` characters make a page of 10,000 small rows fit 1 MB and one of larger rows not.
 */
const t = usePlatform();
const PATH = '/pub/v1/nomenclature/directory';
const MB = 1024 * 1024;
const list = {
	nodeType: 'elma365Nomenclature',
	parameters: {
		resource: 'directory',
		operation: 'getAll',
		returnAll: true,
		requestOptions: { maxResponseMb: 1 },
	},
};

/** `count` rows, each about `bytes` long in JSON. */
function makeItems(count: number, bytes: number, start = 0) {
	return Array.from({ length: count }, (_, i) => {
		const id = newId();
		const name = `D${start + i}`;
		return { __id: id, name: name.padEnd(bytes - id.length - 20, '.') };
	});
}

/** Serves `items` with or without `total`. */
function serve(items: Array<Record<string, unknown>>, withTotal = true) {
	t.platform.script(
		'GET',
		PATH,
		(request: RecordedRequest) => {
			const from = Number(request.query.from);
			const result = items.slice(from, from + Number(request.query.size));
			return ok(withTotal ? { result: { result, total: items.length } } : { result });
		},
		100,
	);
}

const windows = () => t.platform.requests.map((r) => [Number(r.query.from), Number(r.query.size)]);

test('the rows: 10,000 of 80 bytes fit the cap, 2,500 of 600 or 400 bytes do not, 1,000 of them do', () => {
	const bytes = (count: number, size: number) => JSON.stringify(makeItems(count, size)).length;
	expect(bytes(MAX_PAGE_SIZE, 80)).toBeLessThan(MB);
	expect(bytes(2500, 600)).toBeGreaterThan(MB);
	expect(bytes(3000, 400)).toBeGreaterThan(MB);
	expect(bytes(1000, 600)).toBeLessThan(MB);
});

test('a first page too large for the cap is asked again at a tenth of its size, which the list keeps', async () => {
	const items = makeItems(2500, 600);
	serve(items);
	const { items: out, error } = await t.run(list);
	expect(error).toBeUndefined();
	expect(jsonOf(out)).toEqual(items);
	expect(windows()).toEqual([
		[0, MAX_PAGE_SIZE],
		[0, 1000],
		[1000, 1000],
		[2000, 500],
	]);
});

test("a later page too large for the cap: the list goes on from it at a tenth of the list's page size", async () => {
	const items = [...makeItems(MAX_PAGE_SIZE, 80), ...makeItems(3000, 400, MAX_PAGE_SIZE)];
	serve(items);
	const { items: out, error } = await t.run(list);
	expect(error).toBeUndefined();
	expect(jsonOf(out)).toEqual(items);
	expect(windows()).toEqual([
		[0, MAX_PAGE_SIZE],
		[10000, 3000],
		[10000, 1000],
		[11000, 1000],
		[12000, 1000],
	]);
});

test('a list without total: a later page too large is read again at a tenth of the size', async () => {
	const items = [...makeItems(MAX_PAGE_SIZE, 80), ...makeItems(3000, 400, MAX_PAGE_SIZE)];
	serve(items, false);
	const { items: out, error } = await t.run(list);
	expect(error).toBeUndefined();
	expect(jsonOf(out)).toEqual(items);
	expect(windows()).toEqual([
		[0, MAX_PAGE_SIZE],
		[10000, MAX_PAGE_SIZE],
		[10000, 1000],
		[11000, 1000],
		[12000, 1000],
		[13000, 1000],
	]);
});

test('rows too large even for a page of 100 fail the item with the cap named', async () => {
	const items = makeItems(200, 12_000);
	serve(items);
	const { error } = await t.run(list);
	expect(error?.message).toBe(
		"ELMA365: the platform's answer is larger than 1 MB; it was abandoned",
	);
	expect(windows()).toEqual([
		[0, MAX_PAGE_SIZE],
		[0, 1000],
		[0, PAGE_SIZE],
	]);
});
