import type { INodeProperties, INodeTypeDescription } from 'n8n-workflow';
import { fail, newId } from '../harness/index.ts';
import { jsonOf, pairingOf, usePlatform } from '../harness/setup';

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

const running = newId();
const other = newId();

beforeEach(() => {
	const instances = t.platform.collection('processInstances');
	instances.clear();
	for (const id of [running, other])
		instances.set(id, { __id: id, __templateId: newId(), context: {} });
	t.platform.collection('tasks').clear();
	t.platform
		.collection('tasks')
		.set('t1', { __id: 't1', instanceId: running, state: 'in_progress' });
});

test('Interrupt: POST /bpm/instance/{id}/interrupt with the comment, as the vendor documents it', async () => {
	const { items, error } = await run({
		operation: 'interrupt',
		instanceId: running,
		comment: 'Order cancelled',
	});
	expect(error).toBeUndefined();
	expect(t.platform.requests.map((r) => [r.method, r.path, r.query, r.body])).toEqual([
		['POST', `/pub/v1/bpm/instance/${running}/interrupt`, {}, { comment: 'Order cancelled' }],
	]);
	expect(jsonOf(items)).toEqual([{ instanceId: running, interrupted: true }]);
	expect(t.platform.collection('processInstances').get(running)).toMatchObject({
		__state: 'interrupted',
		interruptComment: 'Order cancelled',
	});
	expect(t.platform.collection('tasks').get('t1')!.state).toBe('closed');
});

test("Interrupt without a comment sends {}; a stopped instance is the platform's 400, sent once; a bad ID is refused first", async () => {
	t.platform.collection('processInstances').get(running)!.__state = 'interrupted';
	const { error } = await run({ operation: 'interrupt', instanceId: running });
	expect(t.platform.requests.map((r) => r.body)).toEqual([{}]);
	expect(error?.message).toBe(`ELMA365 400: process instance ${running} is not running`);

	t.platform.reset();
	const bad = await run({ operation: 'interrupt', instanceId: 'nope' });
	expect(bad.error?.message).toMatch(/Invalid "Instance" in item 0: expected a UUID/);
	expect(t.platform.requests).toHaveLength(0);
});

test('Interrupt Many: one POST /bpm/instance/interrupt for all input items, one output paired with all', async () => {
	const { items } = await run(
		{ operation: 'interruptMany', instanceId: '={{ $json.id }}', comment: 'Cleanup' },
		{ input: [{ json: { id: running } }, { json: { id: other } }] },
	);
	expect(t.platform.requests.map((r) => [r.method, r.path, r.body])).toEqual([
		['POST', '/pub/v1/bpm/instance/interrupt', { comment: 'Cleanup', instances: [running, other] }],
	]);
	expect(jsonOf(items)).toEqual([{ comment: 'Cleanup', instances: [running, other] }]);
	expect(pairingOf(items)).toEqual([[{ item: 0 }, { item: 1 }]]);
});

test('Interrupt Many: the platform refusing a non-administrator is shown in its words', async () => {
	t.platform.script(
		'POST',
		'/pub/v1/bpm/instance/interrupt',
		fail(403, 'only a system administrator can interrupt instances in bulk'),
	);
	const { error } = await run({ operation: 'interruptMany', instanceId: running });
	expect(error?.message).toBe(
		'ELMA365 403: only a system administrator can interrupt instances in bulk',
	);
});

test('Interrupt Many with Continue On Fail: a bad Instance ID gives an error item in its place, the others are stopped in one request', async () => {
	const { items, error } = await run(
		{ operation: 'interruptMany', instanceId: '={{ $json.id }}', comment: 'Cleanup' },
		{
			input: [{ json: { id: running } }, { json: { id: 'nope' } }, { json: { id: other } }],
			continueOnFail: true,
		},
	);
	expect(error).toBeUndefined();
	expect(t.platform.requests.map((r) => [r.method, r.path, r.body])).toEqual([
		['POST', '/pub/v1/bpm/instance/interrupt', { comment: 'Cleanup', instances: [running, other] }],
	]);
	expect(items).toHaveLength(2);
	expect(items[0].json).toEqual({ comment: 'Cleanup', instances: [running, other] });
	expect(items[1].json.error).toMatch(/Invalid "Instance" in item 1: expected a UUID/);
	expect(pairingOf(items)).toEqual([[{ item: 0 }, { item: 2 }], { item: 1 }]);
	expect(t.platform.collection('processInstances').get(other)).toMatchObject({
		__state: 'interrupted',
	});
});

test('Interrupt Many without Continue On Fail: a bad Instance ID fails the node naming the item, before any request', async () => {
	const { error } = await run(
		{ operation: 'interruptMany', instanceId: '={{ $json.id }}' },
		{ input: [{ json: { id: running } }, { json: { id: 'nope' } }, { json: { id: other } }] },
	);
	expect(error?.message).toMatch(/Invalid "Instance" in item 1: expected a UUID/);
	expect(t.platform.requests).toHaveLength(0);
});

test('Instance offers Get, Get Many and the control operations, in one Operation list', async () => {
	const { loadPackage } = await import('../harness/engine');
	const loader = await loadPackage();
	const { properties } = loader.nodeTypes.elma365Process.type.description as INodeTypeDescription;
	const selectors = properties.filter(
		(p: INodeProperties) =>
			p.name === 'operation' && p.displayOptions?.show?.resource?.[0] === 'instance',
	);
	expect(selectors.map((p) => (p.options as Array<{ value: string }>).map((o) => o.value))).toEqual(
		[
			[
				'get',
				'getAll',
				'interrupt',
				'interruptMany',
				'moveAllToVersion',
				'moveToVersion',
				'restartStep',
				'restartStepMany',
				'skipStep',
				'skipStepMany',
				'updateContext',
			],
		],
	);
});
