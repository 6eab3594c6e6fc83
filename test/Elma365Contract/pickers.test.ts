import { searchList } from '../harness/engine';
import { fail, newId } from '../harness/index.ts';
import { itemsOf } from '../harness/routes/app.ts';
import { jsonOf, usePlatform, picked } from '../harness/setup';

const t = usePlatform();
const located = { namespace: picked('crm'), application: picked('deals') };
const search = (parameters: Record<string, unknown>, filter?: string, paginationToken?: string) =>
	searchList({
		nodeType: 'elma365Contract',
		parameters: parameters as never,
		credential: t.credential(),
		method: 'searchContractItems',
		filter,
		paginationToken,
	});

const ids: string[] = [];
beforeAll(() => {
	const items = itemsOf(t.platform, 'contracts', 'crm', 'deals');
	for (let i = 0; i < 130; i++) {
		const id = newId();
		ids.push(id);
		items.set(id, { __id: id, __name: `Contract ${i}`, amount: i });
	}
	// Another application's items, and a deleted contract: neither is offered.
	const inApp = newId();
	itemsOf(t.platform, 'app', 'crm', 'deals').set(inApp, { __id: inApp, __name: 'Contract in app' });
	const deleted = newId();
	items.set(deleted, {
		__id: deleted,
		__name: 'Contract deleted',
		__deletedAt: '2026-01-01T00:00:00Z',
	});
});

describe('contract application picker', () => {
	test("the chosen section's contract applications, not its other applications", async () => {
		const found = await searchList({
			nodeType: 'elma365Contract',
			parameters: { resource: 'item', operation: 'getAll', namespace: picked('crm') } as never,
			credential: t.credential(),
			method: 'searchContracts',
		});
		expect(found).toEqual({
			results: [{ name: 'Agreements (agreements)', value: 'agreements' }],
			paginationToken: undefined,
		});
		expect(t.platform.requests.map((r) => [r.method, r.path, r.query])).toEqual([
			['GET', '/pub/v1/scheme/namespaces/crm/contracts', { from: '0', size: '100' }],
		]);
	});
});

describe('contract item picker', () => {
	test('items of the chosen contract application, page by page, searched by name on the platform', async () => {
		const parameters = { resource: 'item', operation: 'get', ...located };
		const first = await search(parameters);
		expect(first.results).toHaveLength(100);
		expect(first.results[0]).toEqual({ name: 'Contract 0', value: ids[0] });
		expect(first.paginationToken).toBe('100');
		const second = await search(parameters, undefined, '100');
		expect(second).toEqual({
			results: ids.slice(100).map((id, i) => ({ name: `Contract ${100 + i}`, value: id })),
			paginationToken: undefined,
		});
		const found = await search(
			{ ...parameters, application: picked('deals', 'code') },
			'contract 129',
		);
		expect(found).toEqual({
			results: [{ name: 'Contract 129', value: ids[129] }],
			paginationToken: undefined,
		});
		expect(t.platform.requests.map((r) => [r.method, r.path, r.body])).toEqual([
			['POST', '/pub/v1/contracts/crm/deals/list', { active: true, from: 0, size: 100 }],
			['POST', '/pub/v1/contracts/crm/deals/list', { active: true, from: 100, size: 100 }],
			[
				'POST',
				'/pub/v1/contracts/crm/deals/list',
				{ active: true, filter: { tf: { __name: 'contract 129' } }, from: 0, size: 1000 },
			],
		]);
	});

	test('is empty until the section and the contract application are chosen, without a request', async () => {
		await expect(search({ application: picked('deals') })).resolves.toEqual({ results: [] });
		await expect(search({ namespace: picked('crm') })).resolves.toEqual({ results: [] });
		expect(t.platform.requests).toHaveLength(0);
	});

	test('a key that may not list the items gets a readable message', async () => {
		t.platform.script('POST', '/pub/v1/contracts/crm/deals/list', fail(403, 'access denied'));
		await expect(search(located)).rejects.toThrow(
			'ELMA365: the credential may not list the items of contract application "crm.deals" (HTTP 403)',
		);
	});
});

describe('get and update with a picked item', () => {
	test('the item picked from the list, or typed by ID', async () => {
		for (const itemId of [picked(ids[3]), picked(ids[3], 'id')]) {
			const { items, error } = await t.run({
				nodeType: 'elma365Contract',
				parameters: { resource: 'item', operation: 'get', ...located, itemId } as never,
			});
			expect(error).toBeUndefined();
			expect(jsonOf(items)).toEqual([{ __id: ids[3], __name: 'Contract 3', amount: 3 }]);
		}
		const update = await t.run({
			nodeType: 'elma365Contract',
			parameters: {
				resource: 'item',
				operation: 'update',
				...located,
				itemId: picked(ids[4]),
				fieldsInputMode: 'json',
				fieldsJson: '{"__name": "Contract 4b"}',
			} as never,
		});
		expect(update.error).toBeUndefined();
		expect(jsonOf(update.items)).toEqual([{ __id: ids[4], __name: 'Contract 4b', amount: 4 }]);
		// JSON is converted by the scheme's field types: the scheme is read before the update.
		expect(t.platform.requests.map((r) => [r.method, r.path, r.query, r.body])).toEqual([
			['GET', `/pub/v1/contracts/crm/deals/${ids[3]}/get`, {}, undefined],
			['GET', `/pub/v1/contracts/crm/deals/${ids[3]}/get`, {}, undefined],
			['GET', '/pub/v1/scheme/namespaces/crm/apps/deals', {}, undefined],
			[
				'POST',
				`/pub/v1/contracts/crm/deals/${ids[4]}/update`,
				{},
				{ context: { __name: 'Contract 4b' } },
			],
		]);
	});

	test('By URL: the ID is the last UUID of a link copied from the web interface; a link without one is refused by the editor check', async () => {
		const other = newId();
		for (const link of [
			`https://mycompany.elma365.ru/crm/deals(p:item/crm/deals/${ids[5]})`,
			` https://mycompany.elma365.ru/${other}/list(p:item/crm/deals/${ids[5]}) `,
		]) {
			const { items, error } = await t.run({
				nodeType: 'elma365Contract',
				parameters: {
					resource: 'item',
					operation: 'get',
					...located,
					itemId: picked(link, 'url'),
				} as never,
			});
			expect(error).toBeUndefined();
			expect(jsonOf(items)).toEqual([{ __id: ids[5], __name: 'Contract 5', amount: 5 }]);
		}
		expect(t.platform.requests.map((r) => [r.method, r.path])).toEqual([
			['GET', `/pub/v1/contracts/crm/deals/${ids[5]}/get`],
			['GET', `/pub/v1/contracts/crm/deals/${ids[5]}/get`],
		]);
		const { error } = await t.run({
			nodeType: 'elma365Contract',
			parameters: {
				resource: 'item',
				operation: 'get',
				...located,
				itemId: picked('https://mycompany.elma365.ru/crm/deals', 'url'),
			} as never,
		});
		expect(error?.message).toBe("The 'ELMA365' node has issues:\n- Not a link with an ID in it");
		expect(t.platform.requests).toHaveLength(2);
	});
});
