/** Item > Get and Set Status under Options > Concurrency's default, answered by the strict double's own routes. */
import { newId } from '../harness/index.ts';
import { holdRequests, reversed } from '../harness/inFlight';
import { itemsOf } from '../harness/routes/app.ts';
import { jsonOf, pairingOf, usePlatform } from '../harness/setup';

const t = usePlatform();
const NS = 'crm';
const APP = 'deals';
const base = `/pub/v1/app/${NS}/${APP}`;
const items = () => itemsOf(t.platform, 'app', NS, APP);
let ids: string[];

beforeEach(() => {
	items().clear();
	ids = Array.from({ length: 6 }, () => newId());
	ids.forEach((id, index) => items().set(id, { __id: id, __name: `Deal ${index}`, price: index }));
});

/** The item a request addresses: its ID is the path's sixth segment. */
const idOf = (request: { path: string }) => request.path.split('/')[6];
/** Item i addresses ids[i]: later items are answered sooner. */
const byItem = (request: { path: string }) => reversed(ids.length, ids.indexOf(idOf(request)));
const wire = (requests: typeof t.platform.requests) =>
	requests.map((r) => [r.method, r.path, r.query, r.body]);

const get = { resource: 'item', operation: 'get', namespace: NS, application: APP };
const setStatus = (statusCode: string) => ({
	resource: 'item',
	operation: 'setStatus',
	namespace: NS,
	application: APP,
	statusCode,
});
const STATUS_IDS: Record<string, number> = { new: 1, in_progress: 2, done: 3 };

describe('item get', () => {
	test('without the option: every item in flight at once; output in input order and paired', async () => {
		const state = holdRequests(t.platform, 'POST', /\/get$/, {
			times: 6,
			gate: 6,
			delay: byItem,
		});
		const { items: output, error } = await t.run({
			nodeType: 'elma365App',
			parameters: { ...get, itemId: '={{ $json.id }}' },
			input: ids.map((id) => ({ json: { id } })),
		});
		expect(error).toBeUndefined();
		expect(state.max).toBe(6);
		expect(state.order).not.toEqual(ids.map((id) => `${base}/${id}/get`));
		expect(wire(t.platform.requests).sort()).toEqual(
			ids.map((id) => ['POST', `${base}/${id}/get`, {}, {}]).sort(),
		);
		expect(jsonOf(output)).toEqual(
			ids.map((id, index) => ({ __id: id, __name: `Deal ${index}`, price: index })),
		);
		expect(pairingOf(output)).toEqual(ids.map((_, index) => ({ item: index })));
	});

	test('Concurrency 1: one item after the other, in input order', async () => {
		const state = holdRequests(t.platform, 'POST', /\/get$/, { times: 4, delay: byItem });
		const { items: output, error } = await t.run({
			nodeType: 'elma365App',
			parameters: { ...get, itemId: '={{ $json.id }}', options: { concurrency: 1 } },
			input: ids.slice(0, 4).map((id) => ({ json: { id } })),
		});
		expect(error).toBeUndefined();
		expect(state.max).toBe(1);
		expect(wire(t.platform.requests)).toEqual(
			ids.slice(0, 4).map((id) => ['POST', `${base}/${id}/get`, {}, {}]),
		);
		expect(jsonOf(output).map((json) => json.__id)).toEqual(ids.slice(0, 4));
	});
});

describe('item set status', () => {
	test('without the option: every item in flight at once; each output is its own item with its status, in input order', async () => {
		const codes = ['new', 'in_progress', 'done', 'new', 'in_progress', 'done'];
		const state = holdRequests(t.platform, 'POST', /\/set-status$/, {
			times: 6,
			gate: 6,
			delay: byItem,
		});
		const { items: output, error } = await t.run({
			nodeType: 'elma365App',
			parameters: { ...setStatus('={{ $json.code }}'), itemId: '={{ $json.id }}' },
			input: ids.map((id, index) => ({ json: { id, code: codes[index] } })),
		});
		expect(error).toBeUndefined();
		expect(state.max).toBe(6);
		expect(state.order).not.toEqual(ids.map((id) => `${base}/${id}/set-status`));
		expect(wire(t.platform.requests).sort()).toEqual(
			ids
				.map((id, index) => [
					'POST',
					`${base}/${id}/set-status`,
					{},
					{ status: { code: codes[index] } },
				])
				.sort(),
		);
		expect(jsonOf(output)).toEqual(
			ids.map((id, index) => ({
				__id: id,
				__name: `Deal ${index}`,
				price: index,
				__status: { order: 0, status: STATUS_IDS[codes[index]] },
			})),
		);
		expect(pairingOf(output)).toEqual(ids.map((_, index) => ({ item: index })));
	});

	test('Concurrency 1: one item after the other, in input order', async () => {
		const state = holdRequests(t.platform, 'POST', /\/set-status$/, { times: 4, delay: byItem });
		const { error } = await t.run({
			nodeType: 'elma365App',
			parameters: { ...setStatus('done'), itemId: '={{ $json.id }}', options: { concurrency: 1 } },
			input: ids.slice(0, 4).map((id) => ({ json: { id } })),
		});
		expect(error).toBeUndefined();
		expect(state.max).toBe(1);
		expect(wire(t.platform.requests)).toEqual(
			ids
				.slice(0, 4)
				.map((id) => ['POST', `${base}/${id}/set-status`, {}, { status: { code: 'done' } }]),
		);
	});

	test('status changes of one item never overlap and arrive in input order; other items go beside them', async () => {
		const [a, b, c] = ids;
		const changes: Array<[string, string]> = [
			[a, 'new'],
			[a, 'in_progress'],
			[b, 'done'],
			[a, 'done'],
			[c, 'new'],
			[b, 'new'],
		];
		const state = holdRequests(t.platform, 'POST', /\/set-status$/, {
			times: changes.length,
			gate: 3,
			delay: (request) => reversed(3, [a, b, c].indexOf(idOf(request))),
			key: idOf,
		});
		const { items: output, error } = await t.run({
			nodeType: 'elma365App',
			parameters: { ...setStatus('={{ $json.code }}'), itemId: '={{ $json.id }}' },
			input: changes.map(([id, code]) => ({ json: { id, code } })),
		});
		expect(error).toBeUndefined();
		expect(state.overlaps).toEqual([]);
		expect(state.max).toBe(3);
		const codesSentTo = (id: string) =>
			t.platform.requests
				.filter((r) => idOf(r) === id)
				.map((r) => (r.body as { status: { code: string } }).status.code);
		expect(codesSentTo(a)).toEqual(['new', 'in_progress', 'done']);
		expect(codesSentTo(b)).toEqual(['done', 'new']);
		expect(codesSentTo(c)).toEqual(['new']);
		expect([a, b, c].map((id) => items().get(id)!.__status)).toEqual([
			{ order: 0, status: STATUS_IDS.done },
			{ order: 0, status: STATUS_IDS.new },
			{ order: 0, status: STATUS_IDS.new },
		]);
		expect(
			jsonOf(output).map((json) => [json.__id, (json.__status as { status: number }).status]),
		).toEqual(changes.map(([id, code]) => [id, STATUS_IDS[code]]));
		expect(pairingOf(output)).toEqual(changes.map((_, index) => ({ item: index })));
	});
});
