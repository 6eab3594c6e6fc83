/** Options > Concurrency on group create and update, answered by the strict double's own routes. */
import { holdRequests, reversed } from '../harness/inFlight';
import { jsonOf, pairingOf, usePlatform } from '../harness/setup';

const t = usePlatform();
const NODE = 'elma365Scheme';
const groups = () => t.platform.collection('schemeGroups');
const nameOf = (body: unknown) => (body as { __name: string }).__name;
/** `Name 7` is item 7: later items are answered sooner. */
const byName = (count: number) => (request: { body: unknown }) =>
	reversed(count, Number(nameOf(request.body).replace(/\D/g, '')));
const ids = [
	'5c000000-0000-4000-8000-000000000001',
	'5c000000-0000-4000-8000-000000000002',
	'5c000000-0000-4000-8000-000000000003',
];

beforeEach(() => {
	for (const id of ids)
		groups().set(id, {
			__id: id,
			namespace: { __rl: true, mode: 'code', value: 'crm' },
			__name: 'Old',
			description: '',
			users: [],
			positions: [],
			subGroups: [],
		});
});
afterEach(() => {
	for (const [id, group] of groups())
		if (ids.includes(id) || String(group.__name).startsWith('Name ')) groups().delete(id);
});

test('create: Concurrency N keeps at most N in flight; created groups output in input order and paired', async () => {
	const input = Array.from({ length: 6 }, (_, index) => ({ json: { name: `Name ${index}` } }));
	const state = holdRequests(t.platform, 'POST', /^\/pub\/v1\/scheme\/namespaces\/crm\/groups$/, {
		times: 6,
		gate: 4,
		delay: byName(6),
	});
	const { items, error } = await t.run({
		nodeType: NODE,
		parameters: {
			resource: 'group',
			operation: 'create',
			namespace: { __rl: true, mode: 'code', value: 'crm' },
			name: '={{ $json.name }}',
			options: { concurrency: 4 },
		},
		input,
	});
	expect(error).toBeUndefined();
	expect(state.max).toBe(4);
	expect(t.platform.requests.map((r) => [r.method, r.path, r.query, r.body]).sort()).toEqual(
		input
			.map(({ json }) => [
				'POST',
				'/pub/v1/scheme/namespaces/crm/groups',
				{},
				{ __name: json.name },
			])
			.sort(),
	);
	expect(jsonOf(items).map((json) => nameOf(json))).toEqual(input.map(({ json }) => json.name));
	expect(
		jsonOf(items).map((json) => groups().get((json as { __id: string }).__id)?.__name),
	).toEqual(input.map(({ json }) => json.name));
	expect(pairingOf(items)).toEqual(input.map((_, index) => ({ item: index })));
});

test('update: edits of one group never overlap and arrive in input order; other groups go beside them', async () => {
	const [a, b, c] = ids;
	const targets = [a, b, a, a, c, b];
	const input = targets.map((id, index) => ({ json: { id, name: `Name ${index}` } }));
	const state = holdRequests(t.platform, 'PUT', /^\/pub\/v1\/scheme\/groups\/[^/]+$/, {
		times: 6,
		gate: 3,
		delay: byName(6),
		key: (request) => request.path,
	});
	const { items, error } = await t.run({
		nodeType: NODE,
		parameters: {
			resource: 'group',
			operation: 'update',
			groupId: { __rl: true, mode: 'id', value: '={{ $json.id }}' },
			updateFields: { name: '={{ $json.name }}' },
			options: { concurrency: 5 },
		},
		input,
	});
	expect(error).toBeUndefined();
	expect(state.overlaps).toEqual([]);
	expect(state.max).toBe(3);
	const sentTo = (id: string) =>
		t.platform.requests
			.filter((r) => r.path === `/pub/v1/scheme/groups/${id}`)
			.map((r) => nameOf(r.body));
	expect(sentTo(a)).toEqual(['Name 0', 'Name 2', 'Name 3']);
	expect(sentTo(b)).toEqual(['Name 1', 'Name 5']);
	expect([a, b, c].map((id) => groups().get(id)?.__name)).toEqual(['Name 3', 'Name 5', 'Name 4']);
	expect(jsonOf(items).map((json) => [(json as { __id: string }).__id, nameOf(json)])).toEqual(
		input.map(({ json }) => [json.id, json.name]),
	);
	expect(pairingOf(items)).toEqual(input.map((_, index) => ({ item: index })));
});
