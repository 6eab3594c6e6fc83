/**
 * Simplify on application and contract items (Get, Get Many): off by default, the item as the
 * platform answers it; on, an item keeps its own fields and only the main system fields.
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

const locator = (value: string) => ({ __rl: true, mode: 'id', value });
const where = () => ({ namespace: locator('crm'), application: locator('deals') });

beforeEach(() => {
	t.platform.collection('app:crm/deals').set(ID, { ...stored });
	t.platform.collection('contracts:crm/deals').set(ID, { ...stored });
});

describe.each([['elma365App'], ['elma365Contract']])('%s items', (nodeType) => {
	test('Get Many: full items by default, main fields with Simplify; the request is the same', async () => {
		const parameters = { resource: 'item', operation: 'getAll', ...where(), returnAll: true };
		const full = await t.run({ nodeType, parameters });
		expect(jsonOf(full.items)).toEqual([stored]);
		const fullRequests = t.platform.requests.map(({ method, path, body }) => ({
			method,
			path,
			body,
		}));
		t.platform.reset();
		const simplified = await t.run({
			nodeType,
			parameters: { ...parameters, simplify: true },
		});
		expect(jsonOf(simplified.items)).toEqual([simple]);
		expect(t.platform.requests.map(({ method, path, body }) => ({ method, path, body }))).toEqual(
			fullRequests,
		);
	});

	test('Get: main fields with Simplify', async () => {
		const parameters = {
			resource: 'item',
			operation: 'get',
			...where(),
			itemId: locator(ID),
			simplify: true,
		};
		const { items, error } = await t.run({ nodeType, parameters });
		expect(error).toBeUndefined();
		expect(jsonOf(items)).toEqual([simple]);
	});
});
