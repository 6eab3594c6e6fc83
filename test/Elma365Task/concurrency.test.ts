/** Options > Concurrency of Task > Set Percent, answered by the strict double's own routes. */
import { newId } from '../harness/index.ts';
import { holdRequests, reversed } from '../harness/inFlight';
import { jsonOf, pairingOf, usePlatform } from '../harness/setup';

const t = usePlatform();
const instance = newId();
const taskIds = Array.from({ length: 5 }, () => newId());
const pathOf = (id: string) => `/pub/v1/tasks/${id}/percent`;
const PERCENT = /^\/pub\/v1\/tasks\/[^/]+\/percent$/;
const taskOf = (request: { path: string }) => request.path.split('/')[4];
/** Item `order` sets 10 percent more than the one before it. */
const percentOf = (order: number) => 10 * (order + 1);
const bodyOf = (order: number) => ({ percent: percentOf(order), instanceId: instance });

beforeEach(() => {
	const tasks = t.platform.collection('tasks');
	tasks.clear();
	for (const id of taskIds)
		tasks.set(id, { __id: id, __name: 'Review', instanceId: instance, state: 'in_progress' });
});

const run = (ids: string[]) =>
	t.run({
		nodeType: 'elma365Task',
		parameters: {
			resource: 'task',
			operation: 'setPercent',
			taskId: { __rl: true, mode: 'id', value: '={{ $json.task }}' },
			percent: '={{ $json.percent }}',
			instanceId: instance,
		},
		input: ids.map((task, order) => ({ json: { task, percent: percentOf(order) } })),
	});

test('without the option: the items of different tasks all in flight at once; output in input order and paired', async () => {
	const state = holdRequests(t.platform, 'POST', PERCENT, {
		times: taskIds.length,
		gate: taskIds.length,
		delay: (request) => reversed(taskIds.length, taskIds.indexOf(taskOf(request))),
	});
	const { items, error } = await run(taskIds);
	expect(error).toBeUndefined();
	expect(state.max).toBe(taskIds.length);
	expect(state.order).not.toEqual(taskIds.map(pathOf));
	const wire = (request: { method: string; path: string; query: unknown; body: unknown }) =>
		JSON.stringify([request.method, request.path, request.query, request.body]);
	expect(t.platform.requests.map(wire).sort()).toEqual(
		taskIds
			.map((id, order) =>
				wire({ method: 'POST', path: pathOf(id), query: {}, body: bodyOf(order) }),
			)
			.sort(),
	);
	expect(jsonOf(items)).toEqual(taskIds.map((taskId, order) => ({ taskId, ...bodyOf(order) })));
	expect(pairingOf(items)).toEqual(taskIds.map((_, index) => ({ item: index })));
});

test('items of one task never overlap and arrive in input order; other tasks go beside them', async () => {
	const [a, b, c] = taskIds;
	const input = [a, a, b, a, c, b];
	const state = holdRequests(t.platform, 'POST', PERCENT, {
		times: input.length,
		gate: 3,
		delay: (request) => reversed(3, taskIds.indexOf(taskOf(request))),
		key: taskOf,
	});
	const { items, error } = await run(input);
	expect(error).toBeUndefined();
	expect(state.overlaps).toEqual([]);
	expect(state.max).toBe(3);
	const sentTo = (id: string) =>
		t.platform.requests
			.filter((r) => r.path === pathOf(id))
			.map((r) => (r.body as { percent: number }).percent);
	expect([a, b, c].map(sentTo)).toEqual([[10, 20, 40], [30, 60], [50]]);
	// The last item of each task in the input is the percent the task keeps.
	expect([a, b, c].map((id) => t.platform.collection('tasks').get(id)!.percent)).toEqual([
		40, 60, 50,
	]);
	expect(jsonOf(items)).toEqual(input.map((taskId, order) => ({ taskId, ...bodyOf(order) })));
	expect(pairingOf(items)).toEqual(input.map((_, index) => ({ item: index })));
});
