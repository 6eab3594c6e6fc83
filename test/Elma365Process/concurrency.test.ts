/** Options > Concurrency on process start and instance get, answered by the strict double's own routes. */
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
			typeVersion: 1.3,
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
