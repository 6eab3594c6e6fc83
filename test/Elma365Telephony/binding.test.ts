import { fail, newId } from '../harness/index.ts';
import { jsonOf, pairingOf, usePlatform } from '../harness/setup';

const t = usePlatform();
const alice = newId();
const bob = newId();
const carol = newId();
const path = '/pub/v1/integration/voip_main/voip/bindings';
/** The Module picker with a code typed in it. */
const moduleCode = (value: string) => ({ __rl: true, mode: 'code', value });
/** A binding row's User picker with an ID typed in it. */
const user = (value: string) => ({ __rl: true, mode: 'id', value });

beforeEach(() => {
	t.platform.collection('voipModules').clear();
	t.platform.collection('voipModules').set('voip_main', {
		enabled: true,
		bindings: [
			{ extension: '101', userId: alice },
			{ extension: '102', userId: bob },
		],
	});
	t.platform.collection('voipModules').set('voip_off', { enabled: false, bindings: [] });
});

const update = (extra: Record<string, unknown>) => ({
	resource: 'binding',
	operation: 'update',
	moduleCode: moduleCode('voip_main'),
	...extra,
});

test('get reads the mapping of the module', async () => {
	const { items, error } = await t.run({
		nodeType: 'elma365Telephony',
		parameters: { resource: 'binding', operation: 'get', moduleCode: moduleCode('voip_main') },
	});
	expect(error).toBeUndefined();
	expect(
		t.platform.requests.map((r) => [r.method, r.path, r.query, r.headers.authorization, r.body]),
	).toEqual([['GET', path, {}, `Bearer ${t.platform.apiKey}`, undefined]]);
	expect(jsonOf(items)).toEqual([
		{
			bindings: [
				{ extension: '101', userId: alice },
				{ extension: '102', userId: bob },
			],
		},
	]);
	expect(pairingOf(items)).toEqual([{ item: 0 }]);
});

test('the module code is encoded as one path segment; one with "/" is refused before any request', async () => {
	const { error } = await t.run({
		nodeType: 'elma365Telephony',
		parameters: { resource: 'binding', operation: 'get', moduleCode: moduleCode('a?b#c') },
	});
	expect(t.platform.requests[0].path).toBe('/pub/v1/integration/a%3Fb%23c/voip/bindings');
	expect(error?.message).toBe('ELMA365 404: module a?b#c not found');
	t.platform.reset();
	const slash = await t.run({
		nodeType: 'elma365Telephony',
		parameters: { resource: 'binding', operation: 'get', moduleCode: moduleCode('a/../b') },
	});
	expect(slash.error?.message).toBe(
		'Invalid "Module Code" in item 0: expected a code or ID without "/", got "a/../b"',
	);
	expect(t.platform.requests).toEqual([]);
});

test('replace puts exactly the given bindings (list, then JSON; one per extension)', async () => {
	const { items, error } = await t.run({
		nodeType: 'elma365Telephony',
		parameters: update({
			mode: 'replace',
			bindings: {
				binding: [
					{ extension: '201', userId: user(alice) },
					{ extension: '202', userId: user(bob) },
				],
			},
			bindingsJson: `{"202": "${carol}", "203": "${bob}"}`,
		}),
	});
	expect(error).toBeUndefined();
	const expected = [
		{ extension: '201', userId: alice },
		{ extension: '202', userId: carol },
		{ extension: '203', userId: bob },
	];
	expect(
		t.platform.requests.map((r) => [r.method, r.path, r.query, r.headers.authorization, r.body]),
	).toEqual([['PUT', path, {}, `Bearer ${t.platform.apiKey}`, { bindings: expected }]]);
	expect(t.platform.requests[0].headers['content-type']).toMatch(/^application\/json/);
	expect(jsonOf(items)).toEqual([{ bindings: expected }]);
	expect(pairingOf(items)).toEqual([{ item: 0 }]);
});

test('merge reads the current mapping, changes the given extensions, removes the listed ones, writes it back', async () => {
	const { items, error } = await t.run({
		nodeType: 'elma365Telephony',
		parameters: update({
			mode: 'merge',
			bindings: { binding: [{ extension: '102', userId: user(carol) }] },
			bindingsJson: `[{"extension": "103", "userId": "${alice}"}]`,
			removeExtensions: '101',
		}),
	});
	expect(error).toBeUndefined();
	const merged = [
		{ extension: '102', userId: carol },
		{ extension: '103', userId: alice },
	];
	expect(t.platform.requests.map((r) => [r.method, r.path, r.body])).toEqual([
		['GET', path, undefined],
		['PUT', path, { bindings: merged }],
	]);
	expect(jsonOf(items)).toEqual([{ bindings: merged }]);
	expect(t.platform.collection('voipModules').get('voip_main')!.bindings).toEqual(merged);
});

test('merge keeps the extensions not mentioned', async () => {
	await t.run({
		nodeType: 'elma365Telephony',
		parameters: update({
			mode: 'merge',
			bindings: { binding: [{ extension: '104', userId: user(bob) }] },
		}),
	});
	expect(t.platform.requests[1].body).toEqual({
		bindings: [
			{ extension: '101', userId: alice },
			{ extension: '102', userId: bob },
			{ extension: '104', userId: bob },
		],
	});
});

test('a user id that is not a uuid, an empty extension, bad JSON or an empty code fail before any request', async () => {
	const badUser = await t.run({
		nodeType: 'elma365Telephony',
		parameters: update({
			bindings: { binding: [{ extension: '101', userId: user('={{ "ivan" }}') }] },
		}),
	});
	expect(badUser.error?.message).toMatch(
		/Invalid "Bindings \(entry 1\) > User ID" in item 0: expected a UUID.*got "ivan"/,
	);
	const noExtension = await t.run({
		nodeType: 'elma365Telephony',
		parameters: update({ bindings: { binding: [{ extension: '', userId: user(alice) }] } }),
	});
	expect(noExtension.error?.message).toMatch(
		/Invalid "Bindings \(entry 1\) > Extension" in item 0: expected a non-empty text/,
	);
	const badJsonUser = await t.run({
		nodeType: 'elma365Telephony',
		parameters: update({ bindingsJson: '{"101": "nobody"}' }),
	});
	expect(badJsonUser.error?.message).toMatch(
		/Invalid "Bindings \(JSON\) \(extension "101"\) > User ID" in item 0/,
	);
	const badJson = await t.run({
		nodeType: 'elma365Telephony',
		parameters: update({ bindingsJson: '[1' }),
	});
	expect(badJson.error?.message).toMatch(
		/Invalid "Bindings \(JSON\)" in item 0: expected a JSON array/,
	);
	const noCode = await t.run({
		nodeType: 'elma365Telephony',
		parameters: update({ moduleCode: moduleCode('={{ "" }}'), mode: 'replace' }),
	});
	expect(noCode.error?.message).toMatch(
		/Invalid "Module Code" in item 0: expected a non-empty text/,
	);
	expect(t.platform.requests).toHaveLength(0);
});

test("a disabled module is the platform's 400, with its text", async () => {
	const { error } = await t.run({
		nodeType: 'elma365Telephony',
		parameters: { resource: 'binding', operation: 'get', moduleCode: moduleCode('voip_off') },
	});
	expect(error?.message).toBe('ELMA365 400: module voip_off is disabled');
	expect(error?.httpCode).toBe('400');
});

test('merge does not write when the read fails', async () => {
	t.platform.script('GET', path, fail(400, 'module is off'));
	const { error } = await t.run({
		nodeType: 'elma365Telephony',
		parameters: update({
			mode: 'merge',
			bindings: { binding: [{ extension: '1', userId: user(alice) }] },
		}),
	});
	expect(error?.message).toBe('ELMA365 400: module is off');
	expect(t.platform.requests.map((r) => r.method)).toEqual(['GET']);
});

test('Continue On Fail: one output per input, in order, paired', async () => {
	const { items, error } = await t.run({
		nodeType: 'elma365Telephony',
		continueOnFail: true,
		input: [
			{ json: { code: 'voip_main', user: alice } },
			{ json: { code: 'voip_main', user: 'not-a-uuid' } },
			{ json: { code: 'voip_off', user: bob } },
			{ json: { code: 'voip_main', user: carol } },
		],
		parameters: update({
			mode: 'replace',
			moduleCode: moduleCode('={{ $json.code }}'),
			bindings: { binding: [{ extension: '300', userId: user('={{ $json.user }}') }] },
		}),
	});
	expect(error).toBeUndefined();
	expect(t.platform.requests.map((r) => [r.method, r.path])).toEqual([
		['PUT', path],
		['PUT', '/pub/v1/integration/voip_off/voip/bindings'],
		['PUT', path],
	]);
	const out = jsonOf(items) as Array<Record<string, unknown>>;
	expect(out[0]).toEqual({ bindings: [{ extension: '300', userId: alice }] });
	expect(out[1].error).toMatch(/Invalid "Bindings \(entry 1\) > User ID" in item 1/);
	expect(out[2]).toMatchObject({
		error: 'ELMA365 400: module voip_off is disabled',
		httpCode: '400',
	});
	expect(out[3]).toEqual({ bindings: [{ extension: '300', userId: carol }] });
	expect(pairingOf(items)).toEqual([{ item: 0 }, { item: 1 }, { item: 2 }, { item: 3 }]);
});
