/** Options > Concurrency on binding get and update, answered by the strict double's own routes. */
import { newId } from '../harness/index.ts';
import { holdRequests, newInFlight, reversed } from '../harness/inFlight';
import { jsonOf, pairingOf, usePlatform } from '../harness/setup';

const t = usePlatform();
const modules = () => t.platform.collection('voipModules');
const BINDINGS = /^\/pub\/v1\/integration\/[^/]+\/voip\/bindings$/;
const CODES = ['voip_a', 'voip_b', 'voip_c', 'voip_d', 'voip_e'];
const alice = newId();
/** The Module picker with an expression typed as a code. */
const moduleCode = { __rl: true, mode: 'code', value: '={{ $json.code }}' };

beforeEach(() => {
	modules().clear();
	for (const code of CODES)
		modules().set(code, { enabled: true, bindings: [{ extension: '100', userId: alice }] });
});

test('get: Concurrency N keeps at most N in flight; output in input order and paired', async () => {
	const input = CODES.map((code) => ({ json: { code } }));
	const state = holdRequests(t.platform, 'GET', BINDINGS, {
		times: 5,
		gate: 3,
		// 40 ms apart (reversed gives 10): the three first answers stay out of input order even when a
		// loaded engine starts them tens of milliseconds apart.
		delay: (request) => 4 * reversed(5, CODES.indexOf(request.path.split('/')[4])),
	});
	const { items, error } = await t.run({
		nodeType: 'elma365Telephony',
		parameters: {
			resource: 'binding',
			operation: 'get',
			moduleCode,
			options: { concurrency: 3 },
		},
		input,
	});
	expect(error).toBeUndefined();
	expect(state.max).toBe(3);
	expect(state.order).not.toEqual(CODES.map((code) => `/pub/v1/integration/${code}/voip/bindings`));
	expect(t.platform.requests.map((r) => [r.method, r.path, r.query, r.body]).sort()).toEqual(
		CODES.map((code) => ['GET', `/pub/v1/integration/${code}/voip/bindings`, {}, undefined]).sort(),
	);
	expect(jsonOf(items)).toEqual(
		CODES.map(() => ({ bindings: [{ extension: '100', userId: alice }] })),
	);
	expect(pairingOf(items)).toEqual(CODES.map((_, index) => ({ item: index })));
});

test('update (merge): merges into one module never interleave, so none is lost; other modules go beside them', async () => {
	// Each item reads its module's mapping and writes it back with one more extension.
	const targets = ['voip_a', 'voip_a', 'voip_b', 'voip_a', 'voip_c', 'voip_b'];
	const input = targets.map((code, index) => ({ json: { code, extension: String(201 + index) } }));
	const state = newInFlight();
	const hold = { times: 6, delay: () => 20, key: (request: { path: string }) => request.path };
	holdRequests(t.platform, 'GET', BINDINGS, { ...hold, gate: 3 }, state);
	holdRequests(t.platform, 'PUT', BINDINGS, hold, state);
	const { items, error } = await t.run({
		nodeType: 'elma365Telephony',
		parameters: {
			resource: 'binding',
			operation: 'update',
			moduleCode,
			mode: 'merge',
			bindings: {
				binding: [
					{ extension: '={{ $json.extension }}', userId: { __rl: true, mode: 'id', value: alice } },
				],
			},
			options: { concurrency: 4 },
		},
		input,
	});
	expect(error).toBeUndefined();
	expect(state.overlaps).toEqual([]);
	expect(state.max).toBe(3);
	const extensions = (code: string) =>
		(modules().get(code)!.bindings as Array<{ extension: string }>).map((entry) => entry.extension);
	expect(extensions('voip_a')).toEqual(['100', '201', '202', '204']);
	expect(extensions('voip_b')).toEqual(['100', '203', '206']);
	expect(extensions('voip_c')).toEqual(['100', '205']);
	// Each module: read, write, read, write... in input order.
	expect(
		t.platform.requests
			.filter((r) => r.path.includes('/voip_a/'))
			.map((r) => [r.method, (r.body as { bindings?: unknown[] } | undefined)?.bindings?.length]),
	).toEqual([
		['GET', undefined],
		['PUT', 2],
		['GET', undefined],
		['PUT', 3],
		['GET', undefined],
		['PUT', 4],
	]);
	expect(jsonOf(items).map((json) => (json as { bindings: unknown[] }).bindings.length)).toEqual([
		2, 3, 2, 4, 2, 3,
	]);
	expect(pairingOf(items)).toEqual(input.map((_, index) => ({ item: index })));
});

test('update with Continue On Fail: a refused module gives its error item in its place, the others are written', async () => {
	modules().set('voip_off', { enabled: false, bindings: [] });
	const targets = ['voip_a', 'voip_off', 'voip_b', 'voip_off'];
	const { items, error } = await t.run({
		nodeType: 'elma365Telephony',
		parameters: {
			resource: 'binding',
			operation: 'update',
			moduleCode,
			mode: 'replace',
			bindingsJson: `{"300": "${alice}"}`,
			options: { concurrency: 2 },
		},
		input: targets.map((code) => ({ json: { code } })),
		continueOnFail: true,
	});
	expect(error).toBeUndefined();
	expect(items.map((item) => item.json.error ?? item.json.bindings)).toEqual([
		[{ extension: '300', userId: alice }],
		'ELMA365 400: module voip_off is disabled',
		[{ extension: '300', userId: alice }],
		'ELMA365 400: module voip_off is disabled',
	]);
	expect(pairingOf(items)).toEqual(targets.map((_, index) => ({ item: index })));
	expect(['voip_a', 'voip_b'].map((code) => modules().get(code)!.bindings)).toEqual([
		[{ extension: '300', userId: alice }],
		[{ extension: '300', userId: alice }],
	]);
});
