/** Options > Concurrency on process start and the per-instance operations, answered by the strict double's own routes. */
import { newId } from '../harness/index.ts';
import { holdRequests, reversed } from '../harness/inFlight';
import { jsonOf, pairingOf, usePlatform } from '../harness/setup';

const t = usePlatform();
const instances = () => t.platform.collection('processInstances');
const RUN = '/pub/v1/bpm/template/crm.deals/approval/run';
let templateId: string;

beforeEach(() => {
	t.platform.collection('processTemplates').clear();
	instances().clear();
	templateId = newId();
	t.platform
		.collection('processTemplates')
		.set(templateId, { __id: templateId, namespace: 'crm.deals', code: 'approval' });
});

const start = (extra: Record<string, unknown> = {}) => ({
	resource: 'process',
	operation: 'start',
	namespace: 'crm.deals',
	processCode: 'approval',
	fieldsJson: '={{ JSON.stringify({ order: $json.order }) }}',
	...extra,
});
const orderOf = (request: { body: unknown }) =>
	(request.body as { context: { order: number } }).context.order;

describe('process start', () => {
	test('Concurrency N: at most N started at once; each output is the instance its own item started, in input order', async () => {
		const input = Array.from({ length: 8 }, (_, order) => ({ json: { order } }));
		const state = holdRequests(t.platform, 'POST', /\/run$/, {
			times: 8,
			gate: 3,
			delay: (request) => reversed(8, orderOf(request)),
		});
		const { items, error } = await t.run({
			nodeType: 'elma365Process',
			parameters: start({ options: { concurrency: 3 } }),
			input,
		});
		expect(error).toBeUndefined();
		expect(state.max).toBe(3);
		expect(
			t.platform.requests
				.map((r) => [r.method, r.path, r.query, r.body])
				.sort((x, y) => orderOf({ body: x[3] }) - orderOf({ body: y[3] })),
		).toEqual(input.map(({ json }) => ['POST', RUN, {}, { context: { order: json.order } }]));
		const outputs = jsonOf(items) as Array<{
			instanceId: string;
			context: { order: number; __id: string };
		}>;
		expect(outputs.map((json) => json.context.order)).toEqual(input.map(({ json }) => json.order));
		expect(outputs.map((json) => instances().get(json.instanceId)?.order)).toEqual(
			input.map(({ json }) => json.order),
		);
		expect(pairingOf(items)).toEqual(input.map((_, index) => ({ item: index })));
	});

	test('without the option processes start one after the other, in input order', async () => {
		const input = Array.from({ length: 4 }, (_, order) => ({ json: { order } }));
		const state = holdRequests(t.platform, 'POST', /\/run$/, {
			times: 4,
			delay: (request) => reversed(4, orderOf(request)),
		});
		const { error } = await t.run({
			nodeType: 'elma365Process',
			parameters: start(),
			input,
		});
		expect(error).toBeUndefined();
		expect(state.max).toBe(1);
		expect(t.platform.requests.map(orderOf)).toEqual([0, 1, 2, 3]);
	});
});

describe('instance get', () => {
	test('Concurrency N: at most N in flight; output in input order and paired', async () => {
		const ids = Array.from({ length: 6 }, () => newId());
		ids.forEach((id, index) =>
			instances().set(id, { __id: id, __templateId: templateId, order: index }),
		);
		const state = holdRequests(t.platform, 'POST', /\/get$/, {
			times: 6,
			gate: 4,
			delay: (request) => reversed(6, ids.indexOf(request.path.split('/')[5])),
		});
		const { items, error } = await t.run({
			nodeType: 'elma365Process',
			parameters: {
				resource: 'instance',
				operation: 'get',
				instanceId: '={{ $json.id }}',
				options: { concurrency: 4 },
			},
			input: ids.map((id) => ({ json: { id } })),
		});
		expect(error).toBeUndefined();
		expect(state.max).toBe(4);
		expect(state.order).not.toEqual(ids.map((id) => `/pub/v1/bpm/instance/${id}/get`));
		expect(t.platform.requests.map((r) => [r.method, r.path, r.body]).sort()).toEqual(
			ids.map((id) => ['POST', `/pub/v1/bpm/instance/${id}/get`, undefined]).sort(),
		);
		expect(jsonOf(items)).toEqual(
			ids.map((id, index) => ({ __id: id, __templateId: templateId, order: index })),
		);
		expect(pairingOf(items)).toEqual(ids.map((_, index) => ({ item: index })));
	});
});

describe('instance interrupt', () => {
	test('interrupts of one instance never overlap, the second finds it stopped; other instances go beside them', async () => {
		const [a, b, c] = Array.from({ length: 3 }, () => newId());
		for (const id of [a, b, c])
			instances().set(id, { __id: id, __templateId: templateId, __state: 'exec' });
		const instanceOf = (request: { path: string }) => request.path.split('/')[5];
		const input = [a, b, a, c];
		const state = holdRequests(t.platform, 'POST', /\/interrupt$/, {
			times: input.length,
			gate: 3,
			delay: (request) => reversed(3, [a, b, c].indexOf(instanceOf(request))),
			key: instanceOf,
		});
		const { items, error } = await t.run({
			nodeType: 'elma365Process',
			parameters: {
				resource: 'instance',
				operation: 'interrupt',
				instanceId: '={{ $json.id }}',
			},
			input: input.map((id) => ({ json: { id } })),
			continueOnFail: true,
		});
		expect(error).toBeUndefined();
		expect(state.overlaps).toEqual([]);
		expect(state.max).toBe(3);
		expect(jsonOf(items).map((json) => json.interrupted ?? json.error)).toEqual([
			true,
			true,
			`ELMA365 400: process instance ${a} is not running`,
			true,
		]);
		expect(pairingOf(items)).toEqual(input.map((_, index) => ({ item: index })));
	});
});

/** An Instance operation that changes one instance per item: its request and output for the item's `order`. */
interface InstanceChange {
	operation: string;
	method: string;
	action: string;
	parameters: Record<string, unknown>;
	body: (order: number) => unknown;
	output: (instanceId: string, order: number) => Record<string, unknown>;
}

const stepAction = (operation: string, action: string, done: string): InstanceChange => ({
	operation,
	method: 'POST',
	action,
	parameters: {},
	body: () => ({}),
	output: (instanceId) => ({ instanceId, [done]: true }),
});

const instanceChanges: InstanceChange[] = [
	{
		operation: 'updateContext',
		method: 'PUT',
		action: 'context',
		parameters: { comment: 'Fix', fieldsJson: '={{ JSON.stringify({ order: $json.order }) }}' },
		body: (order) => ({ comment: 'Fix', context: { order } }),
		output: (instanceId, order) => ({ instanceId, comment: 'Fix', context: { order } }),
	},
	stepAction('skipStep', 'skip-step', 'stepSkipped'),
	stepAction('restartStep', 'restart-step', 'stepRestarted'),
	stepAction('moveToVersion', 'version', 'movedToLatestVersion'),
];

describe.each(instanceChanges)('instance $operation', (change) => {
	const ids = Array.from({ length: 5 }, () => newId());
	const instanceOf = (request: { path: string }) => request.path.split('/')[5];
	const pathOf = (id: string) => `/pub/v1/bpm/instance/${id}/${change.action}`;
	const PATH = new RegExp(`^/pub/v1/bpm/instance/[^/]+/${change.action}$`);
	const run = (instanceIds: string[]) =>
		t.run({
			nodeType: 'elma365Process',
			parameters: {
				resource: 'instance',
				operation: change.operation,
				instanceId: { __rl: true, mode: 'id', value: '={{ $json.id }}' },
				...change.parameters,
			},
			input: instanceIds.map((id, order) => ({ json: { id, order } })),
		});

	beforeEach(() => {
		for (const id of ids)
			instances().set(id, { __id: id, __templateId: templateId, __state: 'exec' });
	});

	test('without the option: the items of different instances all in flight at once; output in input order and paired', async () => {
		const state = holdRequests(t.platform, change.method, PATH, {
			times: ids.length,
			gate: ids.length,
			delay: (request) => reversed(ids.length, ids.indexOf(instanceOf(request))),
		});
		const { items, error } = await run(ids);
		expect(error).toBeUndefined();
		expect(state.max).toBe(ids.length);
		expect(state.order).not.toEqual(ids.map(pathOf));
		const wire = (request: { method: string; path: string; query: unknown; body: unknown }) =>
			JSON.stringify([request.method, request.path, request.query, request.body]);
		expect(t.platform.requests.map(wire).sort()).toEqual(
			ids
				.map((id, order) =>
					wire({ method: change.method, path: pathOf(id), query: {}, body: change.body(order) }),
				)
				.sort(),
		);
		expect(jsonOf(items)).toEqual(ids.map((id, order) => change.output(id, order)));
		expect(pairingOf(items)).toEqual(ids.map((_, index) => ({ item: index })));
	});

	test('items of one instance never overlap and arrive in input order; other instances go beside them', async () => {
		const [a, b, c] = ids;
		const input = [a, a, b, a, c, b];
		const state = holdRequests(t.platform, change.method, PATH, {
			times: input.length,
			gate: 3,
			delay: (request) => reversed(3, ids.indexOf(instanceOf(request))),
			key: instanceOf,
		});
		const { items, error } = await run(input);
		expect(error).toBeUndefined();
		expect(state.overlaps).toEqual([]);
		expect(state.max).toBe(3);
		const requestsOf = (id: string) =>
			t.platform.requests.filter((r) => r.path === pathOf(id)).map((r) => r.body);
		const inputOrder = (id: string) =>
			input.flatMap((each, order) => (each === id ? [change.body(order)] : []));
		expect([a, b, c].map(requestsOf)).toEqual([a, b, c].map(inputOrder));
		expect(jsonOf(items)).toEqual(input.map((id, order) => change.output(id, order)));
		expect(pairingOf(items)).toEqual(input.map((_, index) => ({ item: index })));
	});
});
