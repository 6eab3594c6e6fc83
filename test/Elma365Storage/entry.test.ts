import axios from 'axios';
import { storedValues } from '../harness/routes/storage.ts';
import { jsonOf, pairingOf, usePlatform } from '../harness/setup';

const t = usePlatform();

beforeEach(() => storedValues(t.platform).clear());

const section = { __rl: true, mode: 'list', value: 'crm' };
const application = { __rl: true, mode: 'code', value: 'deals' };

/** Each scope: its parameters and the path its key lives at. */
const SCOPES = [
	['system', { scope: 'system' }, '/pub/v1/storage/system/last_sync'],
	['section', { scope: 'section', namespace: section }, '/pub/v1/storage/crm/last_sync'],
	[
		'application',
		{ scope: 'application', namespace: section, application },
		'/pub/v1/storage/crm/deals/last_sync',
	],
] as const;

const entry = (operation: string, extra: Record<string, unknown>) => ({
	resource: 'entry',
	operation,
	key: 'last_sync',
	...extra,
});

describe.each(SCOPES)('%s scope', (_name, scope, path) => {
	test('set, get and delete send the documented requests and output the entry', async () => {
		const set = await t.run({
			nodeType: 'elma365Storage',
			parameters: entry('set', { ...scope, value: '2026-01-01T00:00:00Z' }),
		});
		expect(set.error).toBeUndefined();
		expect(jsonOf(set.items)).toEqual([{ key: 'last_sync', data: '2026-01-01T00:00:00Z' }]);

		const get = await t.run({ nodeType: 'elma365Storage', parameters: entry('get', scope) });
		expect(get.error).toBeUndefined();
		expect(jsonOf(get.items)).toEqual([{ key: 'last_sync', data: '2026-01-01T00:00:00Z' }]);
		expect(pairingOf(get.items)).toEqual([{ item: 0 }]);

		const deleted = await t.run({ nodeType: 'elma365Storage', parameters: entry('delete', scope) });
		expect(deleted.error).toBeUndefined();
		expect(jsonOf(deleted.items)).toEqual([{ key: 'last_sync', deleted: true }]);

		expect(
			t.platform.requests.map((r) => [r.method, r.path, r.query, r.headers.authorization, r.body]),
		).toEqual([
			['POST', path, {}, `Bearer ${t.platform.apiKey}`, { data: '2026-01-01T00:00:00Z' }],
			['GET', path, {}, `Bearer ${t.platform.apiKey}`, undefined],
			['DELETE', path, {}, `Bearer ${t.platform.apiKey}`, undefined],
		]);
		expect(storedValues(t.platform).size).toBe(0);
	});

	test('get of a key never set fails with the platform 404', async () => {
		const { items, error } = await t.run({
			nodeType: 'elma365Storage',
			parameters: entry('get', scope),
		});
		expect(items).toEqual([]);
		expect(error?.message).toBe('ELMA365 404: key "last_sync" not found');
		expect(t.platform.requests.map((r) => [r.method, r.path])).toEqual([['GET', path]]);
	});
});

test('the three scopes keep their own values under the same key', async () => {
	for (const [, scope] of SCOPES) {
		await t.run({
			nodeType: 'elma365Storage',
			parameters: entry('set', { ...scope, value: `${scope.scope} value` }),
		});
	}
	expect(Object.fromEntries(storedValues(t.platform))).toEqual({
		'system/last_sync': { data: 'system value' },
		'crm/last_sync': { data: 'section value' },
		'crm/deals/last_sync': { data: 'application value' },
	});
});

test('the key is one path segment, whatever it holds', async () => {
	const { items, error } = await t.run({
		nodeType: 'elma365Storage',
		parameters: entry('set', { scope: 'system', key: 'a b?c#d%e', value: 'x' }),
	});
	expect(error).toBeUndefined();
	expect(t.platform.requests[0].path).toBe('/pub/v1/storage/system/a%20b%3Fc%23d%25e');
	expect(jsonOf(items)).toEqual([{ key: 'a b?c#d%e', data: 'x' }]);
	expect(storedValues(t.platform).get('system/a b?c#d%e')).toEqual({ data: 'x' });
});

test('a key with "/" is refused before any request, as every code in an address is', async () => {
	const { error } = await t.run({
		nodeType: 'elma365Storage',
		parameters: entry('set', { scope: 'system', key: 'a/b', value: 'x' }),
	});
	expect(error?.message).toBe(
		'Invalid "Key" in item 0: expected a code or ID without "/", got "a/b"',
	);
	expect(t.platform.requests).toEqual([]);
});

test('set sends an object from an expression as its JSON text', async () => {
	const { items } = await t.run({
		nodeType: 'elma365Storage',
		input: [{ json: { settings: { retries: 3, on: true } } }],
		parameters: entry('set', { scope: 'system', value: '={{ $json.settings }}' }),
	});
	expect(t.platform.requests[0].body).toEqual({ data: '{"retries":3,"on":true}' });
	expect(jsonOf(items)).toEqual([{ key: 'last_sync', data: '{"retries":3,"on":true}' }]);
});

test('set with Raw JSON sends the body as given', async () => {
	const { items, error } = await t.run({
		nodeType: 'elma365Storage',
		parameters: entry('set', { scope: 'system', specifyBody: 'json', body: '{"data": "raw"}' }),
	});
	expect(error).toBeUndefined();
	expect(t.platform.requests[0].body).toEqual({ data: 'raw' });
	expect(jsonOf(items)).toEqual([{ key: 'last_sync', data: 'raw' }]);
});

test('a body the platform refuses fails with its 400', async () => {
	const { error } = await t.run({
		nodeType: 'elma365Storage',
		parameters: entry('set', { scope: 'system', specifyBody: 'json', body: '{"value": 1}' }),
	});
	expect(error?.message).toBe('ELMA365 400: body.value: unknown key');
	expect(storedValues(t.platform).size).toBe(0);
});

test.each([
	[
		'an empty key',
		entry('get', { scope: 'system', key: '  ' }),
		/Invalid "Key" in item 0: expected a non-empty text/,
	],
	[
		'the key ".."',
		entry('delete', { scope: 'system', key: '..' }),
		/Invalid "Key" in item 0: expected a code or ID/,
	],
	[
		'no section',
		entry('set', { scope: 'section', namespace: { __rl: true, mode: 'list', value: '' } }),
		/Parameter "Section" is required/,
	],
	[
		'the section "system"',
		entry('get', { scope: 'section', namespace: { __rl: true, mode: 'code', value: 'system' } }),
		/Invalid "Section" in item 0: expected a section code other than "system"/,
	],
	[
		'no application',
		entry('get', { scope: 'application', namespace: section }),
		/Parameter "Application" is required/,
	],
	[
		'a section that an expression leaves empty',
		entry('get', {
			scope: 'application',
			namespace: { __rl: true, mode: 'code', value: '={{ $json.missing }}' },
			application,
		}),
		/Invalid "Section" in item 0: expected a non-empty text/,
	],
	['an unknown scope', entry('get', { scope: 'module' }), /Invalid "Scope" in item 0/],
	[
		'Raw JSON that is not an object',
		entry('set', { scope: 'system', specifyBody: 'json', body: '[1]' }),
		/Invalid "Body \(JSON\)" in item 0/,
	],
])('%s is refused before any request', async (_case, parameters, message) => {
	const { error } = await t.run({ nodeType: 'elma365Storage', parameters });
	expect(error?.message).toMatch(message);
	expect(t.platform.requests).toEqual([]);
});

test('Continue On Fail: one output per input, in order, paired', async () => {
	storedValues(t.platform).set('system/a', { data: 'A' });
	storedValues(t.platform).set('system/c', { data: 'C' });
	const { items, error } = await t.run({
		nodeType: 'elma365Storage',
		continueOnFail: true,
		input: [
			{ json: { key: 'a' } },
			{ json: { key: '' } },
			{ json: { key: 'b' } },
			{ json: { key: 'c' } },
		],
		parameters: entry('get', { scope: 'system', key: '={{ $json.key }}' }),
	});
	expect(error).toBeUndefined();
	expect(t.platform.requests.map((r) => r.path)).toEqual([
		'/pub/v1/storage/system/a',
		'/pub/v1/storage/system/b',
		'/pub/v1/storage/system/c',
	]);
	const out = jsonOf(items) as Array<Record<string, unknown>>;
	expect(out[0]).toEqual({ key: 'a', data: 'A' });
	expect(out[1].error).toMatch(/^Invalid "Key" in item 1: expected a non-empty text/);
	expect(out[2]).toMatchObject({ error: 'ELMA365 404: key "b" not found', httpCode: '404' });
	expect(out[3]).toEqual({ key: 'c', data: 'C' });
	expect(pairingOf(items)).toEqual([{ item: 0 }, { item: 1 }, { item: 2 }, { item: 3 }]);
});

test('writes to one key keep their input order at any Concurrency', async () => {
	const { error } = await t.run({
		nodeType: 'elma365Storage',
		input: [1, 2, 3, 4, 5].map((n) => ({ json: { n } })),
		parameters: entry('set', {
			scope: 'system',
			value: '={{ $json.n }}',
			options: { concurrency: 5 },
		}),
	});
	expect(error).toBeUndefined();
	expect(t.platform.requests.map((r) => r.body)).toEqual(
		['1', '2', '3', '4', '5'].map((data) => ({ data })),
	);
	expect(storedValues(t.platform).get('system/last_sync')).toEqual({ data: '5' });
});

describe('the double', () => {
	const send = (method: string, path: string, data?: unknown) =>
		axios.request({
			method,
			url: `${t.platform.url}${path}`,
			data,
			headers: { authorization: `Bearer ${t.platform.apiKey}` },
			validateStatus: () => true,
		});

	test('answers a stored value with the envelope and the value under "data"', async () => {
		storedValues(t.platform).set('crm/deals/k', { data: 'v' });
		const answer = await send('GET', '/pub/v1/storage/crm/deals/k');
		expect([answer.status, answer.data]).toEqual([200, { success: true, error: '', data: 'v' }]);
	});

	test('refuses a value that is not text, and a key it does not have', async () => {
		const refused = await send('POST', '/pub/v1/storage/system/k', { data: 1 });
		expect([refused.status, refused.data.error]).toEqual([
			400,
			'body.data: string expected, got number',
		]);
		const missing = await send('DELETE', '/pub/v1/storage/crm/k');
		expect([missing.status, missing.data.error]).toEqual([404, 'key "k" not found']);
	});
});
