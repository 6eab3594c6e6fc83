/** Item > Get under Options > Concurrency's default, answered by the strict double's own routes. */
import { newId } from '../harness/index.ts';
import { holdRequests, reversed } from '../harness/inFlight';
import { itemsOf } from '../harness/routes/app.ts';
import { jsonOf, pairingOf, usePlatform } from '../harness/setup';

const t = usePlatform();
const NS = 'legal';
const CODE = 'contracts';
const base = `/pub/v1/contracts/${NS}/${CODE}`;
const items = () => itemsOf(t.platform, 'contracts', NS, CODE);
let ids: string[];

beforeEach(() => {
	items().clear();
	ids = Array.from({ length: 6 }, () => newId());
	ids.forEach((id, index) =>
		items().set(id, { __id: id, __name: `Contract ${index}`, amount: index }),
	);
});

/** Item i addresses ids[i] (the path's sixth segment): later items are answered sooner. */
const byItem = (request: { path: string }) =>
	reversed(ids.length, ids.indexOf(request.path.split('/')[6]));
const wire = (requests: typeof t.platform.requests) =>
	requests.map((r) => [r.method, r.path, r.query, r.body]);
const get = {
	resource: 'item',
	operation: 'get',
	namespace: NS,
	application: CODE,
	itemId: '={{ $json.id }}',
};

describe('item get', () => {
	test('without the option: every item in flight at once; output in input order and paired', async () => {
		const state = holdRequests(t.platform, 'GET', /\/get$/, { times: 6, gate: 6, delay: byItem });
		const { items: output, error } = await t.run({
			nodeType: 'elma365Contract',
			parameters: get,
			input: ids.map((id) => ({ json: { id } })),
		});
		expect(error).toBeUndefined();
		expect(state.max).toBe(6);
		expect(state.order).not.toEqual(ids.map((id) => `${base}/${id}/get`));
		expect(wire(t.platform.requests).sort()).toEqual(
			ids.map((id) => ['GET', `${base}/${id}/get`, {}, undefined]).sort(),
		);
		expect(jsonOf(output)).toEqual(
			ids.map((id, index) => ({ __id: id, __name: `Contract ${index}`, amount: index })),
		);
		expect(pairingOf(output)).toEqual(ids.map((_, index) => ({ item: index })));
	});

	test('Concurrency 1: one item after the other, in input order', async () => {
		const state = holdRequests(t.platform, 'GET', /\/get$/, { times: 4, delay: byItem });
		const { items: output, error } = await t.run({
			nodeType: 'elma365Contract',
			parameters: { ...get, options: { concurrency: 1 } },
			input: ids.slice(0, 4).map((id) => ({ json: { id } })),
		});
		expect(error).toBeUndefined();
		expect(state.max).toBe(1);
		expect(wire(t.platform.requests)).toEqual(
			ids.slice(0, 4).map((id) => ['GET', `${base}/${id}/get`, {}, undefined]),
		);
		expect(jsonOf(output).map((json) => json.__id)).toEqual(ids.slice(0, 4));
	});
});
