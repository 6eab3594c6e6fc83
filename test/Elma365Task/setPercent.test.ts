import { fail, newId } from '../harness/index.ts';
import { byId, jsonOf, pairingOf, usePlatform } from '../harness/setup';

const t = usePlatform();
const run = (
	parameters: Record<string, unknown>,
	extra: { input?: Array<{ json: Record<string, unknown> }>; continueOnFail?: boolean } = {},
) =>
	t.run({
		nodeType: 'elma365Task',
		parameters: { resource: 'task', operation: 'setPercent', ...parameters },
		...extra,
	});

const instance = newId();
const task = newId();
const other = newId();

beforeEach(() => {
	const tasks = t.platform.collection('tasks');
	tasks.clear();
	for (const id of [task, other])
		tasks.set(id, { __id: id, __name: 'Review', instanceId: instance, state: 'in_progress' });
});

test('POST /tasks/{id}/percent {percent, instanceId, comment} as the vendor documents it', async () => {
	const { items, error } = await run({
		taskId: byId(task),
		percent: 42.5,
		instanceId: instance,
		comment: 'Half way',
	});
	expect(error).toBeUndefined();
	const body = { percent: 42.5, instanceId: instance, comment: 'Half way' };
	expect(t.wire()).toEqual([['POST', `/pub/v1/tasks/${task}/percent`, {}, body]]);
	expect(jsonOf(items)).toEqual([{ taskId: task, ...body }]);
	expect(t.platform.collection('tasks').get(task)).toMatchObject({
		percent: 42.5,
		percentComment: 'Half way',
	});
});

test('0 and 100 are sent; no comment sends none', async () => {
	const { error } = await run(
		{ taskId: '={{ $json.task }}', percent: '={{ $json.percent }}', instanceId: instance },
		{ input: [{ json: { task, percent: 0 } }, { json: { task: other, percent: 100 } }] },
	);
	expect(error).toBeUndefined();
	// Two tasks: both are in flight at once, so the requests are compared by task.
	const sentTo = (id: string) =>
		t.platform.requests.filter((r) => r.path === `/pub/v1/tasks/${id}/percent`).map((r) => r.body);
	expect([sentTo(task), sentTo(other)]).toEqual([
		[{ percent: 0, instanceId: instance }],
		[{ percent: 100, instanceId: instance }],
	]);
});

test.each([[-1], [100.5], ['lots']])(
	'Percent Complete %p fails before any request, naming field and item',
	async (percent) => {
		const { error } = await run({
			taskId: byId(task),
			percent: `={{ ${JSON.stringify(percent)} }}`,
			instanceId: instance,
		});
		expect(error?.message).toMatch(
			/Invalid "Percent Complete" in item 0: expected a number from 0 to 100/,
		);
		expect(t.platform.requests).toHaveLength(0);
	},
);

test('a bad Process Instance ID fails before any request', async () => {
	const { error } = await run({ taskId: byId(task), percent: 10, instanceId: 'x' });
	expect(error?.message).toMatch(/Invalid "Process Instance" in item 0: expected a UUID/);
	expect(t.platform.requests).toHaveLength(0);
});

test("the platform's refusal in its words; Continue On Fail pairs each output with its input", async () => {
	const stranger = newId();
	t.platform.script('POST', `/pub/v1/tasks/${other}/percent`, fail(403, 'not allowed'));
	const { items, error } = await run(
		{ taskId: '={{ $json.task }}', percent: 50, instanceId: '={{ $json.instance }}' },
		{
			input: [
				{ json: { task, instance: stranger } },
				{ json: { task: other, instance } },
				{ json: { task, instance } },
			],
			continueOnFail: true,
		},
	);
	expect(error).toBeUndefined();
	expect(items[0].json.error).toBe(
		`ELMA365 400: instanceId: task ${task} does not belong to process instance ${stranger}`,
	);
	expect(items[1].json.error).toBe('ELMA365 403: not allowed');
	expect(items[2].json).toEqual({ taskId: task, percent: 50, instanceId: instance });
	expect(pairingOf(items)).toEqual([{ item: 0 }, { item: 1 }, { item: 2 }]);
});

test('the double refuses a percent above 100 sent through Additional Body (JSON)', async () => {
	const { error } = await run({
		taskId: byId(task),
		percent: 10,
		instanceId: instance,
		options: { body: '{"percent": 101}' },
	});
	expect(t.wire()).toEqual([
		['POST', `/pub/v1/tasks/${task}/percent`, {}, { percent: 101, instanceId: instance }],
	]);
	expect(error?.message).toBe('ELMA365 400: percent: must be from 0 to 100');
});
