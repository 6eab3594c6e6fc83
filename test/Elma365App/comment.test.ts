import type { IDataObject, INodeProperties, INodeTypeDescription } from 'n8n-workflow';
import { newId } from '../harness/index.ts';
import { jsonOf, pairingOf, usePlatform, picked } from '../harness/setup';
import { MAX_PAGE_SIZE } from '../../nodes/shared/lists/pager';

const t = usePlatform();
const where = { namespace: picked('crm', 'code'), application: picked('deals', 'code') };
const run = (
	parameters: Record<string, unknown>,
	extra: { input?: Array<{ json: IDataObject }> } = {},
) =>
	t.run({
		nodeType: 'elma365App',
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

test('Create: Additional Fields > Title sends {title, body}, as a public client posts it; an empty Title is left out', async () => {
	const { items, error } = await run({
		operation: 'create',
		itemId: picked(deal, 'id'),
		text: 'Alarm cleared at 09:14',
		additionalFields: { title: 'Alarm Manager: closed' },
	});
	expect(error).toBeUndefined();
	const blank = await run({
		operation: 'create',
		itemId: picked(deal, 'id'),
		text: 'No title',
		additionalFields: { title: '={{ "  " }}' },
	});
	expect(blank.error).toBeUndefined();
	expect(t.platform.requests.map((r) => [r.method, r.path, r.body])).toEqual([
		['POST', `${feed}/message`, { title: 'Alarm Manager: closed', body: 'Alarm cleared at 09:14' }],
		['POST', `${feed}/message`, { body: 'No title' }],
	]);
	expect(jsonOf(items)).toEqual([
		expect.objectContaining({ title: 'Alarm Manager: closed', body: 'Alarm cleared at 09:14' }),
	]);
});

test('Create: a Title that is not text fails the item before any request', async () => {
	const { error } = await run({
		operation: 'create',
		itemId: picked(deal, 'id'),
		text: 'hi',
		additionalFields: { title: '={{ { "a": 1 } }}' },
	});
	expect(error?.message).toMatch(/Invalid "Title" in item 0/);
	expect(t.platform.requests).toHaveLength(0);
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

test('Get Many: POST /feed/{ns}/{code}/{id}/message/list paged with from/size in the body, per input item', async () => {
	for (let i = 0; i < 3; i++)
		t.platform
			.collection('comments')
			.set(`c${i}`, { __id: newId(), item: `crm/deals/${deal}`, body: `comment ${i}` });
	const { items } = await run({ operation: 'getAll', itemId: picked(deal, 'id'), limit: 2 });
	expect(t.platform.requests.map((r) => [r.method, r.path, r.query, r.body])).toEqual([
		['POST', `${feed}/message/list`, {}, { from: 0, size: 2 }],
	]);
	expect(jsonOf(items).map((c) => (c as { body: string }).body)).toEqual([
		'comment 0',
		'comment 1',
	]);
	expect(pairingOf(items)).toEqual([{ item: 0 }, { item: 0 }]);
});

test('Get Many: Return All reads every page; the list asks for a large first page, whatever the default of 10', async () => {
	for (let i = 0; i < 12; i++)
		t.platform
			.collection('comments')
			.set(`c${i}`, { __id: newId(), item: `crm/deals/${deal}`, body: `comment ${i}` });
	const { items } = await run({ operation: 'getAll', itemId: picked(deal, 'id'), returnAll: true });
	expect(t.platform.requests.map((r) => [r.method, r.path, r.body])).toEqual([
		['POST', `${feed}/message/list`, { from: 0, size: MAX_PAGE_SIZE }],
	]);
	expect(items).toHaveLength(12);
});

describe('Get Many filters', () => {
	const ann = newId();
	const ben = newId();
	const stored = [
		{
			author: ann,
			title: 'Invoice',
			body: 'Invoice approved',
			at: '2027-01-10T10:00:00Z',
			replies: 1,
		},
		{
			author: ben,
			title: 'Invoice',
			body: 'Invoice rejected',
			at: '2027-01-12T10:00:00Z',
			replies: 0,
		},
		{
			author: ann,
			title: 'Call',
			body: 'Called the client',
			at: '2027-01-20T10:00:00Z',
			replies: 0,
		},
	];
	beforeEach(() => {
		for (const [i, c] of stored.entries())
			t.platform.collection('comments').set(`c${i}`, {
				__id: `c${i}`,
				item: `crm/deals/${deal}`,
				author: c.author,
				title: c.title,
				body: c.body,
				__createdAt: c.at,
				comments: Array.from({ length: c.replies }, () => ({ body: 'reply' })),
			});
	});
	const list = (filters: Record<string, unknown>) =>
		t.run({
			nodeType: 'elma365App',
			timezone: 'Europe/Moscow',
			parameters: {
				resource: 'comment',
				...where,
				operation: 'getAll',
				itemId: picked(deal, 'id'),
				returnAll: true,
				filters,
			},
		});

	test('every documented condition goes in `filter`, dates in UTC, lists split on commas', async () => {
		const { items, error } = await list({
			author: ` ${ann} , ${ben}`,
			bodyKeywords: 'invoice, approved',
			titleKeywords: 'Invoice',
			createdFrom: '2027-01-01T00:00:00',
			createdTo: '2027-01-15T00:00:00Z',
			hasComments: true,
		});
		expect(error).toBeUndefined();
		expect(t.platform.requests.map((r) => [r.method, r.path, r.body])).toEqual([
			[
				'POST',
				`${feed}/message/list`,
				{
					filter: {
						author: [ann, ben],
						bodyKeywords: ['invoice', 'approved'],
						titleKeywords: ['Invoice'],
						createdFrom: '2026-12-31T21:00:00.000Z',
						createdTo: '2027-01-15T00:00:00.000Z',
						hasComments: true,
					},
					from: 0,
					size: MAX_PAGE_SIZE,
				},
			],
		]);
		expect(jsonOf(items).map((c) => c.__id)).toEqual(['c0']);
	});

	test('no filter added sends none; a bad author ID fails before any request', async () => {
		const none = await list({});
		expect(none.error).toBeUndefined();
		expect(t.platform.requests.map((r) => r.body)).toEqual([{ from: 0, size: MAX_PAGE_SIZE }]);
		expect(jsonOf(none.items).map((c) => c.__id)).toEqual(['c0', 'c1', 'c2']);

		t.platform.reset();
		const bad = await list({ author: `${ann}, someone` });
		expect(bad.error?.message).toMatch(/Invalid "Author IDs" in item 0: expected a UUID/);
		expect(t.platform.requests).toHaveLength(0);
	});

	test('Has Replies off lists only comments without replies', async () => {
		const { items, error } = await list({ hasComments: false, author: ann });
		expect(error).toBeUndefined();
		expect(t.platform.requests.map((r) => r.body)).toEqual([
			{ filter: { hasComments: false, author: [ann] }, from: 0, size: MAX_PAGE_SIZE },
		]);
		expect(jsonOf(items).map((c) => c.__id)).toEqual(['c2']);
	});

	test('the Filters of Get Many', async () => {
		const { loadPackage } = await import('../harness/engine');
		const loader = await loadPackage();
		const { properties } = loader.nodeTypes.elma365App.type.description as INodeTypeDescription;
		const filters = properties.filter((p: INodeProperties) => p.name === 'filters');
		expect(filters.map((p) => p.displayOptions?.show)).toEqual([
			{ resource: ['comment'], operation: ['getAll'] },
		]);
		expect((filters[0].options as INodeProperties[]).map((o) => o.name)).toEqual([
			'author',
			'createdFrom',
			'createdTo',
			'hasComments',
			'bodyKeywords',
			'titleKeywords',
		]);
	});
});

test('the resources: Application, Comment and Item', async () => {
	const { loadPackage } = await import('../harness/engine');
	const loader = await loadPackage();
	const { properties } = loader.nodeTypes.elma365App.type.description as INodeTypeDescription;
	const selectors = properties.filter((p: INodeProperties) => p.name === 'resource');
	expect(
		selectors.map((p) => [p.default, (p.options as Array<{ value: string }>).map((o) => o.value)]),
	).toEqual([['item', ['application', 'comment', 'item']]]);
});
