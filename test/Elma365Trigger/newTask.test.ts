import type { INodeProperties, INodeTypeDescription } from 'n8n-workflow';
import { newId } from '../harness/index.ts';
import { PollStore, pollNode } from '../harness/poll';
import { jsonOf, usePlatform } from '../harness/setup';

const t = usePlatform();
const T0 = Date.parse('2026-03-01T09:00:00Z');
const at = (seconds: number) => new Date(T0 + seconds * 1000).toISOString().replace('.000Z', 'Z');
const since = (seconds: number) => ({ __createdAt: { min: at(seconds - 600), max: null } });
const alice = newId();
const bob = newId();

let store: PollStore;
let count = 0;

beforeEach(() => {
	store = new PollStore();
	t.platform.collection('tasks').clear();
});

function addTask(seconds: number, performer = alice): Record<string, unknown> {
	count += 1;
	const task = {
		__id: newId(),
		__name: `Task ${count}`,
		__createdAt: at(seconds),
		performers: [performer],
		state: 'in_progress',
		exits: [],
	};
	t.platform.collection('tasks').set(task.__id, task);
	return task;
}

const poll = (
	parameters: Record<string, unknown> = { event: 'newTask' },
	mode: 'trigger' | 'manual' = 'trigger',
) =>
	pollNode({
		nodeType: 'elma365Trigger',
		typeVersion: 1.2,
		parameters: parameters as never,
		store,
		mode,
		credential: { baseUrl: t.platform.url, apiKey: t.platform.apiKey },
	});
const bodies = () => t.platform.requests.map((r) => [r.method, r.path, r.body]);

test("the credential's user: POST /tasks/list by __createdAt; the first poll remembers, each new task fires exactly once", async () => {
	addTask(0);
	addTask(10, bob);
	const first = await poll();
	expect(first.error).toBeUndefined();
	expect(first.emitted).toBe(false);
	expect(bodies()).toEqual([
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
				size: 1000,
			},
		],
	]);

	const fresh = addTask(20);
	t.platform.reset();
	const second = await poll();
	expect(jsonOf(second.items)).toEqual([fresh]);

	// A restart of n8n keeps the state: the same task does not fire again.
	store.restart();
	const third = await poll();
	expect(third.emitted).toBe(false);
});

test("a chosen user's tasks: polls the published list of that user (/tasks/list/of/{id}) by time range; another user's task does not fire", async () => {
	const parameters = {
		event: 'newTask',
		taskPerformer: 'user',
		performerId: { __rl: true, mode: 'list', value: bob },
	};
	addTask(0, bob);
	await poll(parameters);
	addTask(30, alice);
	const mine = addTask(40, bob);
	t.platform.reset();
	const { items } = await poll(parameters);
	expect(bodies()).toEqual([
		[
			'POST',
			`/pub/v1/tasks/list/of/${bob}`,
			{
				filter: { tf: since(0) },
				sortExpressions: [{ field: '__createdAt', ascending: true }],
				from: 0,
				size: 1000,
			},
		],
	]);
	expect(jsonOf(items)).toEqual([mine]);
});

test('a bad user fails before any request; Fetch Test Event shows the newest task', async () => {
	const bad = await poll({
		event: 'newTask',
		taskPerformer: 'user',
		performerId: { __rl: true, mode: 'id', value: '={{ "x" }}' },
	});
	expect(String(bad.error?.message)).toMatch(/Invalid "User": expected a UUID/);
	expect(t.platform.requests).toHaveLength(0);

	addTask(0);
	const newest = addTask(50);
	const manual = await poll({ event: 'newTask' }, 'manual');
	expect(jsonOf(manual.items)).toEqual([newest]);
});

test('version 1.2 adds the New Task event; 1 and 1.1 keep their events', async () => {
	const { loadPackage } = await import('../harness/engine');
	const loader = await loadPackage();
	const { properties, defaultVersion } = loader.nodeTypes.elma365Trigger.type
		.description as INodeTypeDescription;
	expect(defaultVersion).toBe(1.2);
	const selectors = properties.filter((p: INodeProperties) => p.name === 'event');
	expect(
		selectors.map((p) => [
			p.displayOptions?.show?.['@version'],
			(p.options as Array<{ value: string }>).map((o) => o.value),
		]),
	).toEqual([
		[
			[{ _cnd: { gte: 1.2 } }],
			['newItem', 'updatedItem', 'statusEntered', 'newInstance', 'newTask'],
		],
		[[{ _cnd: { lt: 1.2 } }], ['newItem', 'updatedItem', 'statusEntered', 'newInstance']],
	]);
});
