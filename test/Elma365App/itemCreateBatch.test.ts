/** Item > Create sends the items of a run through the batch save by default (Send in One Request). */
import type { INodeProperties } from 'n8n-workflow';
import { loadPackage } from '../harness/engine';
import { fail, newId, ok } from '../harness/index.ts';
import { itemsOf } from '../harness/routes/app.ts';
import { jsonOf, pairingOf, usePlatform } from '../harness/setup';

const t = usePlatform();
const NODE = 'elma365App';
const NS = 'crm';
const APP = 'deals';
const BATCH = '/pub/v1/app/items/batch';
const CREATE = `/pub/v1/app/${NS}/${APP}/create`;
// Pairs are converted by the application's field types: the scheme is read once per run, first.
const SCHEME = `/pub/v1/scheme/namespaces/${NS}/apps/${APP}`;
const code = (value: string) => ({ __rl: true, mode: 'id', value });
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

// The double refuses a non-number in a number field of a scheme it knows, on /create and in the batch alike.
const DEAL_FIELDS = [
	{
		code: '__name',
		type: 'STRING',
		required: true,
		array: false,
		single: true,
		view: { name: 'Name' },
	},
	{
		code: 'price',
		type: 'FLOAT',
		required: false,
		array: false,
		single: true,
		view: { name: 'Price' },
	},
];

beforeEach(() => {
	itemsOf(t.platform, 'app', NS, APP).clear();
	itemsOf(t.platform, 'app', NS, 'leads').clear();
	t.platform.collection('batchSaves').clear();
	t.platform
		.collection('schemeApps')
		.set(`${NS}/${APP}`, { namespace: NS, code: APP, name: 'Deals', fields: DEAL_FIELDS });
});

const parameters = (extra: Record<string, unknown> = {}) => ({
	resource: 'item',
	operation: 'create',
	namespace: code(NS),
	application: code(APP),
	fieldsInputMode: 'pairs',
	fields: {
		field: [
			{ name: '__name', value: '={{ $json.name }}' },
			{ name: 'price', value: '={{ $json.price }}' },
		],
	},
	...extra,
});
const deals = (count: number): Array<{ json: Record<string, unknown> }> =>
	Array.from({ length: count }, (_, i) => ({ json: { name: `Deal ${i}`, price: 100 * (i + 1) } }));
const contextOf = (i: number) => ({ __name: `Deal ${i}`, price: 100 * (i + 1) });
const run = (options: {
	input?: Array<{ json: Record<string, unknown> }>;
	extra?: Record<string, unknown>;
	continueOnFail?: boolean;
}) =>
	t.run({
		nodeType: NODE,
		parameters: parameters(options.extra) as never,
		input: options.input,
		continueOnFail: options.continueOnFail,
	});
const batchBody = (indexes: number[], withEventHandlers = true) => ({
	items: indexes.map((i) => ({
		namespace: NS,
		code: APP,
		context: { ...contextOf(i), __id: `$ref/${i}` },
	})),
	withEventHandlers,
});

describe('description', () => {
	test('Send in One Request (default on) and the create Options with Batch Size and Run Event Handlers', async () => {
		const loader = await loadPackage();
		const description = (
			loader.nodeTypes[NODE].type as unknown as {
				description: { properties: INodeProperties[] };
			}
		).description;
		const forCreate = (name: string) =>
			description.properties.filter(
				(p) =>
					p.name === name &&
					p.displayOptions?.show?.operation?.includes('create') &&
					p.displayOptions?.show?.resource?.includes('item'),
			);
		expect(forCreate('sendInOneRequest').map((p) => p.default)).toEqual([true]);
		const options = forCreate('options');
		expect(
			options.map((p) => (p.options as INodeProperties[]).map((o) => [o.name, o.default])),
		).toEqual([
			[
				['concurrency', 1],
				['withEventForceCreate', false],
				['statusGroupId', ''],
				['batchSize', 100],
				['withEventHandlers', true],
			],
		]);
	});
});

describe('Item > Create through the batch save', () => {
	test('three items: ONE request with the documented body, three outputs {__id, ...fields sent} paired 0, 1, 2, stored on the platform', async () => {
		const { items, error } = await run({ input: deals(3) });
		expect(error).toBeUndefined();
		expect(t.platform.requests.map((r) => [r.method, r.path])).toEqual([
			['GET', SCHEME],
			['POST', BATCH],
		]);
		const request = t.platform.requests[1];
		expect([request.method, request.path, request.query, request.headers.authorization]).toEqual([
			'POST',
			BATCH,
			{},
			`Bearer ${t.platform.apiKey}`,
		]);
		expect(request.headers['content-type']).toMatch(/^application\/json/);
		expect(request.body).toEqual(batchBody([0, 1, 2]));
		const out = jsonOf(items) as Array<Record<string, unknown>>;
		expect(out).toEqual(
			[0, 1, 2].map((i) => ({ __id: expect.stringMatching(UUID), ...contextOf(i) })),
		);
		expect(new Set(out.map((o) => o.__id)).size).toBe(3);
		expect(pairingOf(items)).toEqual([{ item: 0 }, { item: 1 }, { item: 2 }]);
		for (const [i, o] of out.entries()) {
			expect(itemsOf(t.platform, 'app', NS, APP).get(o.__id as string)).toEqual({
				...contextOf(i),
				__id: o.__id,
				__createdAt: '2026-01-01T00:00:00Z',
			});
		}
	});

	test('Batch Size 2 with five items: three requests (2, 2, 1), five outputs in order', async () => {
		const { items, error } = await run({ input: deals(5), extra: { options: { batchSize: 2 } } });
		expect(error).toBeUndefined();
		expect(t.platform.requests.map((r) => [r.method, r.path, r.body])).toEqual([
			['GET', SCHEME, undefined],
			['POST', BATCH, batchBody([0, 1])],
			['POST', BATCH, batchBody([2, 3])],
			['POST', BATCH, batchBody([4])],
		]);
		expect(jsonOf(items)).toEqual(
			[0, 1, 2, 3, 4].map((i) => ({ __id: expect.stringMatching(UUID), ...contextOf(i) })),
		);
		expect(pairingOf(items)).toEqual([0, 1, 2, 3, 4].map((item) => ({ item })));
		expect(itemsOf(t.platform, 'app', NS, APP).size).toBe(5);
	});

	test('Run Event Handlers off sends withEventHandlers: false; a Batch Size above 100 is refused before any request', async () => {
		await run({ input: deals(1), extra: { options: { withEventHandlers: false } } });
		expect(t.platform.requests.map((r) => r.body)).toEqual([undefined, batchBody([0], false)]);
		t.platform.reset();
		const big = await run({ input: deals(1), extra: { options: { batchSize: 101 } } });
		expect(big.error?.message).toBe(
			'Invalid "Batch Size" in item 0: expected a whole number from 1 to 100, got 101',
		);
		expect(t.platform.requests).toHaveLength(0);
	});

	test('items of different applications go in the same request', async () => {
		const { items, error } = await run({
			input: [
				{ json: { app: APP, name: 'A', price: 1 } },
				{ json: { app: 'leads', name: 'B', price: 2 } },
			],
			extra: { application: code('={{ $json.app }}') },
		});
		expect(error).toBeUndefined();
		// Each application's scheme once (leads is unknown to the double: its pairs go as given).
		expect(t.platform.requests.map((r) => r.path)).toEqual([
			SCHEME,
			`/pub/v1/scheme/namespaces/${NS}/apps/leads`,
			BATCH,
		]);
		expect(t.platform.requests.map((r) => r.body)).toEqual([
			undefined,
			undefined,
			{
				items: [
					{ namespace: NS, code: APP, context: { __name: 'A', price: 1, __id: '$ref/0' } },
					{ namespace: NS, code: 'leads', context: { __name: 'B', price: 2, __id: '$ref/1' } },
				],
				withEventHandlers: true,
			},
		]);
		const [a, b] = jsonOf(items) as Array<{ __id: string }>;
		expect(itemsOf(t.platform, 'app', NS, APP).has(a.__id)).toBe(true);
		expect(itemsOf(t.platform, 'app', NS, 'leads').has(b.__id)).toBe(true);
	});

	test('an item with a Status Group ID (the batch body has no such key) is created by itself, the others together', async () => {
		const group = newId();
		const input = deals(3);
		input[1].json.group = group;
		const { items, error } = await run({
			input,
			extra: { options: { statusGroupId: '={{ $json.group ?? "" }}' } },
		});
		expect(error).toBeUndefined();
		expect(t.platform.requests.map((r) => [r.path, r.body])).toEqual([
			[SCHEME, undefined],
			[BATCH, batchBody([0, 2])],
			[CREATE, { context: contextOf(1), statusGroupId: group }],
		]);
		expect(jsonOf(items)).toEqual([
			{ __id: expect.stringMatching(UUID), ...contextOf(0) },
			{ ...contextOf(1), __id: expect.stringMatching(UUID), __createdAt: '2026-01-01T00:00:00Z' },
			{ __id: expect.stringMatching(UUID), ...contextOf(2) },
		]);
		expect(pairingOf(items)).toEqual([{ item: 0 }, { item: 1 }, { item: 2 }]);
	});
});

describe('failures', () => {
	const withBadPrice = () => {
		const input = deals(3);
		input[1].json.price = 'lots';
		return input;
	};
	// With the scheme readable the node refuses "lots" itself (below); these runs see the platform
	// refuse it, so the scheme read is refused and the pairs go as given (docs/field-types.md).
	const schemeRefused = () => t.platform.script('GET', SCHEME, fail(403, 'forbidden'));

	test('with the scheme readable, a text in a number field fails before the batch, naming the section, field and type', async () => {
		const stopped = await run({ input: withBadPrice() });
		expect(stopped.error?.message).toBe(
			'Invalid "Fields > price (FLOAT)" in item 1: expected a number, got "lots"',
		);
		expect(t.platform.requests.map((r) => r.path)).toEqual([SCHEME]);

		t.platform.reset();
		const { items, error } = await run({ input: withBadPrice(), continueOnFail: true });
		expect(error).toBeUndefined();
		expect(t.platform.requests.map((r) => [r.path, r.body])).toEqual([
			[SCHEME, undefined],
			[BATCH, batchBody([0, 2])],
		]);
		const out = jsonOf(items) as Array<Record<string, unknown>>;
		expect(out[1].error).toBe(
			'Invalid "Fields > price (FLOAT)" in item 1: expected a number, got "lots"',
		);
		expect(pairingOf(items)).toEqual([{ item: 0 }, { item: 1 }, { item: 2 }]);
	});

	test('one invalid item: the batch is refused (400, nothing saved), then the items go one by one and only the bad one fails (Continue On Fail)', async () => {
		schemeRefused();
		const { items, error } = await run({ input: withBadPrice(), continueOnFail: true });
		expect(error).toBeUndefined();
		expect(t.platform.requests.map((r) => [r.path, r.body])).toEqual([
			[SCHEME, undefined],
			[
				BATCH,
				{
					items: [
						batchBody([0]).items[0],
						{
							namespace: NS,
							code: APP,
							context: { __name: 'Deal 1', price: 'lots', __id: '$ref/1' },
						},
						batchBody([2]).items[0],
					],
					withEventHandlers: true,
				},
			],
			[CREATE, { context: contextOf(0) }],
			[CREATE, { context: { __name: 'Deal 1', price: 'lots' } }],
			[CREATE, { context: contextOf(2) }],
		]);
		const out = jsonOf(items) as Array<Record<string, unknown>>;
		expect(out).toHaveLength(3);
		expect(out[0]).toEqual({
			...contextOf(0),
			__id: expect.stringMatching(UUID),
			__createdAt: '2026-01-01T00:00:00Z',
		});
		expect(out[1]).toMatchObject({
			error: 'ELMA365 400: price: cannot unmarshal string into field of type FLOAT',
			httpCode: '400',
		});
		expect(out[2]).toEqual({
			...contextOf(2),
			__id: expect.stringMatching(UUID),
			__createdAt: '2026-01-01T00:00:00Z',
		});
		expect(pairingOf(items)).toEqual([{ item: 0 }, { item: 1 }, { item: 2 }]);
		expect([...itemsOf(t.platform, 'app', NS, APP).values()].map((item) => item.__name)).toEqual([
			'Deal 0',
			'Deal 2',
		]);
	});

	test('one invalid item without Continue On Fail: the items before it are created one by one, its error names it, none after it is sent', async () => {
		schemeRefused();
		const { error } = await run({ input: withBadPrice() });
		expect(error?.message).toBe(
			'ELMA365 400: price: cannot unmarshal string into field of type FLOAT',
		);
		expect((error as { context?: { itemIndex?: number } }).context?.itemIndex).toBe(1);
		expect(t.platform.requests.map((r) => r.path)).toEqual([SCHEME, BATCH, CREATE, CREATE]);
		expect([...itemsOf(t.platform, 'app', NS, APP).values()].map((item) => item.__name)).toEqual([
			'Deal 0',
		]);
	});

	test('a 500 from the batch is not retried item by item (the transaction may have committed): every item of it fails with that error', async () => {
		t.platform.script('POST', BATCH, fail(500, 'database unavailable'));
		const { items, error } = await run({ input: deals(3), continueOnFail: true });
		expect(error).toBeUndefined();
		expect(t.platform.requests.map((r) => r.path)).toEqual([SCHEME, BATCH]);
		const out = jsonOf(items) as Array<Record<string, unknown>>;
		expect(out.map((o) => [o.error, o.httpCode])).toEqual(
			[0, 1, 2].map(() => ['ELMA365 500: database unavailable', '500']),
		);
		expect(pairingOf(items)).toEqual([{ item: 0 }, { item: 1 }, { item: 2 }]);

		t.platform.reset();
		t.platform.script('POST', BATCH, fail(503, 'overloaded'));
		const stopped = await run({ input: deals(2) });
		expect(stopped.error?.message).toBe('ELMA365 503: overloaded');
		expect(t.platform.requests.map((r) => r.path)).toEqual([SCHEME, BATCH]);
	});

	test("a 200 with success: false, or a dropped connection, fails the batch's items without retrying them one by one", async () => {
		t.platform.script('POST', BATCH, {
			status: 200,
			body: { success: false, error: 'transaction aborted', pseudoIDsMap: {}, savedItemsCount: 0 },
		});
		const refused = await run({ input: deals(2), continueOnFail: true });
		expect((jsonOf(refused.items) as Array<Record<string, unknown>>).map((o) => o.error)).toEqual([
			'ELMA365: transaction aborted',
			'ELMA365: transaction aborted',
		]);
		expect(t.platform.requests.map((r) => r.path)).toEqual([SCHEME, BATCH]);

		t.platform.reset();
		t.platform.script('POST', BATCH, { reset: true });
		const dropped = await run({ input: deals(2), continueOnFail: true });
		const out = jsonOf(dropped.items) as Array<Record<string, unknown>>;
		expect(out).toHaveLength(2);
		expect(out[0].error).toEqual(out[1].error);
		expect(out[0].error).toMatch(/^ELMA365/);
		expect(t.platform.requests.map((r) => r.path)).toEqual([SCHEME, BATCH]);
		expect(itemsOf(t.platform, 'app', NS, APP).size).toBe(0);
	});

	test('an item the answer gives no ID fails with a clear error; the others get theirs', async () => {
		t.platform.script(
			'POST',
			BATCH,
			ok({
				pseudoIDsMap: { '$ref/0': '3fa85f64-5717-4562-b3fc-2c963f66afa6' },
				savedItemsCount: 2,
			}),
		);
		const { items, error } = await run({ input: deals(2), continueOnFail: true });
		expect(error).toBeUndefined();
		const out = jsonOf(items) as Array<Record<string, unknown>>;
		expect(out[0]).toEqual({ __id: '3fa85f64-5717-4562-b3fc-2c963f66afa6', ...contextOf(0) });
		expect(out[1].error).toBe(
			'ELMA365: the batch save answered no ID for item 1 ($ref/1 is missing from pseudoIDsMap)',
		);
		expect(out[1].description).toMatch(/^The platform reported 2 saved items/);
		expect(pairingOf(items)).toEqual([{ item: 0 }, { item: 1 }]);
	});

	test('validation happens before any request: a bad item fails (or gets its error item) and is left out of the batch', async () => {
		const input = deals(3);
		input[2].json.app = '';
		const parametersWithApp = { application: code('={{ $json.app ?? "deals" }}') };
		const stopped = await run({ input, extra: parametersWithApp });
		expect(stopped.error?.message).toMatch(/^Invalid "Application Code" in item 2/);
		// Only the scheme read (for item 0's pairs): no create.
		expect(t.platform.requests.map((r) => r.path)).toEqual([SCHEME]);

		const { items, error } = await run({ input, extra: parametersWithApp, continueOnFail: true });
		expect(error).toBeUndefined();
		// The first run's scheme read, then this run's, then the batch.
		expect(t.platform.requests.map((r) => [r.path, r.body])).toEqual([
			[SCHEME, undefined],
			[SCHEME, undefined],
			[BATCH, batchBody([0, 1])],
		]);
		const out = jsonOf(items) as Array<Record<string, unknown>>;
		expect(out[2].error).toMatch(/^Invalid "Application Code" in item 2/);
		expect(pairingOf(items)).toEqual([{ item: 0 }, { item: 1 }, { item: 2 }]);
	});
});

describe('Send in One Request off', () => {
	test("one /create per item, the platform's item as output", async () => {
		const { items, error } = await run({ input: deals(3), extra: { sendInOneRequest: false } });
		expect(error).toBeUndefined();
		expect(t.platform.requests.map((r) => [r.method, r.path, r.body])).toEqual([
			['GET', SCHEME, undefined],
			...[0, 1, 2].map((i) => ['POST', CREATE, { context: contextOf(i) }]),
		]);
		expect(jsonOf(items)).toEqual(
			[0, 1, 2].map((i) => ({
				...contextOf(i),
				__id: expect.stringMatching(UUID),
				__createdAt: '2026-01-01T00:00:00Z',
			})),
		);
		expect(pairingOf(items)).toEqual([{ item: 0 }, { item: 1 }, { item: 2 }]);
	});
});
