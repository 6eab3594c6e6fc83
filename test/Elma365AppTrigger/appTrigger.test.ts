import { LARGE_PAGE_SIZE } from '../../nodes/shared/lists/pager';
import { newId } from '../harness/index.ts';
import { PollStore, pollNode } from '../harness/poll';
import { jsonOf, usePlatform } from '../harness/setup';
import type { ListDouble, Row } from '../Elma365Trigger/listDouble';
import { scriptList } from '../Elma365Trigger/listDouble';

const t = usePlatform();
const APP_LIST = '/pub/v1/app/crm/requests/list';
const T0 = Date.parse('2026-03-01T09:00:00Z');
const at = (seconds: number) => new Date(T0 + seconds * 1000).toISOString().replace('.000Z', 'Z');
const since = (seconds: number, field: string) => ({
	[field]: { min: at(seconds - 600), max: null },
});

let list: ListDouble;
let store: PollStore;

beforeEach(() => {
	seen = 0;
	list = scriptList(t.platform, APP_LIST);
	store = new PollStore();
});

const picked = (value: string) => ({ __rl: true, mode: 'list', value });
const itemEvent = (event: string, extra: Record<string, unknown> = {}) => ({
	event,
	namespace: picked('crm'),
	application: picked('requests'),
	...extra,
});
const poll = (parameters: Record<string, unknown>, nodeType = 'elma365AppTrigger') =>
	pollNode({
		nodeType,
		parameters: parameters as never,
		store,
		credential: { baseUrl: t.platform.url, apiKey: t.platform.apiKey },
	});
let seen = 0;
/** The requests since the last call of `forget` (a reset would drop the scripted list). */
const wire = () => t.platform.requests.slice(seen).map((r) => [r.method, r.path, r.body]);
const forget = () => {
	seen = t.platform.requests.length;
};

function add(seconds: number, extra: Row = {}): Row {
	const row = {
		__id: newId(),
		__name: `Request ${list.rows.length + 1}`,
		__createdAt: at(seconds),
		__updatedAt: at(seconds),
		...extra,
	};
	list.rows.push(row);
	return row;
}

test('New Application Item: the exact list requests; the first poll remembers, a new item fires once', async () => {
	add(0);
	expect((await poll(itemEvent('newItem'))).emitted).toBe(false);
	const fresh = add(30);
	forget();
	const second = await poll(itemEvent('newItem'));
	expect(second.error).toBeUndefined();
	expect(jsonOf(second.items)).toEqual([fresh]);
	expect(wire()).toEqual([
		[
			'POST',
			APP_LIST,
			{
				active: true,
				filter: { tf: since(0, '__createdAt') },
				sortExpressions: [{ field: '__createdAt', ascending: true }],
				from: 0,
				size: LARGE_PAGE_SIZE,
			},
		],
	]);
	expect((await poll(itemEvent('newItem'))).emitted).toBe(false);
});

test('Updated Application Item: each change fires once, by __updatedAt', async () => {
	const row = add(0);
	await poll(itemEvent('updatedItem'));
	Object.assign(row, { __updatedAt: at(40), title: 'changed' });
	forget();
	const changed = await poll(itemEvent('updatedItem'));
	expect(jsonOf(changed.items)).toEqual([row]);
	expect(wire()).toEqual([
		[
			'POST',
			APP_LIST,
			{
				active: true,
				filter: { tf: since(0, '__updatedAt') },
				sortExpressions: [{ field: '__updatedAt', ascending: true }],
				from: 0,
				size: LARGE_PAGE_SIZE,
			},
		],
	]);
});

test('Item Entered a Status: the list of the status, an item moving into it fires once', async () => {
	const parameters = itemEvent('statusEntered', { statusCode: 'done' });
	add(0, { __status: { order: 0, status: 3 } });
	const open = add(10, { __status: { order: 0, status: 1 } });
	expect((await poll(parameters)).emitted).toBe(false);
	Object.assign(open, { __status: { order: 0, status: 3 }, __updatedAt: at(100) });
	forget();
	const entered = await poll(parameters);
	expect(jsonOf(entered.items)).toEqual([open]);
	expect(wire()).toEqual([
		[
			'POST',
			APP_LIST,
			{
				active: true,
				statusCode: ['done'],
				filter: { tf: since(0, '__updatedAt') },
				sortExpressions: [{ field: '__updatedAt', ascending: true }],
				from: 0,
				size: LARGE_PAGE_SIZE,
			},
		],
	]);
	expect((await poll(parameters)).emitted).toBe(false);
});

test('the same parameters poll exactly as ELMA365 Trigger does and keep the same state', async () => {
	add(0);
	add(20);
	const parameters = itemEvent('newItem', { options: { eql: '[priority] = 1' } });
	await poll(parameters);
	const area = { requests: wire(), state: store.snapshot() };
	forget();
	store = new PollStore();
	await poll(parameters, 'elma365Trigger');
	expect({ requests: wire(), state: store.snapshot() }).toEqual(area);
});

test('an event of another area is refused before any request, naming the events it has', async () => {
	const result = await poll({ event: 'newTask' });
	expect(result.error?.message).toBe(
		'Invalid "Event": expected one of "newItem", "updatedItem", "statusEntered", got "newTask"',
	);
	expect(t.platform.requests).toHaveLength(0);
});
