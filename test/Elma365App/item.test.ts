import { fail, newId } from '../harness/index.ts';
import { itemsOf } from '../harness/routes/app.ts';
import { jsonOf, pairingOf, usePlatform } from '../harness/setup';
import { MAX_PAGE_SIZE } from '../../nodes/shared/lists/pager';

const t = usePlatform();
const NS = 'crm';
const APP = 'deals';
let itemId: string;

const base = `/pub/v1/app/${NS}/${APP}`;
const params = (operation: string, extra: Record<string, unknown> = {}) => ({
	resource: 'item',
	operation,
	namespace: NS,
	application: APP,
	...extra,
});
const run = (parameters: Record<string, unknown>, more: Record<string, unknown> = {}) =>
	t.run({ nodeType: 'elma365App', parameters: parameters as never, ...more });

beforeEach(() => {
	itemId = newId();
	itemsOf(t.platform, 'app', NS, APP).clear();
	itemsOf(t.platform, 'app', NS, APP).set(itemId, { __id: itemId, __name: 'Deal 1', price: 100 });
});

function expectOneRequest(method: string, path: string, body: unknown, readsScheme = false) {
	// Pairs and JSON first read the application's scheme for their fields' types.
	const scheme = readsScheme ? [['GET', `/pub/v1/scheme/namespaces/${NS}/apps/${APP}`]] : [];
	expect(t.platform.requests.map((r) => [r.method, r.path])).toEqual([...scheme, [method, path]]);
	const request = t.platform.requests[scheme.length];
	expect(request.method).toBe(method);
	expect(request.path).toBe(path);
	expect(request.query).toEqual({});
	expect(request.headers.authorization).toBe(`Bearer ${t.platform.apiKey}`);
	expect(request.headers['content-type']).toMatch(/^application\/json/);
	expect(request.body).toEqual(body);
}

describe('item create', () => {
	test('posts {"context": ...} from Fields alone (the hidden Fields (JSON) is not sent) and outputs the created item (Send in One Request off)', async () => {
		const client = newId();
		const { items, error } = await run(
			params('create', {
				sendInOneRequest: false,
				fieldsInputMode: 'pairs',
				fields: {
					field: [
						{ name: '__name', value: 'Big deal' },
						{ name: 'price', value: '400' },
						{ name: 'client', value: `["${client}"]` },
						{ name: 'category', value: '[{"code": "b2b"}]' },
					],
				},
				fieldsJson: '{"price": 500}',
			}),
		);
		expect(error).toBeUndefined();
		const context = {
			__name: 'Big deal',
			price: 400,
			client: [client],
			category: [{ code: 'b2b' }],
		};
		expectOneRequest('POST', `${base}/create`, { context }, true);
		const created = jsonOf(items) as Array<Record<string, unknown>>;
		expect(created).toHaveLength(1);
		expect(created[0]).toEqual({
			...context,
			__id: expect.any(String),
			__createdAt: '2026-01-01T00:00:00Z',
		});
		expect(itemsOf(t.platform, 'app', NS, APP).get(created[0].__id as string)).toEqual(created[0]);
		expect(pairingOf(items)).toEqual([{ item: 0 }]);
	});

	test('Options: the documented statusGroupId and withEventForceCreate beside the context', async () => {
		const group = newId();
		const { error } = await run(
			params('create', {
				fieldsInputMode: 'json',
				fieldsJson: '{"__name": "x"}',
				options: { statusGroupId: group, withEventForceCreate: true },
			}),
		);
		expect(error).toBeUndefined();
		expectOneRequest(
			'POST',
			`${base}/create`,
			{ context: { __name: 'x' }, statusGroupId: group, withEventForceCreate: true },
			true,
		);
		const bad = await run(
			params('create', {
				fieldsInputMode: 'json',
				fieldsJson: '{}',
				options: { statusGroupId: 'open' },
			}),
		);
		expect(bad.error?.message).toMatch(/^Invalid "Status Group ID" in item 0: expected a UUID/);
	});

	test('the strict double refuses a body the create page does not document', async () => {
		const response = await fetch(`${t.platform.url}${base}/create`, {
			method: 'POST',
			headers: { authorization: `Bearer ${t.platform.apiKey}`, 'content-type': 'application/json' },
			body: JSON.stringify({ context: {}, status: 'new' }),
		});
		expect([response.status, await response.json()]).toEqual([
			400,
			{ success: false, error: 'body.status: unknown key' },
		]);
	});

	test('path variables are encoded as one segment each; a code with "/" is refused before any request', async () => {
		await run(
			params('create', {
				sendInOneRequest: false,
				namespace: 'a%2Fb',
				application: '..x?y',
				fieldsInputMode: 'json',
				fieldsJson: '{"__name": "x"}',
			}),
		);
		expect(t.platform.requests.map((r) => r.path)).toEqual([
			'/pub/v1/scheme/namespaces/a%252Fb/apps/..x%3Fy',
			'/pub/v1/app/a%252Fb/..x%3Fy/create',
		]);
		t.platform.reset();
		const { error } = await run(
			params('create', {
				namespace: 'a/b',
				application: '../x?y',
				fieldsInputMode: 'json',
				fieldsJson: '{"__name": "x"}',
			}),
		);
		expect(error?.message).toBe(
			'Invalid "Section Code" in item 0: expected a code or ID without "/", got "a/b"',
		);
		expect(t.platform.requests).toEqual([]);
	});
});

describe('item get', () => {
	test('posts to .../{id}/get and outputs the item', async () => {
		const { items, error } = await run(params('get', { itemId }));
		expect(error).toBeUndefined();
		expectOneRequest('POST', `${base}/${itemId}/get`, {});
		expect(jsonOf(items)).toEqual([{ __id: itemId, __name: 'Deal 1', price: 100 }]);
		expect(pairingOf(items)).toEqual([{ item: 0 }]);
	});

	test('a missing item is the platform 404 with its text', async () => {
		const missing = newId();
		const { error, items } = await run(params('get', { itemId: missing }));
		expect(error?.message).toBe(`ELMA365 404: item ${missing} not found`);
		expect(error?.httpCode).toBe('404');
		expect(items).toEqual([]);
	});
});

describe('item update', () => {
	test('posts {"context": ...} to .../{id}/update and outputs the updated item', async () => {
		const { items, error } = await run(
			params('update', { itemId, fieldsInputMode: 'json', fieldsJson: '{"price": 250}' }),
		);
		expect(error).toBeUndefined();
		expectOneRequest('POST', `${base}/${itemId}/update`, { context: { price: 250 } }, true);
		expect(jsonOf(items)).toEqual([{ __id: itemId, __name: 'Deal 1', price: 250 }]);
		expect(pairingOf(items)).toEqual([{ item: 0 }]);
	});

	test('a platform 400 surfaces the platform text', async () => {
		t.platform.script(
			'POST',
			`${base}/${itemId}/update`,
			fail(400, 'field "price": number expected'),
		);
		const { error } = await run(
			params('update', { itemId, fieldsInputMode: 'json', fieldsJson: '{"price": "x"}' }),
		);
		expect(error?.message).toBe('ELMA365 400: field "price": number expected');
		expect(error?.httpCode).toBe('400');
		expect(t.platform.requests.map((r) => r.path)).toEqual([
			`/pub/v1/scheme/namespaces/${NS}/apps/${APP}`,
			`${base}/${itemId}/update`,
		]);
	});
});

describe('item set status', () => {
	test('posts {"status": {"code": ...}} and outputs the answer', async () => {
		const { items, error } = await run(
			params('setStatus', { itemId, statusCode: ' in_progress ' }),
		);
		expect(error).toBeUndefined();
		expectOneRequest('POST', `${base}/${itemId}/set-status`, { status: { code: 'in_progress' } });
		expect(jsonOf(items)).toEqual([
			{ __id: itemId, __name: 'Deal 1', price: 100, __status: { order: 0, status: 2 } },
		]);
		expect(pairingOf(items)).toEqual([{ item: 0 }]);
	});

	test('an unknown status is the platform 400 with its text', async () => {
		const { error } = await run(params('setStatus', { itemId, statusCode: 'archived' }));
		expect(error?.message).toBe('ELMA365 400: status "archived" not found');
	});
});

describe('item get import status', () => {
	test('posts {} to .../import/status and outputs the import; a Body (JSON) is sent as given (the double, like the reference, knows no body keys)', async () => {
		t.platform
			.collection('imports')
			.set(`${NS}/${APP}`, { fileHash: 'h', format: 'csv', status: 'done' });
		const { items, error } = await run(params('getImportStatus'));
		expect(error).toBeUndefined();
		expectOneRequest('POST', `${base}/import/status`, {});
		expect(jsonOf(items)).toEqual([{ fileHash: 'h', format: 'csv', status: 'done' }]);
		t.platform.reset();
		const withBody = await run(params('getImportStatus', { body: '{"id": "imp-1"}' }));
		expectOneRequest('POST', `${base}/import/status`, { id: 'imp-1' });
		expect(withBody.error?.message).toBe('ELMA365 400: body: this endpoint takes no body');
	});

	test('without a body it sends {}', async () => {
		t.platform.collection('imports').delete(`${NS}/${APP}`);
		const { error } = await run(params('getImportStatus'));
		expectOneRequest('POST', `${base}/import/status`, {});
		expect(error?.message).toBe('ELMA365 404: no import found for this application');
	});
});

describe('validation: a clear error before any request', () => {
	const itemId = '7d3a1c2e-0000-4000-8000-00000000abcd';
	const cases: Array<[string, Record<string, unknown>, RegExp]> = [
		[
			'empty section code',
			params('get', { namespace: '={{ "" }}', itemId }),
			/Invalid "Section Code" in item 0: expected a non-empty text, got ""/,
		],
		[
			'empty application code',
			params('create', { application: '={{ "  " }}' }),
			/Invalid "Application Code" in item 0: expected a non-empty text/,
		],
		[
			'item id not a uuid (get)',
			params('get', { itemId: 'abc' }),
			/Invalid "Item ID" in item 0: expected a UUID such as .*, got "abc"/,
		],
		[
			'item id not a uuid (update)',
			params('update', { itemId: '={{ "42" }}' }),
			/Invalid "Item ID" in item 0: expected a UUID/,
		],
		[
			'item id not a uuid (set status)',
			params('setStatus', { itemId: 'x', statusCode: 'new' }),
			/Invalid "Item ID" in item 0/,
		],
		[
			'empty status code',
			params('setStatus', { itemId, statusCode: '={{ "" }}' }),
			/Invalid "Status Code" in item 0: expected a non-empty text/,
		],
		[
			'bad fields JSON',
			params('create', { fieldsInputMode: 'json', fieldsJson: '{"a": ' }),
			/Invalid "Fields \(JSON\)" in item 0: expected a JSON object/,
		],
		[
			'empty field code',
			params('update', {
				itemId,
				fieldsInputMode: 'pairs',
				fields: { field: [{ name: '', value: '1' }] },
			}),
			/Invalid "Fields > Field Code \(entry 1\)" in item 0/,
		],
		[
			'bad import status body',
			params('getImportStatus', { body: '[1]' }),
			/Invalid "Body \(JSON\)" in item 0: expected a JSON object/,
		],
	];
	test.each(cases)('%s', async (_name, parameters, message) => {
		const { error, items } = await run(parameters);
		expect(error?.message).toMatch(message);
		expect(items).toEqual([]);
		expect(t.platform.requests).toHaveLength(0);
	});
});

describe('Continue On Fail', () => {
	test('every input item yields exactly one output item, in order and paired', async () => {
		const missing = newId();
		const { items, error } = await run(
			params('update', {
				itemId: '={{ $json.id }}',
				fieldsInputMode: 'json',
				fieldsJson: '={{ JSON.stringify({ price: $json.price }) }}',
			}),
			{
				continueOnFail: true,
				input: [
					{ json: { id: itemId, price: 1 } },
					{ json: { id: 'nope', price: 2 } },
					{ json: { id: missing, price: 3 } },
					{ json: { id: itemId, price: 4 } },
				],
			},
		);
		expect(error).toBeUndefined();
		expect(pairingOf(items)).toEqual([0, 1, 2, 3].map((item) => ({ item })));
		const json = jsonOf(items) as Array<Record<string, unknown>>;
		expect(json[0]).toEqual({ __id: itemId, __name: 'Deal 1', price: 1 });
		expect(json[1].error).toMatch(/Invalid "Item ID" in item 1: expected a UUID/);
		expect(json[2]).toMatchObject({
			error: `ELMA365 404: item ${missing} not found`,
			httpCode: '404',
		});
		expect(json[3]).toEqual({ __id: itemId, __name: 'Deal 1', price: 4 });
		expect(t.platform.requests.map((r) => r.body)).toEqual([
			undefined,
			{ context: { price: 1 } },
			{ context: { price: 3 } },
			{ context: { price: 4 } },
		]);
	});
});

describe('item list', () => {
	function seed(count: number) {
		const items = itemsOf(t.platform, 'app', NS, APP);
		items.clear();
		for (let i = 0; i < count; i++) {
			const id = newId();
			items.set(id, { __id: id, __name: `Deal ${i}` });
		}
		return [...items.values()];
	}

	test('Return All pages through the body with from/size until total', async () => {
		const all = seed(230);
		const { items, error } = await run(params('getAll', { returnAll: true }));
		expect(error).toBeUndefined();
		expect(jsonOf(items)).toEqual(all);
		expect(pairingOf(items).every((p) => (p as { item: number }).item === 0)).toBe(true);
		expect(t.platform.requests.map((r) => [r.method, r.path, r.query, r.body])).toEqual([
			['POST', `${base}/list`, {}, { from: 0, size: MAX_PAGE_SIZE }],
		]);
		expect(t.platform.requests[0].headers.authorization).toBe(`Bearer ${t.platform.apiKey}`);
	});

	test('Limit asks for no more than needed, across pages', async () => {
		const all = seed(230);
		const { items } = await run(params('getAll', { returnAll: false, limit: 150 }));
		expect(jsonOf(items)).toEqual(all.slice(0, 150));
		expect(t.platform.requests.map((r) => r.body)).toEqual([{ from: 0, size: 150 }]);
	});

	test('every list option, and Output > Selected Fields, go into the documented list body', async () => {
		const id = itemId;
		const group = newId();
		await run(
			params('getAll', {
				returnAll: false,
				limit: 10,
				output: 'fields',
				fields: ['__name'],
				options: {
					active: true,
					tableFilter: {
						match: [{ field: '__name', value: 'deal' }],
						range: [{ field: 'price', min: '100', max: '' }],
					},
					eql: '[price] = 400',
					ids: `${id}`,
					statusCodes: ['new', 'in_progress'],
					statusGroupId: group,
					sort: {
						rule: [
							{ field: '__createdAt', ascending: false },
							{ field: 'price', ascending: true },
						],
					},
					body: '{"extra": 1}',
				},
			}),
		);
		expect(t.platform.requests.map((r) => r.body)).toEqual([
			{
				active: true,
				filter: {
					tf: { __name: 'deal', price: { min: 100, max: null } },
					eql: { query: '[price] = 400' },
				},
				ids: [id],
				sortExpressions: [
					{ field: '__createdAt', ascending: false },
					{ field: 'price', ascending: true },
				],
				fields: { __id: true, __name: true },
				statusCode: ['new', 'in_progress'],
				statusGroupId: group,
				extra: 1,
				from: 0,
				size: 10,
			},
		]);
	});

	test('a bad id in IDs is refused before any request', async () => {
		const { error } = await run(params('getAll', { returnAll: true, options: { ids: 'x' } }));
		expect(error?.message).toMatch(/Invalid "IDs" in item 0: expected a UUID/);
		expect(t.platform.requests).toHaveLength(0);
	});

	test('a platform 400 surfaces the platform text', async () => {
		// A 400 to the large first page is asked once more at 100 (a platform may refuse the size).
		t.platform.script('POST', `${base}/list`, fail(400, 'eql: syntax error at 7'), 2);
		const { error } = await run(
			params('getAll', { returnAll: true, options: { eql: '[price] =' } }),
		);
		expect(error?.message).toBe('ELMA365 400: eql: syntax error at 7');
		expect(t.platform.requests.map((r) => (r.body as { size: number }).size)).toEqual([
			MAX_PAGE_SIZE,
			100,
		]);
	});
});

describe('pairs and JSON (and $fromAI values there) converted by the application scheme', () => {
	const ORDERS = 'orders';
	const ORDERS_SCHEME = `/pub/v1/scheme/namespaces/${NS}/apps/${ORDERS}`;
	const user = { __id: newId(), __name: 'Adam Poe', email: 'adam@example.com', login: 'apoe' };
	beforeEach(() => {
		itemsOf(t.platform, 'app', NS, ORDERS).clear();
		t.platform.collection('users').set(user.__id, user);
		t.platform.collection('schemeApps').set(`${NS}/${ORDERS}`, {
			namespace: NS,
			code: ORDERS,
			name: 'Orders',
			fields: [
				{ code: '__name', type: 'STRING', array: false, view: { name: 'Name' } },
				{
					code: 'fee',
					type: 'MONEY',
					array: false,
					view: { name: 'Fee', data: { currency: 'EUR' } },
				},
				{ code: 'price', type: 'MONEY', array: false, view: { name: 'Price' } },
				{ code: 'owner', type: 'SYS_USER', array: false, view: { name: 'Owner' } },
				{
					code: 'kind',
					type: 'ENUM',
					array: false,
					view: { name: 'Kind' },
					data: { enumItems: [{ code: 'b2b', name: 'B2B' }] },
				},
				{
					code: 'due',
					type: 'DATETIME',
					array: false,
					view: { name: 'Due' },
					data: { additionalType: 'date' },
				},
				{ code: 'qty', type: 'FLOAT', array: false, view: { name: 'Quantity' } },
			],
		});
	});
	const create = (entries: Record<string, string>) =>
		run({
			resource: 'item',
			operation: 'create',
			namespace: NS,
			application: ORDERS,
			sendInOneRequest: false,
			fieldsInputMode: 'pairs',
			fields: { field: Object.entries(entries).map(([name, value]) => ({ name, value })) },
		});

	test('Create with pairs: a bare amount in the currency the scheme gives, "2500.00 EUR", a user by e-mail, an ENUM code and a date go in the platform shapes', async () => {
		const { items, error } = await create({
			__name: 'Order 1',
			fee: '2500',
			price: '2500.00 EUR',
			owner: 'adam@example.com',
			kind: 'b2b',
			due: '2027-03-01',
		});
		expect(error).toBeUndefined();
		const context = {
			__name: 'Order 1',
			fee: { cents: 250000, currency: 'EUR' },
			price: { cents: 250000, currency: 'EUR' },
			owner: [user.__id],
			kind: [{ code: 'b2b' }],
			due: '2027-03-01T00:00:00Z',
		};
		expect(t.platform.requests.map((r) => [r.method, r.path, r.body])).toEqual([
			['GET', ORDERS_SCHEME, undefined],
			[
				'POST',
				'/pub/v1/user/list',
				{ filter: { tf: { email: 'adam@example.com' } }, from: 0, size: MAX_PAGE_SIZE },
			],
			['POST', `/pub/v1/app/${NS}/${ORDERS}/create`, { context }],
		]);
		expect(jsonOf(items)).toEqual([
			{ ...context, __id: expect.any(String), __createdAt: '2026-01-01T00:00:00Z' },
		]);
	});

	test('a value its type refuses (text in a number field) fails before the create, naming the section, the field code and its type', async () => {
		const { error } = await create({ __name: 'Order 2', qty: 'lots' });
		expect(error?.message).toBe(
			'Invalid "Fields > qty (FLOAT)" in item 0: expected a number, got "lots"',
		);
		expect(t.platform.requests.map((r) => r.path)).toEqual([ORDERS_SCHEME]);

		t.platform.reset();
		const json = await run({
			resource: 'item',
			operation: 'create',
			namespace: NS,
			application: ORDERS,
			sendInOneRequest: false,
			fieldsInputMode: 'json',
			fieldsJson: '{"qty": "lots"}',
		});
		expect(json.error?.message).toBe(
			'Invalid "Fields (JSON) > qty (FLOAT)" in item 0: expected a number, got "lots"',
		);
		expect(t.platform.requests.map((r) => r.path)).toEqual([ORDERS_SCHEME]);
	});
});
