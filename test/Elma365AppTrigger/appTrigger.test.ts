import { MAX_PAGE_SIZE } from '../../nodes/shared/lists/pager';
import { fail, newId, ok } from '../harness/index.ts';
import { PollStore, pollNode } from '../harness/poll';
import { jsonOf, usePlatform, picked } from '../harness/setup';
import type { ListDouble, Row } from './listDouble';
import { scriptList } from './listDouble';
import { useVirtualClock } from '../harness/clock';

const t = usePlatform();
useVirtualClock();
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

const itemEvent = (event: string, extra: Record<string, unknown> = {}) => ({
	event,
	namespace: picked('crm'),
	application: picked('requests'),
	...extra,
});
const poll = (parameters: Record<string, unknown>, mode: 'trigger' | 'manual' = 'trigger') =>
	pollNode({
		nodeType: 'elma365AppTrigger',
		parameters: parameters as never,
		store,
		mode,
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

const ids = (items: Array<{ json: Row }>) => items.map((item) => item.json.__id);
const bodies = () => t.platform.requests.map((request) => request.body);

describe('New Application Item: the poll', () => {
	test('first activation remembers where history ends and emits nothing; the next poll sends the exact list request', async () => {
		add(0);
		add(10);
		add(20);
		const first = await poll(itemEvent('newItem'));
		expect(first.error).toBeUndefined();
		expect(first.emitted).toBe(false);
		expect(
			t.platform.requests.map((r) => [r.method, r.path, r.query, r.headers.authorization]),
		).toEqual([
			['POST', APP_LIST, {}, `Bearer ${t.platform.apiKey}`],
			['POST', APP_LIST, {}, `Bearer ${t.platform.apiKey}`],
		]);
		expect(bodies()).toEqual([
			{
				active: true,
				sortExpressions: [{ field: '__createdAt', ascending: false }],
				from: 0,
				size: 1,
			},
			{
				active: true,
				filter: { tf: since(20, '__createdAt') },
				sortExpressions: [{ field: '__createdAt', ascending: true }],
				from: 0,
				size: MAX_PAGE_SIZE,
			},
		]);
		expect(store.data.mark).toBe(T0 + 20_000);

		const quiet = await poll(itemEvent('newItem'));
		expect(quiet.emitted).toBe(false);

		const fresh = add(30, { priority: 1 });
		const second = await poll(itemEvent('newItem'));
		expect(second.error).toBeUndefined();
		expect(jsonOf(second.items)).toEqual([fresh]);
	});

	test('"Fire for Existing Items" emits what already exists on the first poll, oldest first, once', async () => {
		const rows = [add(0), add(5), add(5)];
		const first = await poll(itemEvent('newItem', { options: { fireForExisting: true } }));
		expect(ids(first.items)).toEqual(rows.map((row) => row.__id));
		expect(bodies()).toEqual([
			{
				active: true,
				sortExpressions: [{ field: '__createdAt', ascending: true }],
				from: 0,
				size: MAX_PAGE_SIZE,
			},
		]);
		const again = await poll(itemEvent('newItem', { options: { fireForExisting: true } }));
		expect(again.emitted).toBe(false);
	});

	test('exactly once over many polls with items added between them, across restarts', async () => {
		for (let i = 0; i < 4; i++) add(i);
		expect((await poll(itemEvent('newItem'))).emitted).toBe(false);
		const added: unknown[] = [];
		const fired: unknown[] = [];
		let clock = 4;
		for (let round = 0; round < 12; round++) {
			// 0 to 4 items per round; several share a timestamp, some land a little in the past.
			const count = round % 5;
			for (let i = 0; i < count; i++) {
				const seconds = i === 2 ? clock - 30 : clock;
				added.push(add(seconds).__id);
				if (i % 2 === 1) clock += 1;
			}
			clock += 7;
			if (round % 3 === 2) store.restart();
			const result = await poll(itemEvent('newItem'));
			expect(result.error).toBeUndefined();
			expect(result.emitted).toBe(count > 0);
			fired.push(...ids(result.items));
		}
		expect(fired).toHaveLength(added.length);
		expect(new Set(fired)).toEqual(new Set(added));
	});

	test('items sharing one timestamp fire once each, also when more of them appear on a later poll', async () => {
		add(0);
		await poll(itemEvent('newItem'));
		const firstBatch = [add(60), add(60), add(60)];
		const first = await poll(itemEvent('newItem'));
		expect(ids(first.items)).toEqual(firstBatch.map((row) => row.__id));
		// Two more with the very same timestamp become visible only now.
		const late = [add(60), add(60)];
		const second = await poll(itemEvent('newItem'));
		expect(ids(second.items)).toEqual(late.map((row) => row.__id));
		expect((await poll(itemEvent('newItem'))).emitted).toBe(false);
		expect(Object.keys(store.data.seen as object).sort()).toEqual(
			list.rows.map((row) => row.__id as string).sort(),
		);
	});

	test('an item that appears late inside the lookback window fires once; one older than the window does not', async () => {
		add(0);
		await poll(itemEvent('newItem'));
		add(600);
		await poll(itemEvent('newItem'));
		const late = add(600 - 120);
		const tooOld = add(600 - 11 * 60);
		const result = await poll(itemEvent('newItem'));
		expect(ids(result.items)).toEqual([late.__id]);
		expect(ids(result.items)).not.toContain(tooOld.__id);
		expect((await poll(itemEvent('newItem'))).emitted).toBe(false);
		expect(store.data.mark).toBe(T0 + 600_000);
	});

	test('more than 100 new items are fetched in one large page within one poll', async () => {
		add(0);
		await poll(itemEvent('newItem'));
		const rows = Array.from({ length: 250 }, (_, i) => add(100 + Math.floor(i / 10)));
		const already = t.platform.requests.length;
		const result = await poll(itemEvent('newItem'));
		expect(result.error).toBeUndefined();
		expect(ids(result.items)).toEqual(rows.map((row) => row.__id));
		expect(
			bodies()
				.slice(already)
				.map((body) => [(body as Row).from, (body as Row).size]),
		).toEqual([[0, MAX_PAGE_SIZE]]);
		expect((await poll(itemEvent('newItem'))).emitted).toBe(false);
	});

	test('a platform error during a poll fails it without moving the state; the next poll delivers everything', async () => {
		add(0);
		await poll(itemEvent('newItem'));
		const rows = Array.from({ length: 150 }, (_, i) => add(30 + i));
		const before = store.snapshot();
		// A platform capped at 100 per page: the first page comes, the second fails.
		list.fault = (body) =>
			body.from === 0
				? ok({ result: { result: rows.slice(0, 100), total: rows.length } })
				: fail(400, 'list temporarily unavailable');
		const failed = await poll(itemEvent('newItem'));
		expect(failed.emitted).toBe(false);
		expect(failed.error?.message).toBe('ELMA365 400: list temporarily unavailable');
		expect(store.snapshot()).toEqual(before);

		list.fault = undefined;
		const next = await poll(itemEvent('newItem'));
		expect(next.error).toBeUndefined();
		expect(ids(next.items)).toEqual(rows.map((row) => row.__id));
		expect((await poll(itemEvent('newItem'))).emitted).toBe(false);
	});

	test('a wrong key (403) on the first activation stores nothing', async () => {
		add(0);
		const result = await pollNode({
			nodeType: 'elma365AppTrigger',
			parameters: itemEvent('newItem'),
			store,
			credential: { baseUrl: t.platform.url, apiKey: 'wrong' },
		});
		expect(result.error?.message).toMatch(/^ELMA365 403: access denied: invalid token/);
		expect(store.data).toEqual({});
	});

	test('manual "Fetch Test Event" returns the newest matching item and leaves the state alone', async () => {
		add(0);
		const newest = add(50);
		add(20);
		const result = await poll(
			itemEvent('newItem', {
				options: { tableFilter: { match: [{ field: '__name', value: 'request' }] } },
			}),
			'manual',
		);
		expect(result.error).toBeUndefined();
		expect(jsonOf(result.items)).toEqual([newest]);
		expect(bodies()).toEqual([
			{
				active: true,
				filter: { tf: { __name: 'request' } },
				sortExpressions: [{ field: '__createdAt', ascending: false }],
				from: 0,
				size: 1,
			},
		]);
		expect(store.data).toEqual({});
	});

	test('missing section or application fails before any request, naming the field', async () => {
		const result = await poll(itemEvent('newItem', { namespace: ' ' }));
		expect(result.error?.message).toMatch(/Section Code/);
		expect(t.platform.requests).toHaveLength(0);
		expect(store.data).toEqual({});
	});
});

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
				size: MAX_PAGE_SIZE,
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
				size: MAX_PAGE_SIZE,
			},
		],
	]);
	expect((await poll(itemEvent('updatedItem'))).emitted).toBe(false);
	Object.assign(row, { __updatedAt: at(80), title: 'changed again' });
	const second = await poll(itemEvent('updatedItem'));
	expect(jsonOf(second.items)).toEqual([row]);
});

test('Item Entered a Status: the list of the status, an item moving into it fires once; edits while it stays there do not fire again', async () => {
	const parameters = itemEvent('statusEntered', { statusCode: 'done' });
	const old = add(0, { __status: { order: 0, status: 3 } });
	const open = add(10, { __status: { order: 0, status: 1 } });
	expect((await poll(parameters)).emitted).toBe(false);
	// The first activation reads the whole list of the status: what is in it already never fires.
	expect(wire()).toEqual([
		[
			'POST',
			APP_LIST,
			{
				active: true,
				statusCode: ['done'],
				sortExpressions: [{ field: '__updatedAt', ascending: true }],
				from: 0,
				size: MAX_PAGE_SIZE,
			},
		],
	]);
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
				// The mark is where the first activation left it: the newest item already in the status.
				filter: { tf: since(0, '__updatedAt') },
				sortExpressions: [{ field: '__updatedAt', ascending: true }],
				from: 0,
				size: MAX_PAGE_SIZE,
			},
		],
	]);
	expect((await poll(parameters)).emitted).toBe(false);
	Object.assign(open, { comment: 'edited', __updatedAt: at(2000) });
	Object.assign(old, { comment: 'edited', __updatedAt: at(2000) });
	expect((await poll(parameters)).emitted).toBe(false);
});

test('Item Entered a Status: the status list comes from the application settings', async () => {
	const { LoadOptionsContext } = await import('n8n-core');
	const { prepare } = await import('../harness/engine');
	const parameters = itemEvent('statusEntered', { statusCode: 'done' });
	const { node, workflow, additionalData } = await prepare({
		nodeType: 'elma365AppTrigger',
		parameters: parameters as never,
		credential: { baseUrl: t.platform.url, apiKey: t.platform.apiKey },
	});
	const nodeType = workflow.nodeTypes.getByNameAndVersion(node.type, node.typeVersion);
	// What the editor sends along with a load-options request: the node's current parameters.
	additionalData.currentNodeParameters = parameters as never;
	const context = new LoadOptionsContext(workflow, node, additionalData, '');
	const options = await nodeType.methods!.loadOptions!.getStatuses.call(context);
	expect(options.map((o) => [o.name, o.value])).toEqual([
		['New', 'new'],
		['In progress', 'in_progress'],
		['Done', 'done'],
	]);
	expect(t.platform.requests.map((r) => [r.method, r.path])).toEqual([
		['GET', '/pub/v1/app/crm/requests/settings/status'],
	]);
});

test('an event of another area is refused before any request, naming the events it has', async () => {
	const result = await poll({ event: 'newTask' });
	expect(result.error?.message).toBe(
		'Invalid "Event": expected one of "newItem", "updatedItem", "statusEntered", got "newTask"',
	);
	expect(t.platform.requests).toHaveLength(0);
});
