/**
 * Output on application and contract items (Get, Get Many): Raw by default, the item as the
 * platform answers it; Simplified, the item's own fields and only the main system fields; Selected
 * Fields, only the chosen fields. The request is the same whatever the choice, except on App >
 * Get Many, where Selected Fields is also sent as the list body's `fields` (the applist page's
 * "field load rules"; the contract list has no `fields`).
 */
import { MAX_PAGE_SIZE } from '../../nodes/shared/lists/pager';
import { LIST_SIZE_LIMIT } from '../harness/platform';
import { jsonOf, pairingOf, usePlatform, byId } from '../harness/setup';

const t = usePlatform();

const ID = '7a000000-0000-4000-8000-0000000000a1';
const stored = {
	__id: ID,
	__name: 'Office chairs',
	__status: { order: 0, status: 1 },
	__createdAt: '2026-01-01T00:00:00Z',
	__updatedAt: '2026-01-02T00:00:00Z',
	__createdBy: '0a000000-0000-4000-8000-00000000a11c',
	__updatedBy: '0a000000-0000-4000-8000-00000000a11c',
	__version: 3,
	__index: 7,
	amount: 1200,
	client: ['0b000000-0000-4000-8000-000000000b0b'],
};
const simple = {
	__id: ID,
	__name: 'Office chairs',
	__status: { order: 0, status: 1 },
	__createdAt: '2026-01-01T00:00:00Z',
	__updatedAt: '2026-01-02T00:00:00Z',
	amount: 1200,
	client: ['0b000000-0000-4000-8000-000000000b0b'],
};
const selected = { __id: ID, amount: 1200, __version: 3 };

const where = () => ({ namespace: byId('crm'), application: byId('deals') });
const OUTPUTS: Array<[string, Record<string, unknown>, Record<string, unknown>]> = [
	['Raw (the default)', {}, stored],
	['Raw', { output: 'raw' }, stored],
	['Simplified', { output: 'simple' }, simple],
	// A code the item lacks (`missing`) is left out, not output empty.
	[
		'Selected Fields',
		{ output: 'fields', fields: ['__id', 'amount', '__version', 'missing'] },
		selected,
	],
];

beforeEach(() => {
	t.platform.collection('app:crm/deals').set(ID, { ...stored });
	t.platform.collection('contracts:crm/deals').set(ID, { ...stored });
});

const sent = () => t.platform.requests.map(({ method, path, body }) => ({ method, path, body }));

/** What App > Get Many adds to the Raw request for an Output: Selected Fields' codes, and `__id`. */
const LOADED: Record<string, Record<string, unknown>> = {
	'Selected Fields': { fields: { __id: true, amount: true, __version: true, missing: true } },
};

describe.each([['elma365App'], ['elma365Contract']])('%s items', (nodeType) => {
	describe.each(OUTPUTS)('%s', (label, output, expected) => {
		test('Get Many outputs each item so; the request is the Raw one (App: with `fields`)', async () => {
			const parameters = { resource: 'item', operation: 'getAll', ...where(), returnAll: true };
			const raw = await t.run({ nodeType, parameters });
			expect(raw.error).toBeUndefined();
			const rawRequests = sent();
			t.platform.reset();
			const { items, error } = await t.run({ nodeType, parameters: { ...parameters, ...output } });
			expect(error).toBeUndefined();
			expect(jsonOf(items)).toEqual([expected]);
			const loaded = nodeType === 'elma365App' ? (LOADED[label] ?? {}) : {};
			expect(sent()).toEqual(
				rawRequests.map((request) => ({
					...request,
					body: { ...(request.body as object), ...loaded },
				})),
			);
		});

		test('Get outputs the item so', async () => {
			const parameters = {
				resource: 'item',
				operation: 'get',
				...where(),
				itemId: byId(ID),
				...output,
			};
			const { items, error } = await t.run({ nodeType, parameters });
			expect(error).toBeUndefined();
			expect(jsonOf(items)).toEqual([expected]);
		});
	});

	test('Selected Fields with only a blank field (from an expression): refused before any request', async () => {
		const parameters = {
			resource: 'item',
			operation: 'get',
			...where(),
			itemId: byId(ID),
			output: 'fields',
			fields: [' '],
		};
		const { error } = await t.run({ nodeType, parameters });
		expect(error?.message).toBe(
			'Invalid "Field Names or IDs" in item 0: expected at least one field code, got [" "]',
		);
		expect(t.platform.requests).toHaveLength(0);
	});
});

describe("App > Get Many, Selected Fields sent as the list body's `fields`", () => {
	const LEADS = 'app:crm/leads';
	const lead = (i: number) => ({
		__id: `7a000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
		__name: `Lead ${i}`,
		__version: 1,
		amount: 5,
	});
	const leads = Array.from({ length: LIST_SIZE_LIMIT + 50 }, (_, i) => lead(i));
	beforeAll(() => {
		for (const item of leads) t.platform.collection(LEADS).set(item.__id, { ...item });
	});
	afterAll(() => t.platform.collection(LEADS).clear());
	const getMany = (extra: Record<string, unknown>) =>
		t.run({
			nodeType: 'elma365App',
			parameters: {
				resource: 'item',
				operation: 'getAll',
				namespace: byId('crm'),
				application: byId('leads'),
				output: 'fields',
				...extra,
			},
		});

	test('without __id chosen: __id is still asked for (pages are told apart by it), not output', async () => {
		const { items, error } = await getMany({ returnAll: false, limit: 2, fields: ['amount'] });
		expect(error).toBeUndefined();
		expect(jsonOf(items)).toEqual([{ amount: 5 }, { amount: 5 }]);
		expect(sent()).toEqual([
			{
				method: 'POST',
				path: '/pub/v1/app/crm/leads/list',
				body: { fields: { __id: true, amount: true }, from: 0, size: 2 },
			},
		]);
	});

	test('with __id chosen: the same body, __id output', async () => {
		const { items, error } = await getMany({
			returnAll: false,
			limit: 1,
			fields: ['amount', '__id'],
		});
		expect(error).toBeUndefined();
		expect(jsonOf(items)).toEqual([{ amount: 5, __id: leads[0].__id }]);
		expect(sent().map(({ body }) => body)).toEqual([
			{ fields: { __id: true, amount: true }, from: 0, size: 1 },
		]);
	});

	test('Return All keeps `fields` on every page; equal values on two pages are all output', async () => {
		t.platform.listPaging('cap');
		const { items, error } = await getMany({ returnAll: true, fields: ['amount'] });
		expect(error).toBeUndefined();
		expect(jsonOf(items)).toEqual(leads.map(() => ({ amount: 5 })));
		expect(pairingOf(items)).toEqual(leads.map(() => ({ item: 0 })));
		const fields = { __id: true, amount: true };
		expect(sent().map(({ body }) => body)).toEqual([
			{ fields, from: 0, size: MAX_PAGE_SIZE },
			{ fields, from: LIST_SIZE_LIMIT, size: 50 },
		]);
	});

	test('Options > Additional Body (JSON) is sent over it, as any list body field', async () => {
		const { error } = await getMany({
			returnAll: false,
			limit: 1,
			fields: ['amount'],
			options: { body: '{"fields": {"amount": true}}' },
		});
		expect(error).toBeUndefined();
		expect(sent().map(({ body }) => body)).toEqual([
			{ fields: { amount: true }, from: 0, size: 1 },
		]);
	});

	test('Selected Fields with only a blank field (from an expression): refused before any request', async () => {
		const { error } = await getMany({ returnAll: true, fields: [' '] });
		expect(error?.message).toBe(
			'Invalid "Field Names or IDs" in item 0: expected at least one field code, got [" "]',
		);
		expect(t.platform.requests).toHaveLength(0);
	});
});
