import { fail, newId } from '../harness/index.ts';
import { jsonOf, pairingOf, usePlatform, byId } from '../harness/setup';

const t = usePlatform();
const run = (
	parameters: Record<string, unknown>,
	extra: { input?: Array<{ json: Record<string, unknown> }>; continueOnFail?: boolean } = {},
) =>
	t.run({
		nodeType: 'elma365Process',
		parameters: { resource: 'instance', ...parameters },
		...extra,
	});
const instance = (id: string) => t.platform.collection('processInstances').get(id)!;

const first = newId();
const second = newId();
const stopped = newId();

beforeEach(() => {
	const instances = t.platform.collection('processInstances');
	instances.clear();
	for (const id of [first, second]) instances.set(id, { __id: id, __state: 'exec' });
	instances.set(stopped, { __id: stopped, __state: 'interrupted' });
});

describe.each([
	['skipStep', 'skip-step', 'stepSkipped', 'stepsSkipped'],
	['restartStep', 'restart-step', 'stepRestarted', 'stepsRestarted'],
	['moveToVersion', 'version', 'movedToLatestVersion', 'versionUpdates'],
])('Instance > %s', (operation, action, done, counted) => {
	test(`POST /bpm/instance/{id}/${action} with {} (no documented body), output names the instance`, async () => {
		const { items, error } = await run({ operation, instanceId: byId(first) });
		expect(error).toBeUndefined();
		expect(t.wire()).toEqual([['POST', `/pub/v1/bpm/instance/${first}/${action}`, {}, {}]]);
		expect(jsonOf(items)).toEqual([{ instanceId: first, [done]: true }]);
		expect(instance(first)[counted]).toBe(1);
	});

	test('Additional Body (JSON) is merged into the body; the strict double refuses a key it does not know', async () => {
		const { error } = await run({
			operation,
			instanceId: byId(first),
			options: { body: '{"comment": "stuck"}' },
		});
		expect(t.wire()).toEqual([
			['POST', `/pub/v1/bpm/instance/${first}/${action}`, {}, { comment: 'stuck' }],
		]);
		expect(error?.message).toBe('ELMA365 400: body.comment: unknown key');
	});

	test('a bad Instance fails before any request (typed: the editor check; mapped: ours); a stopped instance is the platform 400, sent once', async () => {
		const typed = await run({ operation, instanceId: byId('nope') });
		expect(typed.error?.message).toMatch(/Not a valid UUID/);
		const mapped = await run({ operation, instanceId: byId('={{ "nope" }}') });
		expect(mapped.error?.message).toMatch(/Invalid "Instance" in item 0: expected a UUID/);
		expect(t.platform.requests).toHaveLength(0);

		const { error } = await run({ operation, instanceId: byId(stopped) });
		expect(error?.message).toBe(`ELMA365 400: process instance ${stopped} is not running`);
		expect(t.platform.requests).toHaveLength(1);
	});

	test('Continue On Fail: one output per input, paired; a 5xx is not repeated', async () => {
		t.platform.script('POST', `/pub/v1/bpm/instance/${second}/${action}`, fail(502, 'busy'));
		const { items, error } = await run(
			{ operation, instanceId: '={{ $json.id }}' },
			{
				input: [{ json: { id: first } }, { json: { id: second } }, { json: { id: 'x' } }],
				continueOnFail: true,
			},
		);
		expect(error).toBeUndefined();
		expect(t.wire().map((r) => r[1])).toEqual([
			`/pub/v1/bpm/instance/${first}/${action}`,
			`/pub/v1/bpm/instance/${second}/${action}`,
		]);
		expect(items[0].json).toEqual({ instanceId: first, [done]: true });
		expect(items[1].json.error).toBe('ELMA365 502: busy');
		expect(items[2].json.error).toMatch(/Invalid "Instance" in item 2: expected a UUID/);
		expect(pairingOf(items)).toEqual([{ item: 0 }, { item: 1 }, { item: 2 }]);
	});
});

test('Concurrency: items of different instances go at once, output in input order', async () => {
	const { items } = await run(
		{ operation: 'skipStep', instanceId: '={{ $json.id }}', options: { concurrency: 2 } },
		{ input: [{ json: { id: first } }, { json: { id: second } }] },
	);
	expect(jsonOf(items)).toEqual([
		{ instanceId: first, stepSkipped: true },
		{ instanceId: second, stepSkipped: true },
	]);
	expect(instance(first).stepsSkipped).toBe(1);
	expect(instance(second).stepsSkipped).toBe(1);
});

describe.each([
	['skipStepMany', 'skip-step', 'stepsSkipped'],
	['restartStepMany', 'restart-step', 'stepsRestarted'],
])('Instance > %s', (operation, action, counted) => {
	test(`one POST /bpm/instance/${action} {instances} for all input items, one output paired with all`, async () => {
		const { items, error } = await run(
			{ operation, instanceId: '={{ $json.id }}' },
			{ input: [{ json: { id: first } }, { json: { id: second } }] },
		);
		expect(error).toBeUndefined();
		expect(t.wire()).toEqual([
			['POST', `/pub/v1/bpm/instance/${action}`, {}, { instances: [first, second] }],
		]);
		expect(jsonOf(items)).toEqual([{ instances: [first, second] }]);
		expect(pairingOf(items)).toEqual([[{ item: 0 }, { item: 1 }]]);
		expect(instance(first)[counted]).toBe(1);
		expect(instance(second)[counted]).toBe(1);
	});

	test('Continue On Fail: a bad Instance ID is an error item in its place, the others go in one request', async () => {
		const { items, error } = await run(
			{ operation, instanceId: '={{ $json.id }}' },
			{
				input: [{ json: { id: first } }, { json: { id: 'nope' } }, { json: { id: second } }],
				continueOnFail: true,
			},
		);
		expect(error).toBeUndefined();
		expect(t.wire()).toEqual([
			['POST', `/pub/v1/bpm/instance/${action}`, {}, { instances: [first, second] }],
		]);
		expect(items).toHaveLength(2);
		expect(items[0].json).toEqual({ instances: [first, second] });
		expect(items[1].json.error).toMatch(/Invalid "Instance" in item 1: expected a UUID/);
		expect(pairingOf(items)).toEqual([[{ item: 0 }, { item: 2 }], { item: 1 }]);
	});

	test('without Continue On Fail a bad Instance ID fails the node naming the item, before any request', async () => {
		const { error } = await run(
			{ operation, instanceId: '={{ $json.id }}' },
			{ input: [{ json: { id: first } }, { json: { id: 'nope' } }] },
		);
		expect(error?.message).toMatch(/Invalid "Instance" in item 1: expected a UUID/);
		expect(t.platform.requests).toHaveLength(0);
	});

	test('the platform refusing the request fails every item it carried; with Continue On Fail each says why', async () => {
		const { items, error } = await run(
			{ operation, instanceId: '={{ $json.id }}' },
			{ input: [{ json: { id: first } }, { json: { id: stopped } }], continueOnFail: true },
		);
		expect(error).toBeUndefined();
		expect(t.platform.requests).toHaveLength(1);
		const message = `ELMA365 400: process instance ${stopped} is not running`;
		expect(items.map((item) => item.json.error)).toEqual([message, message]);
		expect(pairingOf(items)).toEqual([{ item: 0 }, { item: 1 }]);
		expect(instance(first)[counted]).toBeUndefined();
	});
});
