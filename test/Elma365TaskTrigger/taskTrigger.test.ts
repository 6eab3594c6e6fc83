import { newId } from '../harness/index.ts';
import { PollStore, pollNode } from '../harness/poll';
import { jsonOf, usePlatform } from '../harness/setup';
import { MAX_PAGE_SIZE } from '../../nodes/shared/lists/pager';
import { useVirtualClock } from '../harness/clock';

const t = usePlatform();
useVirtualClock();
const T0 = Date.parse('2026-03-01T09:00:00Z');
const at = (seconds: number) => new Date(T0 + seconds * 1000).toISOString().replace('.000Z', 'Z');
const since = (seconds: number) => ({ __createdAt: { min: at(seconds - 600), max: null } });
const bob = newId();

let store: PollStore;
beforeEach(() => {
	store = new PollStore();
	t.platform.collection('tasks').clear();
});

function addTask(seconds: number, performer = bob): Record<string, unknown> {
	const task = {
		__id: newId(),
		__name: `Task at ${seconds}`,
		__createdAt: at(seconds),
		performers: [performer],
		state: 'in_progress',
		exits: [],
	};
	t.platform.collection('tasks').set(task.__id, task);
	return task;
}

const poll = (parameters: Record<string, unknown> = {}, mode: 'trigger' | 'manual' = 'trigger') =>
	pollNode({
		nodeType: 'elma365TaskTrigger',
		parameters: parameters as never,
		store,
		mode,
		credential: { baseUrl: t.platform.url, apiKey: t.platform.apiKey },
	});
const wire = () => t.platform.requests.map((r) => [r.method, r.path, r.body]);

test("New Task (the default event), the credential's user: POST /tasks/list by __createdAt; the first poll remembers, each new task fires exactly once, also after a restart", async () => {
	addTask(0);
	addTask(10, newId());
	const first = await poll();
	expect(first.error).toBeUndefined();
	expect(first.emitted).toBe(false);
	expect(wire()).toEqual([
		[
			'POST',
			'/pub/v1/tasks/list',
			{ sortExpressions: [{ field: '__createdAt', ascending: false }], from: 0, size: 1 },
		],
		[
			'POST',
			'/pub/v1/tasks/list',
			{
				filter: { tf: since(10) },
				sortExpressions: [{ field: '__createdAt', ascending: true }],
				from: 0,
				size: MAX_PAGE_SIZE,
			},
		],
	]);
	const fresh = addTask(20);
	t.platform.reset();
	const second = await poll();
	expect(jsonOf(second.items)).toEqual([fresh]);
	expect(wire()).toEqual([
		[
			'POST',
			'/pub/v1/tasks/list',
			{
				filter: { tf: since(10) },
				sortExpressions: [{ field: '__createdAt', ascending: true }],
				from: 0,
				size: MAX_PAGE_SIZE,
			},
		],
	]);
	expect((await poll()).emitted).toBe(false);
	// A restart of n8n keeps the state: the same task does not fire again.
	store.restart();
	expect((await poll()).emitted).toBe(false);
});

test("a chosen user's tasks: POST /tasks/list/of/{id}; another user's task does not fire", async () => {
	const parameters = {
		taskPerformer: 'user',
		performerId: { __rl: true, mode: 'list', value: bob },
	};
	addTask(0);
	await poll(parameters);
	addTask(30, newId());
	const mine = addTask(40);
	t.platform.reset();
	const { items } = await poll(parameters);
	expect(jsonOf(items)).toEqual([mine]);
	expect(wire()).toEqual([
		[
			'POST',
			`/pub/v1/tasks/list/of/${bob}`,
			{
				filter: { tf: since(0) },
				sortExpressions: [{ field: '__createdAt', ascending: true }],
				from: 0,
				size: MAX_PAGE_SIZE,
			},
		],
	]);
});

test('a bad user fails before any request; Fetch Test Event shows the newest task', async () => {
	const bad = await poll({
		taskPerformer: 'user',
		performerId: { __rl: true, mode: 'id', value: '={{ "x" }}' },
	});
	expect(String(bad.error?.message)).toMatch(/Invalid "User": expected a UUID/);
	expect(t.platform.requests).toHaveLength(0);

	addTask(0);
	const newest = addTask(50);
	const manual = await poll({}, 'manual');
	expect(jsonOf(manual.items)).toEqual([newest]);
});
