import type { INodeProperties, INodeTypeDescription } from 'n8n-workflow';
import { newId } from '../harness/index.ts';
import { jsonOf, pairingOf, usePlatform } from '../harness/setup';

const t = usePlatform();
const picked = (value: string, mode = 'list') => ({ __rl: true, mode, value });
const where = { namespace: picked('crm', 'code'), application: picked('deals', 'code') };
const run = (
	parameters: Record<string, unknown>,
	extra: { input?: Array<{ json: Record<string, unknown> }> } = {},
) =>
	t.run({
		nodeType: 'elma365App',
		typeVersion: 1.3,
		parameters: { resource: 'comment', ...where, ...parameters },
		...extra,
	});

const deal = newId();
const feed = `/pub/v1/feed/crm/deals/${deal}`;

beforeEach(() => {
	t.platform.collection('app:crm/deals').clear();
	t.platform.collection('app:crm/deals').set(deal, { __id: deal, __name: 'Deal 1' });
	t.platform.collection('comments').clear();
});

test('Create: POST /feed/{ns}/{code}/{id}/message {body}; the posted message is the output', async () => {
	const { items, error } = await run({
		operation: 'create',
		itemId: picked(deal, 'id'),
		text: 'Approved from the chat',
	});
	expect(error).toBeUndefined();
	expect(t.platform.requests.map((r) => [r.method, r.path, r.query, r.body])).toEqual([
		['POST', `${feed}/message`, {}, { body: 'Approved from the chat' }],
	]);
	const [message] = [...t.platform.collection('comments').values()];
	expect(jsonOf(items)).toEqual([message]);
	expect(message).toMatchObject({ item: `crm/deals/${deal}`, body: 'Approved from the chat' });
});

test("Create: an empty text or a bad item ID fails before any request; an unknown item is the platform's 404", async () => {
	const empty = await run({ operation: 'create', itemId: picked(deal, 'id'), text: '={{ "  " }}' });
	expect(empty.error?.message).toMatch(/Invalid "Text" in item 0: expected a non-empty text/);
	const badId = await run({ operation: 'create', itemId: picked('={{ "x" }}', 'id'), text: 'hi' });
	expect(badId.error?.message).toMatch(/Invalid "Item ID" in item 0: expected a UUID/);
	expect(t.platform.requests).toHaveLength(0);

	const unknown = newId();
	const missing = await run({ operation: 'create', itemId: picked(unknown, 'id'), text: 'hi' });
	expect(missing.error?.message).toBe(`ELMA365 404: item crm/deals/${unknown} not found`);
});

test('Get Many: GET /feed/{ns}/{code}/{id}/messages paged with from/size in the query, per input item', async () => {
	for (let i = 0; i < 3; i++)
		t.platform
			.collection('comments')
			.set(`c${i}`, { __id: newId(), item: `crm/deals/${deal}`, body: `comment ${i}` });
	const { items } = await run({ operation: 'getAll', itemId: picked(deal, 'id'), limit: 2 });
	expect(t.platform.requests.map((r) => [r.method, r.path, r.query, r.body])).toEqual([
		['GET', `${feed}/messages`, { from: '0', size: '2' }, undefined],
	]);
	expect(jsonOf(items).map((c) => (c as { body: string }).body)).toEqual([
		'comment 0',
		'comment 1',
	]);
	expect(pairingOf(items)).toEqual([{ item: 0 }, { item: 0 }]);
});

test('versions 1 to 1.2 keep their resources; 1.3 adds Comment (1.4, the default, keeps them)', async () => {
	const { loadPackage } = await import('../harness/engine');
	const loader = await loadPackage();
	const { properties, version, defaultVersion } = loader.nodeTypes.elma365App.type
		.description as INodeTypeDescription;
	expect([version, defaultVersion]).toEqual([[1, 1.1, 1.2, 1.3, 1.4], 1.4]);
	const selectors = properties.filter((p: INodeProperties) => p.name === 'resource');
	expect(
		selectors.map((p) => [
			p.displayOptions?.show?.['@version'],
			(p.options as Array<{ value: string }>).map((o) => o.value),
		]),
	).toEqual([
		[[{ _cnd: { lt: 1.3 } }], ['application', 'item']],
		[[{ _cnd: { gte: 1.3 } }], ['application', 'comment', 'item']],
	]);
});
