import { faults, newId, ok } from '../harness/index.ts';
import { searchList } from '../harness/engine';
import { PollStore, pollNode } from '../harness/poll';
import { jsonOf, pairingOf, usePlatform, picked, byId } from '../harness/setup';
import * as transport from '../../nodes/shared/transport';
import { DEFAULT_TIMEOUT_MS, TRANSFER_TIMEOUT_MS } from '../../nodes/shared/limits';
import { harnessClock, useVirtualClock } from '../harness/clock';

/**
 * Request Options of every node: Timeout (a request that gets no answer is abandoned, so a workflow
 * never hangs) and Retry Writes After Ambiguous Failures (off: a create is sent once; on: it is
 * repeated like a read).
 */
const t = usePlatform();
useVirtualClock();
let directoryId: string;

beforeEach(() => {
	directoryId = newId();
	t.platform
		.collection('nomenclatureDirectories')
		.set(directoryId, { __id: directoryId, name: 'D' });
});

const listCases = (requestOptions: Record<string, unknown> = {}) => ({
	resource: 'case',
	operation: 'getAll',
	returnAll: true,
	requestOptions,
});
const createCase = (requestOptions: Record<string, unknown> = {}) => ({
	resource: 'case',
	operation: 'create',
	directoryId: byId(directoryId),
	docflow: 'input',
	name: 'New',
	requestOptions,
});
const paths = () => t.platform.requests.map((r) => `${r.method} ${r.path}`);

describe('Timeout', () => {
	test('a read that gets no answer in time is abandoned, retried within the bounds, and the node fails naming the timeout', async () => {
		t.platform.script('GET', '/pub/v1/nomenclature', faults.latency(5000), 99);
		const started = harnessClock.now();
		const { error } = await t.run({
			nodeType: 'elma365Nomenclature',
			parameters: listCases({ timeout: 300 }),
		});
		const elapsed = harnessClock.now() - started;
		expect(paths()).toEqual(Array(transport.MAX_ATTEMPTS).fill('GET /pub/v1/nomenclature'));
		expect(error?.message).toBe('ELMA365: the platform could not be reached (timed out)');
		expect(String(error?.description)).toContain(
			'No answer came within 300 ms (Request Options > Timeout).',
		);
		expect(String(error?.description)).toContain(`Tried ${transport.MAX_ATTEMPTS} times`);
		// Four attempts of 300 ms plus backoff 0.5 + 1 + 2 s (each up to 25% more): far below one 5 s answer per attempt.
		expect(elapsed).toBeGreaterThanOrEqual(4 * 300 + 3500);
		expect(elapsed).toBeLessThan(4 * 300 + 3500 * 1.25 + 2000);
	}, 20_000);

	test('a create that times out is not sent again: the platform may have done it', async () => {
		t.platform.script('POST', '/pub/v1/nomenclature', faults.latency(3000), 99);
		const { error } = await t.run({
			nodeType: 'elma365Nomenclature',
			parameters: createCase({ timeout: 300 }),
		});
		expect(paths()).toEqual(['POST /pub/v1/nomenclature']);
		expect(error?.message).toBe('ELMA365: the platform could not be reached (timed out)');
	});

	test('an answer slower than the set timeout but faster than the default succeeds without the option', async () => {
		t.platform.script(
			'GET',
			'/pub/v1/nomenclature',
			faults.latency(1200, ok({ result: { result: [{ __id: 'a' }], total: 1 } })),
		);
		const { items, error } = await t.run({
			nodeType: 'elma365Nomenclature',
			parameters: listCases(),
		});
		expect(error).toBeUndefined();
		expect(jsonOf(items)).toEqual([{ __id: 'a' }]);
		expect(paths()).toEqual(['GET /pub/v1/nomenclature']);
	});

	test('the default is one minute, and ten for uploads and downloads', () => {
		expect(DEFAULT_TIMEOUT_MS).toBe(60_000);
		expect(TRANSFER_TIMEOUT_MS).toBe(600_000);
	});

	test.each([
		['text', 'soon'],
		['too small', 5],
		['too large', 7_200_000],
		['a fraction', 1500.5],
	])(
		'a timeout that is %s is refused before any request, naming the option and the item',
		async (_name, timeout) => {
			const { error } = await t.run({
				nodeType: 'elma365Nomenclature',
				parameters: listCases({ timeout }),
			});
			expect(t.platform.requests).toHaveLength(0);
			expect(error?.message).toBe(
				`Invalid "Request Options > Timeout" in item 0: expected a whole number of milliseconds from 100 to 3600000, got ${JSON.stringify(timeout)}`,
			);
		},
	);

	test('with Continue On Fail, a timed-out item gives one error item in its place and the others go on', async () => {
		t.platform.script('POST', '/pub/v1/nomenclature', faults.latency(3000));
		const { items, error } = await t.run({
			nodeType: 'elma365Nomenclature',
			parameters: createCase({ timeout: 300 }),
			input: [{ json: {} }, { json: {} }],
			continueOnFail: true,
		});
		expect(error).toBeUndefined();
		expect(pairingOf(items)).toEqual([{ item: 0 }, { item: 1 }]);
		expect(items[0].json.error).toBe('ELMA365: the platform could not be reached (timed out)');
		expect(items[1].json).toMatchObject({ name: 'New', directoryId });
		expect(paths()).toEqual(['POST /pub/v1/nomenclature', 'POST /pub/v1/nomenclature']);
	});
});

describe('Retry Writes After Ambiguous Failures', () => {
	test('off (the default): a create answered 502 is sent once and fails', async () => {
		t.platform.script(
			'POST',
			'/pub/v1/nomenclature',
			faults.serverError(502, 'bad gateway', '0'),
			2,
		);
		const { error } = await t.run({ nodeType: 'elma365Nomenclature', parameters: createCase() });
		expect(paths()).toEqual(['POST /pub/v1/nomenclature']);
		expect(error?.message).toBe('ELMA365 502: bad gateway');
	});

	test('on: the create is repeated after 502s and its result is the output', async () => {
		t.platform.script(
			'POST',
			'/pub/v1/nomenclature',
			faults.serverError(502, 'bad gateway', '0'),
			2,
		);
		const { items, error } = await t.run({
			nodeType: 'elma365Nomenclature',
			parameters: createCase({ retryWrites: true }),
		});
		expect(error).toBeUndefined();
		expect(paths()).toEqual(Array(3).fill('POST /pub/v1/nomenclature'));
		expect(jsonOf(items)).toEqual([expect.objectContaining({ name: 'New', directoryId })]);
	});

	test('on: a create whose connection drops before the answer is repeated', async () => {
		t.platform.script('POST', '/pub/v1/nomenclature', faults.resetBeforeResponse());
		const { items, error } = await t.run({
			nodeType: 'elma365Nomenclature',
			parameters: createCase({ retryWrites: true }),
		});
		expect(error).toBeUndefined();
		expect(paths()).toEqual(['POST /pub/v1/nomenclature', 'POST /pub/v1/nomenclature']);
		expect(items).toHaveLength(1);
	});

	test('on: still bounded by the attempts limit', async () => {
		t.platform.script(
			'POST',
			'/pub/v1/nomenclature',
			faults.serverError(503, 'unavailable', '0'),
			99,
		);
		const { error } = await t.run({
			nodeType: 'elma365Nomenclature',
			parameters: createCase({ retryWrites: true }),
		});
		expect(paths()).toEqual(Array(transport.MAX_ATTEMPTS).fill('POST /pub/v1/nomenclature'));
		expect(error?.message).toBe('ELMA365 503: unavailable');
	});

	test('a value that is not true or false is refused before any request', async () => {
		const { error } = await t.run({
			nodeType: 'elma365Nomenclature',
			parameters: createCase({ retryWrites: 'yes' }),
		});
		expect(t.platform.requests).toHaveLength(0);
		expect(error?.message).toBe(
			'Invalid "Request Options > Retry Writes After Ambiguous Failures" in item 0: expected true or false, got "yes"',
		);
	});
});

describe('the timeout also bounds pickers and the trigger', () => {
	test('a directory picker waiting on a silent platform gives up after the timeout and its retries', async () => {
		t.platform.script('GET', '/pub/v1/nomenclature/directory', faults.latency(5000), 99);
		const started = harnessClock.now();
		const search = searchList({
			nodeType: 'elma365Nomenclature',
			parameters: {
				resource: 'case',
				operation: 'create',
				// Long enough for each attempt to reach the double on a loaded machine (it shares the event loop).
				requestOptions: { timeout: 1000 },
			} as never,
			credential: { baseUrl: t.platform.url, apiKey: t.platform.apiKey },
			method: 'searchDirectories',
		});
		await expect(search).rejects.toThrow('ELMA365: the platform could not be reached (timed out)');
		expect(harnessClock.now() - started).toBeLessThan(4 * 1000 + 3500 * 1.25 + 2000);
		expect(paths()).toEqual(
			Array(transport.MAX_ATTEMPTS).fill('GET /pub/v1/nomenclature/directory'),
		);
	}, 20_000);

	test('a poll of the App Trigger ends with a timed-out error and leaves its state alone', async () => {
		t.platform.script('POST', '/pub/v1/app/crm/requests/list', faults.latency(5000), 99);
		const store = new PollStore();
		const result = await pollNode({
			nodeType: 'elma365AppTrigger',
			parameters: {
				event: 'newItem',
				namespace: picked('crm'),
				application: picked('requests'),
				requestOptions: { timeout: 200 },
			},
			store,
			credential: { baseUrl: t.platform.url, apiKey: t.platform.apiKey },
		});
		expect(result.error?.message).toBe('ELMA365: the platform could not be reached (timed out)');
		expect(result.emitted).toBe(false);
		expect(store.data).toEqual({});
		expect(paths()).toEqual(
			Array(transport.MAX_ATTEMPTS).fill('POST /pub/v1/app/crm/requests/list'),
		);
	}, 20_000);
});
