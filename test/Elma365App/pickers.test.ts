import type { INodeTypeDescription } from 'n8n-workflow';
import { loadOptions, loadPackage, resourceMapperFields, searchList } from '../harness/engine';
import { fail, newId } from '../harness/index.ts';
import { itemsOf } from '../harness/routes/app.ts';
import { jsonOf, usePlatform, picked } from '../harness/setup';
import { MAX_PAGE_SIZE } from '../../nodes/shared/lists/pager';

const t = usePlatform();
const located = { namespace: picked('crm'), application: picked('orders') };
const editor = { nodeType: 'elma365App' };
/** Item > Create one item per request (Send in One Request off): the platform's item is the output. */
const single = { sendInOneRequest: false };

const ORDER_FIELDS = [
	{
		code: '__name',
		type: 'STRING',
		required: true,
		array: false,
		single: true,
		view: { name: 'Name' },
	},
	{
		code: 'quantity',
		type: 'INTEGER',
		required: false,
		array: false,
		single: true,
		view: { name: 'Quantity' },
	},
	{
		code: 'price',
		type: 'FLOAT',
		required: false,
		array: false,
		single: true,
		view: { name: 'Price' },
	},
	{
		code: 'paid',
		type: 'BOOLEAN',
		required: false,
		array: false,
		single: true,
		view: { name: 'Paid' },
	},
	{
		code: 'due',
		type: 'DATETIME',
		required: false,
		array: false,
		single: true,
		view: { name: 'Due' },
	},
	{
		code: 'client',
		type: 'SYS_COLLECTION',
		required: false,
		array: false,
		single: true,
		view: { name: 'Client' },
	},
	{
		code: 'managers',
		type: 'SYS_USER',
		required: false,
		array: true,
		single: false,
		view: { name: 'Managers' },
	},
	{
		code: 'kind',
		type: 'ENUM',
		required: false,
		array: false,
		single: true,
		view: { name: 'Kind' },
	},
	{ code: 'total', type: 'MONEY', required: false, array: false, single: true, view: {} },
];

beforeAll(() => {
	t.platform
		.collection('schemeApps')
		.set('crm/orders', { namespace: 'crm', code: 'orders', name: 'Orders', fields: ORDER_FIELDS });
});

describe('section and application pickers', () => {
	const extra: string[] = [];
	beforeAll(() => {
		// More sections than one page of 1,000 (the size a search asks for).
		for (let i = 0; i < 1250; i++) {
			const code = `ns${String(i).padStart(4, '0')}`;
			extra.push(code);
			t.platform.collection('schemeNamespaces').set(code, { code, name: `Section ${i}` });
		}
	});
	afterAll(() => {
		for (const code of extra) t.platform.collection('schemeNamespaces').delete(code);
	});

	test('sections come page by page, shown as "Name (code)", valued by code', async () => {
		const first = await searchList({
			...editor,
			parameters: {},
			credential: t.credential(),
			method: 'searchNamespaces',
		});
		expect(first.results).toHaveLength(100);
		expect(first.results.slice(0, 3)).toEqual([
			{ name: 'CRM (crm)', value: 'crm' },
			{ name: 'HR (hr)', value: 'hr' },
			{ name: 'Section 0 (ns0000)', value: 'ns0000' },
		]);
		expect(first.paginationToken).toBe('100');
		const last = await searchList({
			...editor,
			parameters: {},
			credential: t.credential(),
			method: 'searchNamespaces',
			paginationToken: '1200',
		});
		expect(last.results.map((r) => r.value)).toEqual(extra.slice(1198));
		expect(last.paginationToken).toBeUndefined();
		expect(
			t.platform.requests.map((r) => [r.method, r.path, r.query, r.headers.authorization]),
		).toEqual([
			[
				'GET',
				'/pub/v1/scheme/namespaces',
				{ from: '0', size: '100' },
				`Bearer ${t.platform.apiKey}`,
			],
			[
				'GET',
				'/pub/v1/scheme/namespaces',
				{ from: '1200', size: '100' },
				`Bearer ${t.platform.apiKey}`,
			],
		]);
	});

	test('a search text goes on through pages without a match, and finds by code or name', async () => {
		const found = await searchList({
			...editor,
			parameters: {},
			credential: t.credential(),
			method: 'searchNamespaces',
			filter: 'ns124',
		});
		expect(found.results.map((r) => r.value)).toEqual(extra.slice(1240));
		expect(found.results[0]).toEqual({ name: 'Section 1240 (ns1240)', value: 'ns1240' });
		expect(found.paginationToken).toBeUndefined();
		// The first 1,000 have no match; the search goes on to the next page.
		expect(t.platform.requests.map((r) => r.query)).toEqual([
			{ from: '0', size: '1000' },
			{ from: '1000', size: '1000' },
		]);
	});

	test('applications of the chosen section, filtered by the search text', async () => {
		const all = await searchList({
			...editor,
			parameters: { namespace: picked('crm') },
			credential: t.credential(),
			method: 'searchApplications',
		});
		expect(all).toEqual({
			results: [
				{ name: 'Deals (deals)', value: 'deals' },
				{ name: 'Companies (companies)', value: 'companies' },
				{ name: 'Orders (orders)', value: 'orders' },
			],
			paginationToken: undefined,
		});
		const typed = await searchList({
			...editor,
			parameters: { namespace: picked('crm', 'code') },
			credential: t.credential(),
			method: 'searchApplications',
			filter: 'COMP',
		});
		expect(typed.results).toEqual([{ name: 'Companies (companies)', value: 'companies' }]);
		expect(t.platform.requests.map((r) => [r.method, r.path])).toEqual([
			['GET', '/pub/v1/scheme/namespaces/crm/apps'],
			['GET', '/pub/v1/scheme/namespaces/crm/apps'],
		]);
	});

	test('the application list is empty until a section is chosen, without a request', async () => {
		await expect(
			searchList({
				...editor,
				parameters: {},
				credential: t.credential(),
				method: 'searchApplications',
			}),
		).resolves.toEqual({ results: [] });
		expect(t.platform.requests).toHaveLength(0);
	});

	test('a credential that may not list sections gets a readable message', async () => {
		t.platform.script('GET', '/pub/v1/scheme/namespaces', fail(403, 'access denied'));
		await expect(
			searchList({
				...editor,
				parameters: {},
				credential: t.credential(),
				method: 'searchNamespaces',
			}),
		).rejects.toThrow('ELMA365: the credential may not list sections (HTTP 403)');
		await expect(
			searchList({
				...editor,
				parameters: {},
				credential: { ...t.credential(), apiKey: 'wrong' },
				method: 'searchNamespaces',
			}),
		).rejects.toMatchObject({
			httpCode: '403',
			description: expect.stringContaining('type the value in instead'),
		});
	});
});

describe('status dropdown', () => {
	test('lists the statuses of the chosen application by name, valued by code', async () => {
		const options = await loadOptions({
			...editor,
			parameters: { namespace: picked('crm'), application: picked('deals') },
			credential: t.credential(),
			method: 'getStatuses',
		});
		expect(options).toEqual([
			{ name: 'New', value: 'new', description: 'Group: Open' },
			{ name: 'In progress', value: 'in_progress', description: 'Group: Open' },
			{ name: 'Done', value: 'done', description: 'Group: Closed' },
		]);
		expect(t.platform.requests.map((r) => [r.method, r.path])).toEqual([
			['GET', '/pub/v1/app/crm/deals/settings/status'],
		]);
	});

	test('a status picked from the list is set by its code', async () => {
		const id = newId();
		itemsOf(t.platform, 'app', 'crm', 'deals').set(id, { __id: id, __name: 'Deal' });
		const { items, error } = await t.run({
			...editor,
			parameters: {
				resource: 'item',
				operation: 'setStatus',
				namespace: picked('crm'),
				application: picked('deals'),
				itemId: id,
				statusCode: 'done',
			},
		});
		expect(error).toBeUndefined();
		expect(t.platform.requests.map((r) => [r.method, r.path, r.body])).toEqual([
			['POST', `/pub/v1/app/crm/deals/${id}/set-status`, { status: { code: 'done' } }],
		]);
		expect(jsonOf(items)).toEqual([
			{ __id: id, __name: 'Deal', __status: { order: 0, status: 3 } },
		]);
	});
});

describe("Item > Create's status group dropdown", () => {
	test('is the status groups of the chosen application (the same list as the filters), valued by id', async () => {
		const loader = await loadPackage();
		const properties = (loader.nodeTypes.elma365App.type.description as INodeTypeDescription)
			.properties;
		const options = properties.find(
			(p) => p.name === 'options' && p.displayOptions?.show?.operation?.includes('create'),
		);
		const group = (options?.options as Array<{ name: string }>).find(
			(o) => o.name === 'statusGroupId',
		);
		expect(group).toMatchObject({
			type: 'options',
			typeOptions: {
				loadOptionsMethod: 'getStatusGroups',
				loadOptionsDependsOn: ['namespace.value', 'application.value'],
			},
		});
		expect(
			await loadOptions({
				...editor,
				parameters: { resource: 'item', operation: 'create', ...located },
				credential: t.credential(),
				method: 'getStatusGroups',
			}),
		).toEqual([
			{
				name: 'Open',
				value: 'f1d7c1a0-0000-4000-8000-000000000001',
				description: 'Statuses: New, In progress',
			},
			{
				name: 'Closed',
				value: 'f1d7c1a0-0000-4000-8000-000000000002',
				description: 'Statuses: Done',
			},
		]);
		expect(t.platform.requests.map((r) => [r.method, r.path, r.body])).toEqual([
			['GET', '/pub/v1/app/crm/orders/settings/status', undefined],
		]);
	});

	test('a picked group is sent as statusGroupId, as a typed one was', async () => {
		const { error } = await t.run({
			...editor,
			parameters: {
				resource: 'item',
				operation: 'create',
				...located,
				fieldsInputMode: 'json',
				fieldsJson: '{"__name": "x"}',
				...single,
				options: { statusGroupId: 'f1d7c1a0-0000-4000-8000-000000000002' },
			},
		});
		expect(error).toBeUndefined();
		expect(t.platform.requests.map((r) => [r.method, r.path, r.body])).toEqual([
			['GET', '/pub/v1/scheme/namespaces/crm/apps/orders', undefined],
			[
				'POST',
				'/pub/v1/app/crm/orders/create',
				{ context: { __name: 'x' }, statusGroupId: 'f1d7c1a0-0000-4000-8000-000000000002' },
			],
		]);
	});
});

describe('field mapping', () => {
	test("the mapper lists the application's fields with display name, type and whether required", async () => {
		const { fields } = await resourceMapperFields({
			...editor,
			parameters: located,
			credential: t.credential(),
			method: 'getApplicationFields',
		});
		// A user field (Managers) makes the mapper list the users it offers.
		expect(t.platform.requests.map((r) => [r.method, r.path])).toEqual([
			['GET', '/pub/v1/scheme/namespaces/crm/apps/orders'],
			['POST', '/pub/v1/user/list'],
		]);
		expect(fields.map((f) => [f.id, f.displayName, f.type, f.required, f.display])).toEqual([
			['__name', 'Name', 'string', true, true],
			['quantity', 'Quantity', 'number', false, true],
			['price', 'Price', 'number', false, true],
			['paid', 'Paid', 'boolean', false, true],
			['due', 'Due', 'dateTime', false, true],
			['client', 'Client', 'string', false, true],
			['managers', 'Managers', 'options', false, true],
			['kind', 'Kind', 'string', false, true],
			['total', 'total', 'string', false, true],
		]);
	});

	test('an application without fields says so', async () => {
		const result = await resourceMapperFields({
			...editor,
			parameters: { namespace: picked('hr'), application: picked('employees') },
			credential: t.credential(),
			method: 'getApplicationFields',
		});
		expect(result).toEqual({
			fields: [],
			emptyFieldsNotice:
				'The scheme of "hr.employees" lists no fields: choose Specify Values > Using JSON',
		});
	});

	async function mapped(value: Record<string, unknown>, extra: Record<string, unknown> = {}) {
		const { fields: schema } = await resourceMapperFields({
			...editor,
			parameters: located,
			credential: t.credential(),
			method: 'getApplicationFields',
		});
		t.platform.reset();
		return await t.run({
			...editor,
			parameters: {
				resource: 'item',
				operation: 'create',
				...located,
				...single,
				columns: { mappingMode: 'defineBelow', value, matchingColumns: [], schema },
				...extra,
			} as never,
		});
	}

	test('create converts each mapped value to the platform shape', async () => {
		const client = newId();
		const [alice, bob] = [newId(), newId()];
		const { items, error } = await mapped({
			__name: 'Order 1',
			quantity: '3',
			price: 12.5,
			paid: 'true',
			due: '2027-03-01T10:00:00+03:00',
			client,
			managers: `={{ "${alice}, ${bob}" }}`,
			kind: 'retail',
			total: '{"cents": 1250, "currency": "RUB"}',
		});
		expect(error).toBeUndefined();
		const context = {
			__name: 'Order 1',
			quantity: 3,
			price: 12.5,
			paid: true,
			due: '2027-03-01T07:00:00Z',
			client: [client],
			managers: [alice, bob],
			kind: [{ code: 'retail' }],
			total: { cents: 1250, currency: 'RUB' },
		};
		expect(t.platform.requests.map((r) => [r.method, r.path, r.body])).toEqual([
			['POST', '/pub/v1/app/crm/orders/create', { context }],
		]);
		expect(jsonOf(items)).toEqual([
			{ ...context, __id: expect.any(String), __createdAt: '2026-01-01T00:00:00Z' },
		]);
	});

	test('a JSON-shaped field (money) is text in the form, so an empty one shows no error marker; text or an object is sent parsed, also from a schema saved with the JSON type', async () => {
		const { fields } = await resourceMapperFields({
			...editor,
			parameters: located,
			credential: t.credential(),
			method: 'getApplicationFields',
		});
		const money = fields.find((field) => field.id === 'total');
		expect([money?.type, (money as { platformType?: string })?.platformType]).toEqual([
			'string',
			'MONEY',
		]);
		const saved = { ...money, type: 'object' };
		for (const [schema, value] of [
			[money, '{"cents": 5, "currency": "RUB"}'],
			[money, '={{ { cents: 5, currency: "RUB" } }}'],
			[saved, '{"cents": 5, "currency": "RUB"}'],
		]) {
			t.platform.reset();
			const { error } = await t.run({
				...editor,
				parameters: {
					resource: 'item',
					operation: 'create',
					...located,
					...single,
					columns: {
						mappingMode: 'defineBelow',
						value: { total: value },
						matchingColumns: [],
						schema: [schema],
					},
				} as never,
			});
			expect(error).toBeUndefined();
			expect(t.platform.requests.map((r) => r.body)).toEqual([
				{ context: { total: { cents: 5, currency: 'RUB' } } },
			]);
		}
	});

	test('money is typed as an amount and a currency and sent as {cents, currency}; a number without a currency is refused', async () => {
		for (const [typed, sent] of [
			['2500.00 EUR', { cents: 250000, currency: 'EUR' }],
			['eur 12,5', { cents: 1250, currency: 'EUR' }],
			['-3 USD', { cents: -300, currency: 'USD' }],
			['RUB 7', { cents: 700, currency: 'RUB' }],
		] as const) {
			const { error } = await mapped({ __name: 'x', total: typed });
			expect(error).toBeUndefined();
			expect(t.platform.requests.map((r) => [r.method, r.path, r.body])).toEqual([
				['POST', '/pub/v1/app/crm/orders/create', { context: { __name: 'x', total: sent } }],
			]);
		}
		for (const wrong of [
			'2500',
			'2500.005 EUR',
			'EUR 5 USD',
			'{"cents": 1.5, "currency": "EUR"}',
		]) {
			const { error } = await mapped({ __name: 'x', total: wrong });
			expect(error?.message).toBe(
				`Invalid "Values to Send > total" in item 0: expected an amount and a currency such as 2500.00 EUR, or {"cents": 250000, "currency": "EUR"}, got ${JSON.stringify(wrong)}`,
			);
			expect(t.platform.requests).toHaveLength(0);
		}
	});

	/** A create whose mapper's saved schema is `schema`, with `value` mapped. */
	async function createWith(
		schema: Array<Record<string, unknown>>,
		value: Record<string, unknown>,
	) {
		t.platform.reset();
		return await t.run({
			...editor,
			parameters: {
				resource: 'item',
				operation: 'create',
				...located,
				...single,
				columns: { mappingMode: 'defineBelow', value, matchingColumns: [], schema },
			} as never,
		});
	}
	const mapperField = (id: string, platformType: string, extra: Record<string, unknown> = {}) => ({
		id,
		displayName: id,
		required: false,
		defaultMatch: false,
		canBeUsedToMatch: false,
		display: true,
		type: 'string',
		platformType,
		...extra,
	});

	test('money whose scheme gives the currency (view.data.currency) takes a bare amount in it; without one a bare amount is refused naming the shape', async () => {
		const { fields } = await resourceMapperFields({
			...editor,
			parameters: located,
			credential: t.credential(),
			method: 'getApplicationFields',
		});
		// ORDER_FIELDS' money field gives no currency: none is kept.
		expect(fields.find((field) => field.id === 'total')).not.toHaveProperty('currency');
		t.platform.collection('schemeApps').set('crm/priced', {
			namespace: 'crm',
			code: 'priced',
			name: 'Priced',
			fields: [
				{
					code: 'total',
					type: 'MONEY',
					array: false,
					view: { name: 'Total', data: { currency: 'eur' } },
				},
			],
		});
		const priced = await resourceMapperFields({
			...editor,
			parameters: { namespace: picked('crm'), application: picked('priced') },
			credential: t.credential(),
			method: 'getApplicationFields',
		});
		expect(priced.fields).toEqual([
			expect.objectContaining({ id: 'total', platformType: 'MONEY', currency: 'EUR' }),
		]);
		const total = mapperField('total', 'MONEY', { currency: 'EUR' });
		for (const [given, sent] of [
			[2500, { cents: 250000, currency: 'EUR' }],
			['2500.5', { cents: 250050, currency: 'EUR' }],
			['2500 USD', { cents: 250000, currency: 'USD' }],
			['={{ { cents: 7, currency: "RUB" } }}', { cents: 7, currency: 'RUB' }],
		] as const) {
			const { error } = await createWith([total], { total: given });
			expect(error).toBeUndefined();
			expect(t.platform.requests.map((r) => r.body)).toEqual([{ context: { total: sent } }]);
		}
		for (const wrong of ['2500.005', 'about 2500']) {
			const { error } = await createWith([total], { total: wrong });
			expect(error?.message).toBe(
				`Invalid "Values to Send > total" in item 0: expected an amount such as 2500.00 (in EUR), an amount and a currency such as 2500.00 EUR, or {"cents": 250000, "currency": "EUR"}, got ${JSON.stringify(wrong)}`,
			);
			expect(t.platform.requests).toHaveLength(0);
		}
		const { error } = await createWith([mapperField('total', 'MONEY')], { total: 2500 });
		expect(error?.message).toBe(
			'Invalid "Values to Send > total" in item 0: expected an amount and a currency such as 2500.00 EUR, or {"cents": 250000, "currency": "EUR"}, got 2500',
		);
		expect(t.platform.requests).toHaveLength(0);
	});

	test('a CATEGORY field is sent as ["uuid"] (the vendor\'s field types value it by UUID); a code is refused before any request; an ENUM keeps [{"code"}]', async () => {
		const [north, south] = [newId(), newId()];
		const schema = [mapperField('region', 'CATEGORY'), mapperField('kind', 'ENUM')];
		const { error } = await createWith(schema, {
			region: `={{ "${north}, ${south}" }}`,
			kind: 'retail',
		});
		expect(error).toBeUndefined();
		expect(t.platform.requests.map((r) => r.body)).toEqual([
			{ context: { region: [north, south], kind: [{ code: 'retail' }] } },
		]);
		const refused = await createWith(schema, { region: 'eu' });
		expect(refused.error?.message).toBe(
			'Invalid "Values to Send > region" in item 0: expected category IDs (UUIDs), not codes or names, got "eu"',
		);
		// Where the ID comes from, as no operation lists categories.
		expect(refused.error?.description).toBe(
			"A category field takes the IDs of categories. The platform's API lists no categories: copy the IDs from this field of an item that has them (App > Item > Get or Get Many, a list of IDs).",
		);
		expect(t.platform.requests).toHaveLength(0);
	});

	test('items created in one request: users given by e-mail are looked up once, before the batch is sent', async () => {
		const [ann, bob] = [newId(), newId()];
		t.platform.collection('users').set(ann, { __id: ann, __name: 'Ann', email: 'ann@example.com' });
		t.platform.collection('users').set(bob, { __id: bob, __name: 'Bob', email: 'bob@example.com' });
		try {
			const { fields: schema } = await resourceMapperFields({
				...editor,
				parameters: located,
				credential: t.credential(),
				method: 'getApplicationFields',
			});
			t.platform.reset();
			const { error, items } = await t.run({
				...editor,
				parameters: {
					resource: 'item',
					operation: 'create',
					...located,
					columns: {
						mappingMode: 'defineBelow',
						value: { __name: '={{ $json.name }}', managers: '={{ $json.who }}' },
						matchingColumns: [],
						schema,
					},
				} as never,
				input: [
					{ json: { name: 'A', who: 'ann@example.com' } },
					{ json: { name: 'B', who: 'ann@example.com, bob@example.com' } },
				],
			});
			expect(error).toBeUndefined();
			expect(items).toHaveLength(2);
			expect(t.platform.requests.map((r) => [r.method, r.path, r.body])).toEqual([
				[
					'POST',
					'/pub/v1/user/list',
					{ filter: { tf: { email: 'ann@example.com' } }, from: 0, size: MAX_PAGE_SIZE },
				],
				[
					'POST',
					'/pub/v1/user/list',
					{ filter: { tf: { email: 'bob@example.com' } }, from: 0, size: MAX_PAGE_SIZE },
				],
				[
					'POST',
					'/pub/v1/app/items/batch',
					{
						items: [
							{
								namespace: 'crm',
								code: 'orders',
								context: { __name: 'A', managers: [ann], __id: '$ref/0' },
							},
							{
								namespace: 'crm',
								code: 'orders',
								context: { __name: 'B', managers: [ann, bob], __id: '$ref/1' },
							},
						],
						withEventHandlers: true,
					},
				],
			]);
		} finally {
			t.platform.collection('users').delete(ann);
			t.platform.collection('users').delete(bob);
		}
	});

	test('Using JSON sends Fields (JSON) alone: the values left in the form are not sent', async () => {
		const { error } = await mapped(
			{ __name: 'Mapped', quantity: null, kind: '' },
			{ fieldsInputMode: 'json', fieldsJson: '{"__name": "From JSON", "note": "x"}' },
		);
		expect(error).toBeUndefined();
		// The scheme read (for the JSON's field types), then the create with the JSON alone.
		expect(t.platform.requests.map((r) => r.body)).toEqual([
			undefined,
			{ context: { __name: 'From JSON', note: 'x' } },
		]);
	});

	test('a value that does not fit its field fails before any request, naming the field and item', async () => {
		const { error } = await mapped({ __name: 'x', managers: '={{ "not a user" }}' });
		expect(error?.message).toBe(
			'Invalid "Values to Send > Managers" in item 0: expected a user (picked, or a user\'s UUID, e-mail or login), or a list of them, got "not a user"',
		);
		expect(t.platform.requests).toHaveLength(0);
		const number = await mapped({ __name: 'x', quantity: '2.5' });
		expect(number.error?.message).toBe(
			'Invalid "Values to Send > Quantity" in item 0: expected a whole number, got "2.5"',
		);
		// Number(' ') is 0 in JavaScript: a blank from an expression must not become a zero on the platform.
		const blank = await mapped({ __name: 'x', quantity: '  ' });
		expect(blank.error?.message).toBe(
			'Invalid "Values to Send > Quantity" in item 0: expected a number, got "  "',
		);
		const deep = await mapped({ __name: 'x', total: `${'{"a":'.repeat(150)}1${'}'.repeat(150)}` });
		expect(deep.error?.message).toMatch(
			/^Invalid "Values to Send > total" in item 0: expected a JSON object nested at most 100 levels deep, got /,
		);
		expect(t.platform.requests).toHaveLength(0);
	});

	test('a required field left blank on create is named by its label, before any request; Using JSON may give it instead', async () => {
		for (const blank of ['', '   ', null]) {
			const { error } = await mapped({ __name: blank, quantity: 2 });
			expect(error?.message).toBe('"Values to Send > Name" is required in item 0');
			expect(error?.description).toBe(
				'The application\'s scheme marks it as required (field code "__name"): give it a value, or choose Specify Values > Using JSON to send the fields as one object.',
			);
			expect(t.platform.requests).toHaveLength(0);
		}
		const fromJson = await mapped(
			{ __name: '', quantity: 2 },
			{ fieldsInputMode: 'json', fieldsJson: '{"__name": "J"}' },
		);
		expect(fromJson.error).toBeUndefined();
		expect(t.platform.requests.map((r) => r.body)).toEqual([
			undefined,
			{ context: { __name: 'J' } },
		]);
	});

	test('update maps fields onto an existing item; pairs mode keeps the name/value pairs', async () => {
		const id = newId();
		itemsOf(t.platform, 'app', 'crm', 'orders').set(id, { __id: id, __name: 'Old', quantity: 1 });
		const { fields: schema } = await resourceMapperFields({
			...editor,
			parameters: located,
			credential: t.credential(),
			method: 'getApplicationFields',
		});
		t.platform.reset();
		const update = await t.run({
			...editor,
			parameters: {
				resource: 'item',
				operation: 'update',
				...located,
				itemId: id,
				columns: {
					mappingMode: 'defineBelow',
					// A required field left blank is not demanded on update: blanks are not sent.
					value: { __name: '', quantity: 7 },
					matchingColumns: [],
					schema,
				},
			} as never,
		});
		expect(update.error).toBeUndefined();
		expect(jsonOf(update.items)).toEqual([{ __id: id, __name: 'Old', quantity: 7 }]);
		const pairs = await t.run({
			...editor,
			parameters: {
				resource: 'item',
				operation: 'update',
				...located,
				itemId: id,
				fieldsInputMode: 'pairs',
				fields: { field: [{ name: 'quantity', value: '8' }] },
			} as never,
		});
		expect(pairs.error).toBeUndefined();
		expect(t.platform.requests.map((r) => [r.path, r.body])).toEqual([
			[`/pub/v1/app/crm/orders/${id}/update`, { context: { quantity: 7 } }],
			// Pairs read the scheme for their fields' types: "8" goes as the INTEGER 8.
			['/pub/v1/scheme/namespaces/crm/apps/orders', undefined],
			[`/pub/v1/app/crm/orders/${id}/update`, { context: { quantity: 8 } }],
		]);
	});
});

/** Field types of the vendor's "Data types" guide beyond those above, and a date-only field. */
const CONTACT_FIELDS = [
	{
		code: 'birthday',
		type: 'DATETIME',
		required: false,
		array: false,
		single: true,
		view: { name: 'Birthday' },
		data: { additionalType: 'date' },
	},
	{
		code: 'seen',
		type: 'DATETIME',
		required: false,
		array: false,
		single: true,
		view: { name: 'Seen' },
		data: { additionalType: 'datetime' },
	},
	{
		code: 'source',
		type: 'REF_ITEM',
		required: false,
		array: false,
		single: true,
		view: { name: 'Source' },
	},
	{
		code: 'phone',
		type: 'PHONE',
		required: false,
		array: true,
		single: false,
		view: { name: 'Phone' },
	},
	{
		code: 'email',
		type: 'EMAIL',
		required: false,
		array: true,
		single: false,
		view: { name: 'Email' },
	},
	{
		code: 'photo',
		type: 'IMAGE',
		required: false,
		array: false,
		single: true,
		view: { name: 'Photo' },
	},
	{
		code: 'fio',
		type: 'FULL_NAME',
		required: false,
		array: false,
		single: true,
		view: { name: 'Full name' },
	},
	{
		code: 'site',
		type: 'LINK',
		required: false,
		array: false,
		single: true,
		view: { name: 'Site' },
	},
];

describe('field values as the vendor documents them (data types guide)', () => {
	const contacts = { namespace: picked('crm'), application: picked('contacts') };
	beforeAll(() => {
		t.platform.collection('schemeApps').set('crm/contacts', {
			namespace: 'crm',
			code: 'contacts',
			name: 'Contacts',
			fields: CONTACT_FIELDS,
		});
	});

	async function create(value: Record<string, unknown>) {
		const { fields: schema } = await resourceMapperFields({
			...editor,
			parameters: contacts,
			credential: t.credential(),
			method: 'getApplicationFields',
		});
		t.platform.reset();
		return await t.run({
			...editor,
			parameters: {
				resource: 'item',
				operation: 'create',
				...contacts,
				...single,
				columns: { mappingMode: 'defineBelow', value, matchingColumns: [], schema },
			} as never,
		});
	}

	test('the mapper tells a date-only field; labels are the field names alone', async () => {
		const { fields } = await resourceMapperFields({
			...editor,
			parameters: contacts,
			credential: t.credential(),
			method: 'getApplicationFields',
		});
		expect(fields.map((f) => [f.id, f.displayName, f.type])).toEqual([
			['birthday', 'Birthday', 'dateTime'],
			['seen', 'Seen', 'dateTime'],
			['source', 'Source', 'string'],
			['phone', 'Phone', 'string'],
			['email', 'Email', 'string'],
			['photo', 'Photo', 'string'],
			['fio', 'Full name', 'string'],
			['site', 'Site', 'string'],
		]);
	});

	test('a date without time is sent as the calendar date given, at 00:00:00Z, with no time-zone shift; date-times keep theirs', async () => {
		const ref = newId();
		const photo = newId();
		const { error } = await create({
			birthday: '2026-03-05T00:00:00+03:00',
			seen: '2027-03-01T10:00:00+03:00',
			source: `{"id": "${ref}", "code": "deals", "namespace": "crm"}`,
			phone: '+79001234567',
			email: '[{"type": "home", "email": "a@example.com"}]',
			photo,
			fio: '{"lastname": "Smith", "firstname": "Sara", "middlename": "Ellen"}',
			site: 'https://example.com',
		});
		expect(error).toBeUndefined();
		expect(t.platform.requests.map((r) => [r.method, r.path, r.body])).toEqual([
			[
				'POST',
				'/pub/v1/app/crm/contacts/create',
				{
					context: {
						birthday: '2026-03-05T00:00:00Z',
						seen: '2027-03-01T07:00:00Z',
						source: [{ id: ref, code: 'deals', namespace: 'crm' }],
						phone: [{ type: 'work', tel: '+79001234567' }],
						email: [{ type: 'home', email: 'a@example.com' }],
						photo: [photo],
						fio: { lastname: 'Smith', firstname: 'Sara', middlename: 'Ellen' },
						site: 'https://example.com',
					},
				},
			],
		]);
	});

	test('an arbitrary-app reference as "namespace/code/id", several phones as text, a bare date, a file just uploaded', async () => {
		const [ref, stored, hash] = [newId(), newId(), newId()];
		const { error } = await create({
			source: `crm/deals/${ref}`,
			phone: '+7900, +7901',
			birthday: '2026-12-31',
			photo: `[{"name": "me.png", "hash": "${hash}"}, "${stored}"]`,
		});
		expect(error).toBeUndefined();
		expect(t.platform.requests.map((r) => r.body)).toEqual([
			{
				context: {
					source: [{ id: ref, code: 'deals', namespace: 'crm' }],
					phone: [
						{ type: 'work', tel: '+7900' },
						{ type: 'work', tel: '+7901' },
					],
					birthday: '2026-12-31T00:00:00Z',
					photo: [{ name: 'me.png', hash }, stored],
				},
			},
		]);
	});

	test('values that do not fit are refused before any request, naming the field', async () => {
		const badRef = await create({ source: `{"id": "${newId()}", "code": "deals"}` });
		expect(badRef.error?.message).toMatch(
			/^Invalid "Values to Send > Source" in item 0: expected a JSON object \{"id", "code", "namespace"\}/,
		);
		// n8n's own dateTime check refuses other malformed text first; a day past the month's end reaches ours.
		for (const date of ['2026-02-30', '2026-04-31']) {
			const badDate = await create({ birthday: date });
			expect(badDate.error?.message).toBe(
				`Invalid "Values to Send > Birthday" in item 0: expected a date such as 2026-03-05, got "${date}"`,
			);
		}
		expect(t.platform.requests).toHaveLength(0);
	});
});

describe('item picker', () => {
	test('items of the chosen application, page by page, searched by name on the platform', async () => {
		const items = itemsOf(t.platform, 'app', 'crm', 'orders');
		items.clear();
		const ids = Array.from({ length: 130 }, (_, i) => {
			const id = newId();
			items.set(id, { __id: id, __name: `Order ${i}` });
			return id;
		});
		const parameters = { resource: 'item', operation: 'get', ...located };
		const first = await searchList({
			...editor,
			parameters,
			credential: t.credential(),
			method: 'searchItems',
		});
		expect(first.results).toHaveLength(100);
		expect(first.results[0]).toEqual({ name: 'Order 0', value: ids[0] });
		expect(first.paginationToken).toBe('100');
		const found = await searchList({
			...editor,
			parameters,
			credential: t.credential(),
			method: 'searchItems',
			filter: 'order 129',
		});
		expect(found).toEqual({
			results: [{ name: 'Order 129', value: ids[129] }],
			paginationToken: undefined,
		});
		expect(t.platform.requests.map((r) => [r.method, r.path, r.body])).toEqual([
			['POST', '/pub/v1/app/crm/orders/list', { active: true, from: 0, size: 100 }],
			[
				'POST',
				'/pub/v1/app/crm/orders/list',
				{ active: true, filter: { tf: { __name: 'order 129' } }, from: 0, size: 1000 },
			],
		]);
		const { items: output, error } = await t.run({
			...editor,
			parameters: { ...parameters, itemId: { __rl: true, mode: 'list', value: ids[5] } } as never,
		});
		expect(error).toBeUndefined();
		expect(jsonOf(output)).toEqual([{ __id: ids[5], __name: 'Order 5' }]);
	});
});
