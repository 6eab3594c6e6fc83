/**
 * Output on application and contract items (Get, Get Many): Raw by default, the item as the
 * platform answers it; Simplified, the item's own fields and only the main system fields; Selected
 * Fields, only the chosen fields. The request is the same whatever the choice.
 */
import { jsonOf, usePlatform } from '../harness/setup';

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

const locator = (value: string) => ({ __rl: true, mode: 'id', value });
const where = () => ({ namespace: locator('crm'), application: locator('deals') });
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

describe.each([['elma365App'], ['elma365Contract']])('%s items', (nodeType) => {
	describe.each(OUTPUTS)('%s', (_label, output, expected) => {
		test('Get Many outputs each item so; the request is the Raw one', async () => {
			const parameters = { resource: 'item', operation: 'getAll', ...where(), returnAll: true };
			const raw = await t.run({ nodeType, parameters });
			expect(raw.error).toBeUndefined();
			const rawRequests = sent();
			t.platform.reset();
			const { items, error } = await t.run({ nodeType, parameters: { ...parameters, ...output } });
			expect(error).toBeUndefined();
			expect(jsonOf(items)).toEqual([expected]);
			expect(sent()).toEqual(rawRequests);
		});

		test('Get outputs the item so', async () => {
			const parameters = {
				resource: 'item',
				operation: 'get',
				...where(),
				itemId: locator(ID),
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
			itemId: locator(ID),
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
