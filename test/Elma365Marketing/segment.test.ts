import { fail, newId } from '../harness/index.ts';
import { jsonOf, pairingOf, usePlatform } from '../harness/setup';
import { MAX_PAGE_SIZE } from '../../nodes/shared/lists/pager';

const t = usePlatform();
const locator = (value: string, mode = 'id') => ({ __rl: true, mode, value });
/** Subscriber rows, each set to an expression that may give several IDs. */
const rows = (values: string[]) => ({
	subscriber: values.map((value) => ({ id: locator(value) })),
});
let segmentA: string;
let segmentB: string;
let subscribers: string[];

beforeEach(() => {
	for (const name of ['segments', 'subscribers', 'segmentMembers'])
		t.platform.collection(name).clear();
	segmentA = newId();
	segmentB = newId();
	t.platform.collection('segments').set(segmentA, { __id: segmentA, name: 'Newsletter' });
	t.platform.collection('segments').set(segmentB, { __id: segmentB, name: 'Partners' });
	subscribers = Array.from({ length: 6 }, (_, i) => {
		const __id = newId();
		t.platform.collection('subscribers').set(__id, { __id, email: `s${i}@example.com` });
		return __id;
	});
});

const members = (id: string) =>
	(t.platform.collection('segmentMembers').get(id)?.ids ?? []) as string[];

describe('segment create, get, getAll', () => {
	test('create puts the documented {externalId, name, preference}', async () => {
		const preference = '7a000000-0000-4000-8000-0000000000e1';
		const { items, error } = await t.run({
			nodeType: 'elma365Marketing',
			parameters: {
				resource: 'segment',
				operation: 'create',
				name: 'Spring sale',
				additionalFields: { externalId: 'crm-42', preference: ` ${preference} ` },
			},
		});
		expect(error).toBeUndefined();
		const [request] = t.platform.requests;
		expect([request.method, request.path, request.query, request.headers.authorization]).toEqual([
			'PUT',
			'/pub/v1/marketing/segment',
			{},
			`Bearer ${t.platform.apiKey}`,
		]);
		expect(request.headers['content-type']).toMatch(/^application\/json/);
		const body = { name: 'Spring sale', externalId: 'crm-42', preference };
		expect(request.body).toEqual(body);
		const created = jsonOf(items)[0] as { __id: string };
		expect(created).toEqual({ ...body, __id: created.__id });
		expect(pairingOf(items)).toEqual([{ item: 0 }]);
	});

	test('a preference that is not a UUID is refused before any request; the double refuses keys the reference does not list', async () => {
		const typed = await t.run({
			nodeType: 'elma365Marketing',
			parameters: {
				resource: 'segment',
				operation: 'create',
				name: 'X',
				additionalFields: { preference: 'email' },
			},
		});
		expect(typed.error?.message).toMatch(/^Invalid "Preference" in item 0: expected a UUID/);
		expect(t.platform.requests).toHaveLength(0);
		const extra = await t.run({
			nodeType: 'elma365Marketing',
			parameters: {
				resource: 'segment',
				operation: 'create',
				name: 'X',
				additionalFields: { body: '{"description": "from n8n"}' },
			},
		});
		expect(t.platform.requests.map((r) => r.body)).toEqual([
			{ name: 'X', description: 'from n8n' },
		]);
		expect(extra.error?.message).toBe('ELMA365 400: body.description: unknown key');
	});

	test('create is not repeated after a 5xx (PUT that creates)', async () => {
		t.platform.script('PUT', '/pub/v1/marketing/segment', fail(503, 'busy'), 9);
		const { error } = await t.run({
			nodeType: 'elma365Marketing',
			parameters: { resource: 'segment', operation: 'create', name: 'X' },
		});
		expect(error?.message).toBe('ELMA365 503: busy');
		expect(t.platform.requests).toHaveLength(1);
	});

	test('get reads one segment; a bad id fails before any request', async () => {
		const { items } = await t.run({
			nodeType: 'elma365Marketing',
			parameters: { resource: 'segment', operation: 'get', segmentId: locator(segmentA, 'list') },
		});
		expect(t.platform.requests.map((r) => [r.method, r.path, r.query, r.body])).toEqual([
			['GET', `/pub/v1/marketing/segment/${segmentA}`, {}, undefined],
		]);
		expect(jsonOf(items)).toEqual([{ __id: segmentA, name: 'Newsletter' }]);
		t.platform.reset();
		const bad = await t.run({
			nodeType: 'elma365Marketing',
			parameters: { resource: 'segment', operation: 'get', segmentId: locator('={{ "x" }}') },
		});
		expect(bad.error?.message).toMatch(/Invalid "Segment" in item 0: expected a UUID/);
		expect(t.platform.requests).toHaveLength(0);
	});

	test('getAll posts {filter, from, size} and pages', async () => {
		const { items } = await t.run({
			nodeType: 'elma365Marketing',
			parameters: {
				resource: 'segment',
				operation: 'getAll',
				returnAll: true,
				options: { tableFilter: { match: [{ field: 'name', value: 'news' }] } },
			},
		});
		expect(t.platform.requests.map((r) => [r.method, r.path, r.body])).toEqual([
			[
				'POST',
				'/pub/v1/marketing/segment',
				{ filter: { tf: { name: 'news' } }, from: 0, size: MAX_PAGE_SIZE },
			],
		]);
		expect(jsonOf(items)).toEqual([
			{ __id: segmentA, name: 'Newsletter' },
			{ __id: segmentB, name: 'Partners' },
		]);
	});

	test('lists refuse IDs and Sort (the documented body is {filter, from, size}); the double refuses them too', async () => {
		for (const [operation, options, label] of [
			['getAll', { ids: '7a000000-0000-4000-8000-0000000000e1' }, 'IDs'],
			['getAll', { sort: { rule: [{ field: 'name', ascending: true }] } }, 'Sort'],
		] as const) {
			const { error } = await t.run({
				nodeType: 'elma365Marketing',
				parameters: { resource: 'segment', operation, limit: 5, options },
			});
			expect(error?.message).toMatch(
				new RegExp(
					`^Invalid "${label}" in item 0: expected no value: marketing lists take only a table filter`,
				),
			);
		}
		expect(t.platform.requests).toHaveLength(0);
		const { error } = await t.run({
			nodeType: 'elma365Marketing',
			parameters: {
				resource: 'subscriber',
				operation: 'getAll',
				limit: 5,
				options: { body: '{"sortExpressions": []}' },
			},
		});
		expect(t.platform.requests.map((r) => [r.path, r.body])).toEqual([
			['/pub/v1/marketing/subscriber', { sortExpressions: [], from: 0, size: 5 }],
		]);
		expect(error?.message).toBe('ELMA365 400: body.sortExpressions: unknown key');
	});

	test('412 (no CRM licence) is explained', async () => {
		t.platform.script('POST', '/pub/v1/marketing/segment', fail(412, 'license required'));
		const { error } = await t.run({
			nodeType: 'elma365Marketing',
			parameters: { resource: 'segment', operation: 'getAll', limit: 5 },
		});
		expect(error?.message).toMatch(
			/^ELMA365 412: license required \(marketing needs a CRM licence/,
		);
		expect(String(error?.description)).toMatch(/^marketing needs a CRM licence/);
		expect(error?.httpCode).toBe('412');
	});
});

describe('segment subscribers', () => {
	const change = (operation: string, extra: Record<string, unknown> = {}) => ({
		resource: 'segment',
		operation,
		segmentId: locator('={{ $json.segment }}'),
		subscriberIds: rows(['={{ $json.ids }}']),
		...extra,
	});

	test('addSubscribers with Send in One Request off: one PATCH per item', async () => {
		const { items, error } = await t.run({
			nodeType: 'elma365Marketing',
			input: [
				{ json: { segment: segmentA, ids: `${subscribers[0]}, ${subscribers[1]}` } },
				{ json: { segment: segmentA, ids: [subscribers[2]] } },
			],
			parameters: change('addSubscribers', { sendInOneRequest: false }),
		});
		expect(error).toBeUndefined();
		const path = `/pub/v1/marketing/segment/${segmentA}/subscribers/add`;
		expect(
			t.platform.requests.map((r) => [r.method, r.path, r.query, r.headers.authorization, r.body]),
		).toEqual([
			['PATCH', path, {}, `Bearer ${t.platform.apiKey}`, { ids: [subscribers[0], subscribers[1]] }],
			['PATCH', path, {}, `Bearer ${t.platform.apiKey}`, { ids: [subscribers[2]] }],
		]);
		expect(jsonOf(items)).toEqual([
			{ segmentId: segmentA, subscriberIds: [subscribers[0], subscribers[1]] },
			{ segmentId: segmentA, subscriberIds: [subscribers[2]] },
		]);
		expect(pairingOf(items)).toEqual([{ item: 0 }, { item: 1 }]);
		expect(members(segmentA)).toEqual(subscribers.slice(0, 3));
	});

	test('Send in One Request: one PATCH per segment for N items, N paired outputs in input order', async () => {
		const { items, error } = await t.run({
			nodeType: 'elma365Marketing',
			input: [
				{ json: { segment: segmentA, ids: subscribers[0] } },
				{ json: { segment: segmentB, ids: subscribers[1] } },
				{ json: { segment: segmentA, ids: `${subscribers[2]},${subscribers[0]}` } },
				{ json: { segment: segmentA, ids: subscribers[3] } },
			],
			parameters: change('addSubscribers', { sendInOneRequest: true }),
		});
		expect(error).toBeUndefined();
		expect(t.platform.requests.map((r) => [r.method, r.path, r.body])).toEqual([
			[
				'PATCH',
				`/pub/v1/marketing/segment/${segmentA}/subscribers/add`,
				{ ids: [subscribers[0], subscribers[2], subscribers[3]] },
			],
			['PATCH', `/pub/v1/marketing/segment/${segmentB}/subscribers/add`, { ids: [subscribers[1]] }],
		]);
		expect(jsonOf(items)).toEqual([
			{ segmentId: segmentA, subscriberIds: [subscribers[0]] },
			{ segmentId: segmentB, subscriberIds: [subscribers[1]] },
			{ segmentId: segmentA, subscriberIds: [subscribers[2], subscribers[0]] },
			{ segmentId: segmentA, subscriberIds: [subscribers[3]] },
		]);
		expect(pairingOf(items)).toEqual([{ item: 0 }, { item: 1 }, { item: 2 }, { item: 3 }]);
		expect(members(segmentA)).toEqual([subscribers[0], subscribers[2], subscribers[3]]);
	});

	test('removeSubscribers uses the same form and batch', async () => {
		t.platform.collection('segmentMembers').set(segmentA, { ids: subscribers.slice(0, 4) });
		const { items } = await t.run({
			nodeType: 'elma365Marketing',
			input: [
				{ json: { segment: segmentA, ids: subscribers[1] } },
				{ json: { segment: segmentA, ids: subscribers[3] } },
			],
			parameters: change('removeSubscribers', { sendInOneRequest: true }),
		});
		expect(t.platform.requests.map((r) => [r.method, r.path, r.body])).toEqual([
			[
				'PATCH',
				`/pub/v1/marketing/segment/${segmentA}/subscribers/remove`,
				{ ids: [subscribers[1], subscribers[3]] },
			],
		]);
		expect(pairingOf(items)).toEqual([{ item: 0 }, { item: 1 }]);
		expect(members(segmentA)).toEqual([subscribers[0], subscribers[2]]);
	});

	test("bad subscriber ids or no ids fail before the item's request; in a batch before any request", async () => {
		for (const sendInOneRequest of [false, true]) {
			t.platform.reset();
			const bad = await t.run({
				nodeType: 'elma365Marketing',
				input: [
					{ json: { segment: segmentA, ids: subscribers[0] } },
					{ json: { segment: segmentA, ids: `${subscribers[1]}, bob` } },
				],
				parameters: change('addSubscribers', { sendInOneRequest }),
			});
			expect(bad.error?.message).toMatch(
				/Invalid "Subscribers \(entry 1\)" in item 1: expected a UUID.*got "bob"/,
			);
			const none = await t.run({
				nodeType: 'elma365Marketing',
				input: [{ json: { segment: segmentA, ids: ' , ' } }],
				parameters: change('addSubscribers', { sendInOneRequest }),
			});
			expect(none.error?.message).toMatch(
				/Invalid "Subscribers" in item 0: expected at least one subscriber ID/,
			);
			// One request per item: item 0 went out before item 1 was read; in one request, nothing went out.
			expect(t.platform.requests.map((r) => r.body)).toEqual(
				sendInOneRequest ? [] : [{ ids: [subscribers[0]] }],
			);
		}
	});

	test('batch with Continue On Fail: invalid items and failed segments give error items, the rest succeed, all paired', async () => {
		const missing = newId();
		const { items, error } = await t.run({
			nodeType: 'elma365Marketing',
			continueOnFail: true,
			input: [
				{ json: { segment: segmentA, ids: subscribers[0] } },
				{ json: { segment: 'nope', ids: subscribers[1] } },
				{ json: { segment: missing, ids: subscribers[2] } },
				{ json: { segment: segmentA, ids: subscribers[3] } },
				{ json: { segment: missing, ids: subscribers[4] } },
			],
			parameters: change('addSubscribers', { sendInOneRequest: true }),
		});
		expect(error).toBeUndefined();
		expect(t.platform.requests.map((r) => [r.path, r.body])).toEqual([
			[
				`/pub/v1/marketing/segment/${segmentA}/subscribers/add`,
				{ ids: [subscribers[0], subscribers[3]] },
			],
			[
				`/pub/v1/marketing/segment/${missing}/subscribers/add`,
				{ ids: [subscribers[2], subscribers[4]] },
			],
		]);
		const out = jsonOf(items) as Array<Record<string, unknown>>;
		expect(out).toHaveLength(5);
		expect(out[0]).toEqual({ segmentId: segmentA, subscriberIds: [subscribers[0]] });
		expect(out[1].error).toMatch(/Invalid "Segment" in item 1/);
		expect(out[2]).toMatchObject({
			error: `ELMA365 404: segment ${missing} not found`,
			httpCode: '404',
		});
		expect(out[3]).toEqual({ segmentId: segmentA, subscriberIds: [subscribers[3]] });
		expect(out[4]).toMatchObject({
			error: `ELMA365 404: segment ${missing} not found`,
			httpCode: '404',
		});
		expect(pairingOf(items)).toEqual([
			{ item: 0 },
			{ item: 1 },
			{ item: 2 },
			{ item: 3 },
			{ item: 4 },
		]);
	});

	test('per item (Send in One Request off) with Continue On Fail: one output per input, in order, paired; 412 explained', async () => {
		t.platform.script(
			'PATCH',
			`/pub/v1/marketing/segment/${segmentB}/subscribers/add`,
			fail(412, 'no license'),
		);
		const { items, error } = await t.run({
			nodeType: 'elma365Marketing',
			continueOnFail: true,
			input: [
				{ json: { segment: segmentA, ids: subscribers[0] } },
				{ json: { segment: segmentB, ids: subscribers[1] } },
				{ json: { segment: segmentA, ids: 'x' } },
			],
			parameters: change('addSubscribers', { sendInOneRequest: false }),
		});
		expect(error).toBeUndefined();
		expect(t.platform.requests).toHaveLength(2);
		const out = jsonOf(items) as Array<Record<string, unknown>>;
		expect(out[0]).toEqual({ segmentId: segmentA, subscriberIds: [subscribers[0]] });
		expect(out[1]).toMatchObject({ httpCode: '412' });
		expect(out[1].error).toMatch(/^ELMA365 412: no license \(marketing needs a CRM licence/);
		expect(out[2].error).toMatch(/Invalid "Subscribers \(entry 1\)" in item 2/);
		expect(pairingOf(items)).toEqual([{ item: 0 }, { item: 1 }, { item: 2 }]);
	});

	test('batch without Continue On Fail stops on a platform error, naming the item', async () => {
		t.platform.script(
			'PATCH',
			`/pub/v1/marketing/segment/${segmentA}/subscribers/add`,
			fail(412, 'no license'),
		);
		const { error } = await t.run({
			nodeType: 'elma365Marketing',
			input: [
				{ json: { segment: segmentA, ids: subscribers[0] } },
				{ json: { segment: segmentA, ids: subscribers[1] } },
			],
			parameters: change('addSubscribers', { sendInOneRequest: true }),
		});
		expect(error?.message).toMatch(/^ELMA365 412: no license \(marketing needs a CRM licence/);
		expect(t.platform.requests).toHaveLength(1);
	});

	test('getSubscribers pages the subscribers of a segment', async () => {
		t.platform.collection('segmentMembers').set(segmentA, { ids: subscribers.slice(0, 5) });
		const { items } = await t.run({
			nodeType: 'elma365Marketing',
			parameters: {
				resource: 'segment',
				operation: 'getSubscribers',
				segmentId: locator(segmentA),
				limit: 3,
			},
		});
		expect(t.platform.requests.map((r) => [r.method, r.path, r.body])).toEqual([
			['POST', `/pub/v1/marketing/segment/${segmentA}/subscribers`, { from: 0, size: 3 }],
		]);
		expect(jsonOf(items)).toEqual(
			subscribers.slice(0, 3).map((__id) => t.platform.collection('subscribers').get(__id)),
		);
		expect(pairingOf(items)).toEqual([{ item: 0 }, { item: 0 }, { item: 0 }]);
	});
});

describe('subscriber getAll', () => {
	test('pages with from/size in the body until total', async () => {
		for (let i = 0; i < 200; i++) {
			const __id = newId();
			t.platform.collection('subscribers').set(__id, { __id, email: `bulk${i}@example.com` });
		}
		const { items } = await t.run({
			nodeType: 'elma365Marketing',
			parameters: { resource: 'subscriber', operation: 'getAll', returnAll: true },
		});
		expect(t.platform.requests.map((r) => [r.method, r.path, r.body])).toEqual([
			['POST', '/pub/v1/marketing/subscriber', { from: 0, size: MAX_PAGE_SIZE }],
		]);
		expect(jsonOf(items)).toEqual([...t.platform.collection('subscribers').values()]);
	});
});

test('create without a name or with bad JSON fails before any request', async () => {
	const noName = await t.run({
		nodeType: 'elma365Marketing',
		parameters: { resource: 'segment', operation: 'create', name: '={{ "" }}' },
	});
	expect(noName.error?.message).toMatch(/Invalid "Name" in item 0: expected a non-empty text/);
	const badJson = await t.run({
		nodeType: 'elma365Marketing',
		parameters: {
			resource: 'segment',
			operation: 'create',
			name: 'X',
			additionalFields: { body: '[]' },
		},
	});
	expect(badJson.error?.message).toMatch(
		/Invalid "Additional Body \(JSON\)" in item 0: expected a JSON object/,
	);
	expect(t.platform.requests).toHaveLength(0);
});
