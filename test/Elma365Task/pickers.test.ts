import { searchList } from '../harness/engine';
import { newId } from '../harness/index.ts';
import { usePlatform } from '../harness/setup';

const t = usePlatform();

/** The Task picker of Task > Complete, a page at a time. */
const search = (paginationToken?: string, filter?: string) =>
	searchList({
		nodeType: 'elma365Task',
		parameters: { resource: 'task', operation: 'complete' },
		credential: { baseUrl: t.platform.url, apiKey: t.platform.apiKey },
		method: 'searchTasks',
		filter,
		paginationToken,
	});
const windows = () =>
	t.platform.requests.map((r) => {
		const body = r.body as { from: number; size: number };
		return [r.method, r.path, body.from, body.size];
	});

test('pages of finished tasks only are read past, and the token goes on after the last page read', async () => {
	const tasks = t.platform.collection('tasks');
	tasks.clear();
	// 150 completed tasks, then 10 open ones, then 90 cancelled: the list the platform gives, all states.
	const ids = Array.from({ length: 250 }, (_, i) => {
		const id = newId();
		const state = i < 150 ? 'closed' : i < 160 ? 'in_progress' : 'cancel';
		tasks.set(id, { __id: id, __name: `Task ${i}`, state, performers: [], exits: [] });
		return id;
	});

	expect(await search()).toEqual({
		results: ids.slice(150, 160).map((id, i) => ({ name: `Task ${150 + i}`, value: id })),
		paginationToken: '200',
	});
	expect(windows()).toEqual([
		['POST', '/pub/v1/tasks/list', 0, 100],
		['POST', '/pub/v1/tasks/list', 100, 100],
	]);

	// Loading more: the rest holds only cancelled tasks, and the list ends.
	t.platform.reset();
	expect(await search('200')).toEqual({ results: [], paginationToken: undefined });
	expect(windows()).toEqual([['POST', '/pub/v1/tasks/list', 200, 100]]);
	tasks.clear();
});

test('a search by name offers the open matches only, the finished ones left out', async () => {
	const tasks = t.platform.collection('tasks');
	tasks.clear();
	const open = newId();
	const done = newId();
	tasks.set(done, { __id: done, __name: 'Approve invoice 16', state: 'closed' });
	tasks.set(open, { __id: open, __name: 'Approve invoice 17', state: 'in_progress' });
	expect(await search(undefined, 'invoice')).toEqual({
		results: [{ name: 'Approve invoice 17', value: open }],
	});
	expect(t.platform.requests.map((r) => r.body)).toEqual([
		{ filter: { tf: { __name: 'invoice' } }, from: 0, size: 1000 },
	]);
	tasks.clear();
});
