import { searchList, runNode } from '../harness/engine';
import { TEST_API_KEY } from '../harness/index.ts';
import { DEMO_MODULE, DEMO_MODULE_ID, DEMO_ORDERS, DEMO_REPORT } from '../harness/routes/module.ts';
import { byId, jsonOf, pairingOf, picked, usePlatform } from '../harness/setup';
import type { HostileServer } from '../reliability/hostileServers';
import { json, startHostile } from '../reliability/hostileServers';

const t = usePlatform();
const NODE = 'elma365Module';
const SCRIPT = `/api/extensions/${DEMO_MODULE_ID}/script`;

const call = (parameters: Record<string, unknown>) => ({
	resource: 'method',
	operation: 'call',
	module: picked(DEMO_MODULE_ID),
	...parameters,
});

const run = (parameters: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
	t.run({ nodeType: NODE, parameters: call(parameters), ...extra });

/** What reached the double: method, path, query, the headers that matter and the raw body. */
const wire = () =>
	t.platform.requests.map((r) => ({
		method: r.method,
		path: r.path,
		query: r.query,
		authorization: r.headers.authorization,
		contentType: r.headers['content-type'],
		body: r.raw.toString('utf8'),
	}));

const SCRIPT_ANSWERED =
	"The module's API method answered this: its script chose the status and the text.";

const bytesOf = (binary: { data: string }) => Buffer.from(binary.data, 'base64');

describe('the request', () => {
	test('POST (the default) sends the body as JSON with the key to the method address', async () => {
		const { items, error } = await run({
			method: 'echo',
			body: '{"orderId": 42, "lines": [{"sku": "A-1", "qty": 2}]}',
		});
		expect(error).toBeUndefined();
		expect(wire()).toEqual([
			{
				method: 'POST',
				path: `${SCRIPT}/echo`,
				query: {},
				authorization: `Bearer ${TEST_API_KEY}`,
				contentType: 'application/json',
				body: '{"orderId":42,"lines":[{"sku":"A-1","qty":2}]}',
			},
		]);
		expect(jsonOf(items)).toEqual([{ orderId: 42, lines: [{ sku: 'A-1', qty: 2 }] }]);
		expect(pairingOf(items)).toEqual([{ item: 0 }]);
	});

	test('the default body {} is sent as its bytes, and a body from an expression as its JSON', async () => {
		await run({ method: 'echo' });
		const { items } = await t.run({
			nodeType: NODE,
			input: [{ json: { order: { id: 7, tags: ['x'] } } }],
			parameters: call({ method: 'echo', body: '={{ $json.order }}' }),
		});
		expect(wire().map((r) => [r.contentType, r.body])).toEqual([
			['application/json', '{}'],
			['application/json', '{"id":7,"tags":["x"]}'],
		]);
		expect(jsonOf(items)).toEqual([{ id: 7, tags: ['x'] }]);
	});

	test('a JSON array is a body too', async () => {
		const { items } = await run({ method: 'echo', body: '[{"id": 1}, {"id": 2}]' });
		expect(wire()[0].body).toBe('[{"id":1},{"id":2}]');
		expect(jsonOf(items)).toEqual([{ id: 1 }, { id: 2 }]);
	});

	test.each(['PUT', 'PATCH', 'DELETE'])(
		'%s sends the body with that method',
		async (httpMethod) => {
			const { items } = await run({ method: 'echo', httpMethod, body: '{"a": 1}' });
			expect(wire().map((r) => [r.method, r.path, r.body])).toEqual([
				[httpMethod, `${SCRIPT}/echo`, '{"a":1}'],
			]);
			expect(jsonOf(items)).toEqual([{ a: 1 }]);
		},
	);

	test('GET sends Query Parameters and no body', async () => {
		const { items } = await run({
			method: 'echo',
			httpMethod: 'GET',
			query: '{"status": "open", "limit": 10, "all": true}',
		});
		expect(wire()).toEqual([
			{
				method: 'GET',
				path: `${SCRIPT}/echo`,
				query: { status: 'open', limit: '10', all: 'true' },
				authorization: `Bearer ${TEST_API_KEY}`,
				contentType: undefined,
				body: '',
			},
		]);
		expect(jsonOf(items)).toEqual([{ status: 'open', limit: '10', all: 'true' }]);
	});

	test('a nested method address keeps its "/"; each part is encoded as one segment', async () => {
		const nested = await run({ method: '/orders/list', httpMethod: 'GET' });
		expect(nested.error).toBeUndefined();
		const odd = await run({ method: 'my orders/50%', httpMethod: 'GET' });
		expect(wire().map((r) => r.path)).toEqual([
			`${SCRIPT}/orders/list`,
			`${SCRIPT}/my%20orders/50%25`,
		]);
		expect(odd.error?.message).toMatch(/^ELMA365 404: /);
	});

	test('the module is picked from the Scheme list of modules, or typed by ID', async () => {
		t.platform.collection('schemeModules').set(DEMO_MODULE_ID, DEMO_MODULE);
		try {
			const listed = await searchList({
				nodeType: NODE,
				parameters: {} as never,
				credential: t.credential(),
				method: 'searchModules',
			});
			expect(listed.results).toContainEqual({
				name: `Orders (demo) (${DEMO_MODULE_ID})`,
				value: DEMO_MODULE_ID,
			});
		} finally {
			t.platform.collection('schemeModules').delete(DEMO_MODULE_ID);
		}
		const typed = await t.run({
			nodeType: NODE,
			parameters: call({ module: byId(` ${DEMO_MODULE_ID} `), method: 'echo' }),
		});
		expect(typed.error).toBeUndefined();
		expect(t.platform.requests.map((r) => [r.method, r.path])).toEqual([
			['GET', '/pub/v1/scheme/modules'],
			['POST', `${SCRIPT}/echo`],
		]);
	});
});

describe('the answer', () => {
	test('a JSON array is one item per element, all paired with their input', async () => {
		const { items } = await t.run({
			nodeType: NODE,
			input: [{ json: {} }, { json: {} }],
			parameters: call({ method: 'orders/list', httpMethod: 'GET' }),
		});
		expect(jsonOf(items)).toEqual([...DEMO_ORDERS, ...DEMO_ORDERS]);
		expect(pairingOf(items)).toEqual([{ item: 0 }, { item: 0 }, { item: 1 }, { item: 1 }]);
	});

	test('a text answer (text/csv) is a file in the binary field, named after the method', async () => {
		const { items, error } = await run({ method: 'report' });
		expect(error).toBeUndefined();
		expect(items).toHaveLength(1);
		const binary = items[0].binary!.data;
		expect(bytesOf(binary).toString('utf8')).toBe(DEMO_REPORT);
		expect([binary.fileName, binary.mimeType]).toEqual(['report.csv', 'text/csv']);
		expect(items[0].json).toEqual({
			fileName: 'report.csv',
			mimeType: 'text/csv',
			size: Buffer.byteLength(DEMO_REPORT),
		});
	});

	test('Response Format: Text puts the answer in "data"; File keeps JSON as a file, in the field named', async () => {
		const text = await run({ method: 'report', options: { responseFormat: 'text' } });
		expect(jsonOf(text.items)).toEqual([{ data: DEMO_REPORT }]);
		const file = await run({
			method: 'echo',
			body: '{"a": 1}',
			options: { responseFormat: 'file', binaryPropertyName: 'answer' },
		});
		const binary = file.items[0].binary!.answer;
		expect(bytesOf(binary).toString('utf8')).toBe('{"a":1}');
		expect([binary.fileName, binary.mimeType]).toEqual(['echo.json', 'application/json']);
	});

	test('Response Format: JSON fails an answer that is not JSON, without showing it', async () => {
		const { error } = await run({ method: 'report', options: { responseFormat: 'json' } });
		expect(error?.message).toBe(
			`The method's answer is not JSON (${Buffer.byteLength(DEMO_REPORT)} bytes, Content-Type text/csv)`,
		);
		expect(error?.description).toContain(`Request: POST ${SCRIPT}/report.`);
	});

	test.each([
		['an empty answer', { status: 204 }, [{}]],
		[
			'a JSON value that is not an object',
			{ status: 200, headers: { 'content-type': 'application/json' }, body: '"done"' },
			[{ data: 'done' }],
		],
		[
			'an answer without Content-Type that parses as JSON',
			{ status: 200, headers: { 'content-type': '' }, body: '{"ok": true}' },
			[{ ok: true }],
		],
		[
			'a JSON answer that looks like an envelope',
			{ status: 200, body: { success: false, error: 'the module says so' } },
			[{ success: false, error: 'the module says so' }],
		],
	])('%s', async (_label, reply, expected) => {
		t.platform.script('POST', `${SCRIPT}/echo`, reply);
		const { items, error } = await run({ method: 'echo' });
		expect(error).toBeUndefined();
		expect(jsonOf(items)).toEqual(expected);
	});
});

describe('failures', () => {
	test("a method's error status and text are the item's error; the call is not repeated", async () => {
		const { items, error } = await run({ method: 'fail', body: '{"reason": "no stock"}' });
		expect(items).toEqual([]);
		expect(error?.message).toBe('ELMA365 422: Order cannot be shipped: no stock');
		expect(error?.description).toBe(
			`The platform rejected the request (HTTP 422). ${SCRIPT_ANSWERED} Request: POST ${SCRIPT}/fail.`,
		);
		expect(error?.httpCode).toBe('422');
		expect(t.platform.requests).toHaveLength(1);
	});

	test('a 5xx is not retried (what the script did is unknown), and the key is never shown', async () => {
		t.platform.script('POST', `${SCRIPT}/echo`, {
			status: 500,
			body: `script failed; header was Bearer ${TEST_API_KEY}`,
		});
		const { error } = await run({ method: 'echo' });
		expect(t.platform.requests).toHaveLength(1);
		expect(error?.message).toBe('ELMA365 500: script failed; header was Bearer [redacted]');
		expect(JSON.stringify([error?.message, error?.description, error])).not.toContain(TEST_API_KEY);
	});

	test('a JSON refusal without a message is quoted as the module gave it', async () => {
		t.platform.script('POST', `${SCRIPT}/echo`, {
			status: 409,
			body: { code: 'closed', detail: 'Order 42 is closed' },
		});
		const { error } = await run({ method: 'echo' });
		expect(error?.message).toBe('ELMA365 409: {"code":"closed","detail":"Order 42 is closed"}');
		expect(error?.httpCode).toBe('409');
	});

	test('a refused key: 403, with what it means for a module method', async () => {
		const { error } = await t.run({
			nodeType: NODE,
			parameters: call({ method: 'echo' }),
			credential: { baseUrl: t.platform.url, apiKey: 'another-key-0000' },
		});
		expect(error?.message).toBe(
			"ELMA365 403: access denied: invalid token (only External methods take a token, and the credential's user must be allowed to run it: check the method's Authorization in the module)",
		);
	});

	test.each([
		['a module the company does not have', byId('3fa85f64-5717-4562-b3fc-2c963f66afa6'), 'echo'],
		['a method the module does not have', picked(DEMO_MODULE_ID), 'no_such_method'],
	])('%s: 404, explained', async (_label, module, method) => {
		const { error } = await t.run({ nodeType: NODE, parameters: call({ module, method }) });
		expect(error?.message).toMatch(/^ELMA365 404: .* \(no such module, or no External API method/);
		expect(error?.description).toContain('Administration > Modules');
	});

	test('Continue On Fail: the failed item gets its error, the others their answers', async () => {
		const { items, error } = await t.run({
			nodeType: NODE,
			continueOnFail: true,
			input: [{ json: { m: 'echo' } }, { json: { m: 'fail' } }, { json: { m: 'echo' } }],
			parameters: call({ method: '={{ $json.m }}', body: '={{ { "n": $itemIndex } }}' }),
		});
		expect(error).toBeUndefined();
		expect(jsonOf(items)).toEqual([
			{ n: 0 },
			{
				error: 'ELMA365 422: Order cannot be shipped: it is closed',
				description: `The platform rejected the request (HTTP 422). ${SCRIPT_ANSWERED} Request: POST ${SCRIPT}/fail.`,
				httpCode: '422',
			},
			{ n: 2 },
		]);
		expect(pairingOf(items)).toEqual([{ item: 0 }, { item: 1 }, { item: 2 }]);
	});
});

describe('refused before any request', () => {
	test.each([
		['an empty method', { method: '  ' }, /Invalid "Method" in item 0: expected a non-empty text/],
		[
			'".." in the method',
			{ method: 'orders/../admin' },
			/Invalid "Method" in item 0: expected .*without "\." or "\.\." parts/,
		],
		['"." as the method', { method: '.' }, /without "\." or "\.\." parts/],
		['an empty part', { method: 'orders//list' }, /without empty parts/],
		['a query in the method', { method: 'orders?id=1' }, /without "\?" or "#"/],
		['a line break in the method', { method: 'orders\nlist' }, /without control characters/],
		[
			'a module ID that is not a UUID',
			{ module: byId('={{ "orders" }}'), method: 'echo' },
			/Invalid "Module" in item 0: expected a UUID/,
		],
		[
			'a body that is not JSON',
			{ method: 'echo', body: '{"a": ' },
			/Invalid "Body \(JSON\)" in item 0: expected a JSON object or array/,
		],
		[
			'a body that is a bare value',
			{ method: 'echo', body: '42' },
			/Invalid "Body \(JSON\)" in item 0: expected a JSON object or array/,
		],
		[
			'query parameters with a nested value',
			{ method: 'echo', httpMethod: 'GET', query: '{"a": {"b": 1}}' },
			/Invalid "Query Parameters \(JSON\)" in item 0: expected a JSON object of names and values/,
		],
		[
			'an unknown response format',
			{ method: 'echo', options: { responseFormat: 'xml' } },
			/Invalid "Response Format" in item 0/,
		],
	])('%s', async (_label, parameters, message) => {
		const { error } = await run(parameters);
		expect(error?.message).toMatch(message);
		expect(t.platform.requests).toEqual([]);
	});

	test('the item with the bad value is named; the items before it were sent', async () => {
		const { error } = await t.run({
			nodeType: NODE,
			input: [{ json: { body: '{}' } }, { json: { body: 'not json' } }],
			parameters: call({ method: 'echo', body: '={{ $json.body }}' }),
		});
		expect(error?.message).toMatch(/^Invalid "Body \(JSON\)" in item 1: expected a JSON object/);
		expect(t.platform.requests).toHaveLength(1);
	});
});

describe('the key goes only to the company origin', () => {
	let company: HostileServer;
	let elsewhere: HostileServer;
	beforeAll(async () => {
		company = await startHostile();
		elsewhere = await startHostile();
	});
	afterEach(() => {
		company.reset();
		elsewhere.reset();
	});
	afterAll(async () => {
		await company.close();
		await elsewhere.close();
	});
	const runAt = (parameters: Record<string, unknown>) =>
		runNode({
			nodeType: NODE,
			parameters: call(parameters),
			credential: { baseUrl: `${company.origin}/pub/v1`, apiKey: TEST_API_KEY },
		});

	test('a POST redirected to another origin is not followed', async () => {
		company.handle((request, response) =>
			response.writeHead(307, { location: `${elsewhere.origin}${request.url}` }).end(),
		);
		const { error } = await runAt({ method: 'echo' });
		expect(company.received.map((r) => [r.method, r.url, r.headers.authorization])).toEqual([
			['POST', `${SCRIPT}/echo`, `Bearer ${TEST_API_KEY}`],
		]);
		expect(elsewhere.received).toEqual([]);
		expect(error?.message).toBe(
			`ELMA365: the platform redirected the request to another address (${elsewhere.origin}${SCRIPT}/echo); it was not followed`,
		);
	});

	test('a GET redirected to another origin (a file in storage) is fetched there without the key', async () => {
		company.handle((_request, response) =>
			response.writeHead(302, { location: `${elsewhere.origin}/files/report.csv` }).end(),
		);
		elsewhere.handle((_request, response) =>
			response.writeHead(200, { 'content-type': 'text/csv' }).end(DEMO_REPORT),
		);
		const { items, error } = await runAt({ method: 'report', httpMethod: 'GET' });
		expect(error).toBeUndefined();
		expect(elsewhere.received.map((r) => [r.method, r.url, r.headers.authorization])).toEqual([
			['GET', '/files/report.csv', undefined],
		]);
		expect(bytesOf(items[0].binary!.data).toString('utf8')).toBe(DEMO_REPORT);
	});

	test('a same-origin redirect is followed with the key', async () => {
		company.handle((request, response) => {
			if (request.url.endsWith('/echo')) {
				response.writeHead(307, { location: `${SCRIPT}/echo2` }).end();
				return;
			}
			json(response, 200, { moved: true });
		});
		const { items } = await runAt({ method: 'echo' });
		expect(company.received.map((r) => [r.method, r.url, r.headers.authorization])).toEqual([
			['POST', `${SCRIPT}/echo`, `Bearer ${TEST_API_KEY}`],
			['POST', `${SCRIPT}/echo2`, `Bearer ${TEST_API_KEY}`],
		]);
		expect(jsonOf(items)).toEqual([{ moved: true }]);
	});
});
