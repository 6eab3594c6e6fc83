/**
 * Options > Add Value Shapes of Application Get / Get Many and Process Template Get / Get Many: the
 * exact request, and each field of the answer with the value to send for it (valueShape) and an ENUM
 * field's allowedValues; without the option, the platform's answer unchanged.
 */
import type { Parameters } from '../harness/setup';
import { jsonOf, pairingOf, usePlatform, byCode } from '../harness/setup';
import { MAX_PAGE_SIZE } from '../../nodes/shared/lists/pager';

const t = usePlatform();
const NODE = 'elma365Scheme';
const FIRST = { from: '0', size: String(MAX_PAGE_SIZE) };

type Entry = Record<string, unknown>;

/** A section of its own, so the lists hold only what this suite seeds. */
const NS = 'shop';

/** An application's fields as the platform's scheme gives them, one of each type the option describes. */
const ORDER_FIELDS: Entry[] = [
	{ code: '__name', type: 'STRING', required: true, array: false, view: { name: 'Name' } },
	{
		code: 'amount',
		type: 'MONEY',
		required: false,
		array: false,
		view: { name: 'Amount', data: { currency: 'RUB' } },
	},
	{ code: 'budget', type: 'MONEY', required: false, array: false, view: { name: 'Budget' } },
	{
		code: 'stage',
		type: 'ENUM',
		required: true,
		array: false,
		view: { name: 'Stage' },
		data: {
			enumItems: [
				{ code: 'new', name: 'New' },
				{ code: 'won', name: 'Won' },
			],
		},
	},
	{ code: 'owner', type: 'SYS_USER', required: false, array: false, view: { name: 'Owner' } },
	{ code: 'watchers', type: 'SYS_USER', required: false, array: true, view: { name: 'Watchers' } },
	{
		code: 'company',
		type: 'SYS_COLLECTION',
		required: false,
		array: false,
		view: { name: 'Company' },
		data: { namespace: 'crm', code: 'companies' },
	},
	{
		code: 'due',
		type: 'DATETIME',
		required: false,
		array: false,
		view: { name: 'Due' },
		data: { additionalType: 'date' },
	},
	{ code: 'closedAt', type: 'DATETIME', required: false, array: false, view: { name: 'Closed' } },
	{ code: 'vip', type: 'BOOLEAN', required: false, array: false, view: { name: 'VIP' } },
	{ code: 'quantity', type: 'INTEGER', required: false, array: false, view: { name: 'Quantity' } },
	{ code: 'kind', type: 'CATEGORY', required: false, array: false, view: { name: 'Kind' } },
	{ code: 'unit', type: 'SYS_OSNODE', array: false },
	{ code: 'photos', type: 'IMAGE', array: true },
	{ code: 'phone', type: 'PHONE', array: false },
	{ code: 'mail', type: 'EMAIL', array: false },
	{ code: 'contact', type: 'FULL_NAME', array: false },
	{ code: 'source', type: 'REF_ITEM', array: false },
	{ code: 'lines', type: 'TABLE', array: false },
	{ code: '__status', type: 'STATUS', array: false },
	{ code: 'wait', type: 'DURATION', array: false },
	{ code: 'extra', type: 'JSON', array: false },
	{ code: 'region', type: 'ENUM', array: false },
];

/** What Add Value Shapes adds to each of ORDER_FIELDS, in their order. */
const ORDER_SHAPES: Entry[] = [
	{ valueShape: 'text' },
	{
		valueShape:
			'money in RUB: an amount such as 2500.00, or an amount and a currency such as "2500.00 RUB"; sent as {"cents": 250000, "currency": "RUB"}',
	},
	{
		valueShape:
			'money: an amount and a currency such as "2500.00 EUR"; sent as {"cents": 250000, "currency": "EUR"}',
	},
	{
		valueShape: 'the code of one of allowedValues; sent as [{"code": "<code>"}]',
		allowedValues: [
			{ code: 'new', name: 'New' },
			{ code: 'won', name: 'Won' },
		],
	},
	{
		valueShape: 'a user\'s __id, or the exact e-mail or login of one user; sent as ["<user __id>"]',
	},
	{
		valueShape:
			'a list of values, each a user\'s __id, or the exact e-mail or login of one user; sent as ["<user __id>"]',
	},
	{ valueShape: 'the __id of an item of crm/companies; sent as ["<item __id>"]' },
	{ valueShape: 'a date, YYYY-MM-DD, such as "2026-03-05"; sent as "2026-03-05T00:00:00Z"' },
	{ valueShape: 'a date and time in ISO 8601, such as "2027-03-01T07:00:00Z"' },
	{ valueShape: 'true or false' },
	{ valueShape: 'a whole number' },
	{
		valueShape:
			'the ID (UUID) of a category, copied from this field of an item that has one (no operation lists categories); sent as ["<category id>"]',
	},
	{ valueShape: 'the __id of an org-structure node; sent as ["<__id>"]' },
	{
		valueShape:
			'a list of values, each the __id of a file, or {"name", "hash"} of a file just uploaded; sent as ["<file __id>"]',
	},
	{ valueShape: 'a phone number; sent as [{"type": "work", "tel": "<number>"}]' },
	{ valueShape: 'an e-mail address; sent as [{"type": "work", "email": "<address>"}]' },
	{ valueShape: 'a JSON object {"lastname", "firstname", "middlename"}' },
	{
		valueShape:
			'an item of any application: {"id", "code", "namespace"}, or "namespace/code/<item __id>"; sent as [{"id", "code", "namespace"}]',
	},
	{ valueShape: 'a JSON object {"rows": [...]}, sent as given' },
	{ valueShape: 'not set in a context or item fields: App > Item > Set Status sets it' },
	{ valueShape: 'a number of seconds, sent as given (DURATION is not converted)' },
	{ valueShape: 'a JSON value, sent as given (JSON is not converted)' },
	// An ENUM whose scheme lists no values: no allowedValues.
	{ valueShape: 'the code of one of the values of the field; sent as [{"code": "<code>"}]' },
];

const ORDERS: Entry = { namespace: NS, code: 'orders', name: 'Orders', fields: ORDER_FIELDS };
const ORDERS_SHAPED: Entry = {
	...ORDERS,
	fields: ORDER_FIELDS.map((field, index) => ({ ...field, ...ORDER_SHAPES[index] })),
};
/** An application whose scheme lists no fields: nothing to add. */
const NOTES: Entry = { namespace: NS, code: 'notes', name: 'Notes', fields: [] };

/** A process template's context fields as a list (as the double's other templates keep them). */
const PURCHASE: Entry = {
	__id: '5a000000-0000-4000-8000-0000000000a1',
	namespace: NS,
	code: 'purchase',
	name: 'Purchase',
	context: [
		{ code: 'subject', type: 'STRING', required: true, array: false, view: { name: 'Subject' } },
		{
			code: 'fee',
			type: 'MONEY',
			required: false,
			array: false,
			view: { name: 'Fee', data: { currency: 'EUR' } },
		},
		{
			code: 'approver',
			type: 'SYS_USER',
			required: true,
			array: false,
			view: { name: 'Approver' },
		},
	],
};
const PURCHASE_SHAPED: Entry = {
	...PURCHASE,
	context: [
		{ ...(PURCHASE.context as Entry[])[0], valueShape: 'text' },
		{
			...(PURCHASE.context as Entry[])[1],
			valueShape:
				'money in EUR: an amount such as 2500.00, or an amount and a currency such as "2500.00 EUR"; sent as {"cents": 250000, "currency": "EUR"}',
		},
		{
			...(PURCHASE.context as Entry[])[2],
			valueShape:
				'a user\'s __id, or the exact e-mail or login of one user; sent as ["<user __id>"]',
		},
	],
};
/** A template whose context fields are a map by code under `process`: the map is kept. */
const REFUND: Entry = {
	__id: '5b000000-0000-4000-8000-0000000000b2',
	namespace: NS,
	code: 'refund',
	name: 'Refund',
	process: {
		context: {
			reason: {
				type: 'ENUM',
				array: true,
				data: { enumItems: [{ code: 'damaged', name: 'Damaged' }, { code: 'late' }] },
			},
			paid: { type: 'FLOAT', array: false },
		},
	},
};
const REFUND_SHAPED: Entry = {
	...REFUND,
	process: {
		context: {
			reason: {
				type: 'ENUM',
				array: true,
				data: { enumItems: [{ code: 'damaged', name: 'Damaged' }, { code: 'late' }] },
				valueShape:
					'a list of values, each the code of one of allowedValues; sent as [{"code": "<code>"}]',
				allowedValues: [
					{ code: 'damaged', name: 'Damaged' },
					{ code: 'late', name: 'late' },
				],
			},
			paid: { type: 'FLOAT', array: false, valueShape: 'a number, such as 12.5' },
		},
	},
};

beforeEach(() => {
	t.platform.collection('schemeNamespaces').set(NS, { code: NS, name: 'Shop' });
	t.platform.collection('schemeApps').set(`${NS}/orders`, ORDERS);
	t.platform.collection('schemeApps').set(`${NS}/notes`, NOTES);
	t.platform.collection('schemeProcessTemplates').set(`${NS}/purchase`, PURCHASE);
	t.platform.collection('schemeProcessTemplates').set(`${NS}/refund`, REFUND);
});
afterEach(() => {
	t.platform.collection('schemeNamespaces').delete(NS);
	t.platform.collection('schemeApps').delete(`${NS}/orders`);
	t.platform.collection('schemeApps').delete(`${NS}/notes`);
	t.platform.collection('schemeProcessTemplates').delete(`${NS}/purchase`);
	t.platform.collection('schemeProcessTemplates').delete(`${NS}/refund`);
});

interface Case {
	name: string;
	parameters: Parameters;
	path: string;
	query: Record<string, string>;
	/** The output without the option, and with it. */
	plain: Entry[];
	shaped: Entry[];
}

const CASES: Case[] = [
	{
		name: 'Application > Get',
		parameters: {
			resource: 'application',
			operation: 'get',
			namespace: byCode(NS),
			application: byCode('orders'),
		},
		path: `/pub/v1/scheme/namespaces/${NS}/apps/orders`,
		query: {},
		plain: [ORDERS],
		shaped: [ORDERS_SHAPED],
	},
	{
		name: 'Application > Get Many',
		parameters: {
			resource: 'application',
			operation: 'getAll',
			namespace: byCode(NS),
			returnAll: true,
		},
		path: `/pub/v1/scheme/namespaces/${NS}/apps`,
		query: FIRST,
		plain: [ORDERS, NOTES],
		shaped: [ORDERS_SHAPED, NOTES],
	},
	{
		name: 'Process Template > Get',
		parameters: {
			resource: 'processTemplate',
			operation: 'get',
			namespace: byCode(NS),
			processCode: byCode('purchase'),
		},
		path: `/pub/v1/scheme/namespaces/${NS}/processes/purchase`,
		query: {},
		plain: [PURCHASE],
		shaped: [PURCHASE_SHAPED],
	},
	{
		name: 'Process Template > Get Many in Section',
		parameters: {
			resource: 'processTemplate',
			operation: 'getAllInNamespace',
			namespace: byCode(NS),
			returnAll: true,
		},
		path: `/pub/v1/scheme/namespaces/${NS}/processes`,
		query: FIRST,
		plain: [PURCHASE, REFUND],
		shaped: [PURCHASE_SHAPED, REFUND_SHAPED],
	},
];

async function run(c: Case, options?: Entry) {
	const { items, error } = await t.run({
		nodeType: NODE,
		parameters: { ...c.parameters, ...(options ? { options } : {}) } as Parameters,
	});
	expect(error).toBeUndefined();
	expect(t.platform.requests.map((r) => [r.method, r.path, r.query, r.body])).toEqual([
		['GET', c.path, c.query, undefined],
	]);
	expect(pairingOf(items)).toEqual(c.plain.map(() => ({ item: 0 })));
	return jsonOf(items);
}

describe('Add Value Shapes', () => {
	test.each(CASES.map((c) => [c.name, c] as const))(
		'%s: each field with its valueShape (and allowedValues)',
		async (_name, c) => {
			expect(await run(c, { addValueShapes: true })).toEqual(c.shaped);
		},
	);

	test.each(CASES.map((c) => [c.name, c] as const))(
		'%s: without the option, or with it off, the answer as the platform gave it',
		async (_name, c) => {
			expect(await run(c)).toEqual(c.plain);
			t.platform.reset();
			expect(await run(c, { addValueShapes: false })).toEqual(c.plain);
		},
	);

	test('a Get Many template bound to an application, the same way', async () => {
		const key = `${NS}.orders/check`;
		const template = {
			__id: '5c000000-0000-4000-8000-0000000000c3',
			namespace: `${NS}.orders`,
			application: 'orders',
			code: 'check',
			name: 'Check',
			context: [{ code: 'done', type: 'BOOLEAN', array: false }],
		};
		t.platform.collection('schemeProcessTemplates').set(key, template);
		try {
			const { items, error } = await t.run({
				nodeType: NODE,
				parameters: {
					resource: 'processTemplate',
					operation: 'getAllInApplication',
					namespace: byCode(NS),
					application: byCode('orders'),
					returnAll: true,
					options: { addValueShapes: true },
				},
			});
			expect(error).toBeUndefined();
			expect(t.platform.requests.map((r) => [r.path, r.query])).toEqual([
				[`/pub/v1/scheme/namespaces/${NS}/apps/orders/processes`, FIRST],
			]);
			expect(jsonOf(items)).toEqual([
				{
					...template,
					context: [{ code: 'done', type: 'BOOLEAN', array: false, valueShape: 'true or false' }],
				},
			]);
		} finally {
			t.platform.collection('schemeProcessTemplates').delete(key);
		}
	});

	test('Return Raw Response outputs the page as the platform gave it, the option aside', async () => {
		const { items } = await t.run({
			nodeType: NODE,
			parameters: {
				resource: 'application',
				operation: 'getAll',
				namespace: byCode(NS),
				returnAll: true,
				options: { addValueShapes: true, rawResponse: true },
			},
		});
		expect(jsonOf(items)).toEqual([{ success: true, error: '', result: [ORDERS, NOTES] }]);
	});
});

describe('an agent that gives what valueShape says', () => {
	const dana = {
		__id: '0d000000-0000-4000-8000-00000000da0a',
		__name: 'Dana Fox',
		email: 'dana@example.com',
		login: 'dfox',
	};
	const templateId = PURCHASE.__id as string;
	beforeEach(() => {
		t.platform.collection('users').set(dana.__id, dana);
		t.platform
			.collection('processTemplates')
			.set('purchase', { __id: templateId, namespace: NS, code: 'purchase' });
	});
	afterEach(() => {
		t.platform.collection('users').delete(dana.__id);
		t.platform.collection('processTemplates').delete('purchase');
		t.platform.collection('processInstances').clear();
	});

	test('Process > Start (Using JSON) sends each value in the shape its valueShape names', async () => {
		const { items: schemes } = await t.run({
			nodeType: NODE,
			parameters: {
				resource: 'processTemplate',
				operation: 'get',
				namespace: byCode(NS),
				processCode: byCode('purchase'),
				options: { addValueShapes: true },
			},
		});
		const shapes = Object.fromEntries(
			(jsonOf(schemes)[0].context as Entry[]).map((field) => [field.code, field.valueShape]),
		);
		// What the texts tell an agent to give, and what they say is sent.
		expect(shapes.fee).toContain('an amount such as 2500.00');
		expect(shapes.fee).toContain('sent as {"cents": 250000, "currency": "EUR"}');
		expect(shapes.approver).toContain('the exact e-mail or login of one user');
		expect(shapes.approver).toContain('sent as ["<user __id>"]');
		t.platform.reset();

		const { error } = await t.run({
			nodeType: 'elma365Process',
			parameters: {
				resource: 'process',
				operation: 'start',
				namespace: byCode(NS),
				processCode: byCode('purchase'),
				fieldsInputMode: 'json',
				fieldsJson: JSON.stringify({ subject: 'Chairs', fee: '2500.00', approver: dana.email }),
			},
		});
		expect(error).toBeUndefined();
		expect(t.platform.requests.map((r) => [r.method, r.path, r.body])).toEqual([
			['GET', `/pub/v1/scheme/namespaces/${NS}/processes/purchase`, undefined],
			[
				'POST',
				'/pub/v1/user/list',
				{ filter: { tf: { email: dana.email } }, from: 0, size: MAX_PAGE_SIZE },
			],
			[
				'POST',
				`/pub/v1/bpm/template/${NS}/purchase/run`,
				{
					context: {
						subject: 'Chairs',
						fee: { cents: 250000, currency: 'EUR' },
						approver: [dana.__id],
					},
				},
			],
		]);
	});
});
