import type { INodeTypeDescription } from 'n8n-workflow';
import { fail, newId } from '../harness/index.ts';
import { jsonOf, pairingOf, usePlatform } from '../harness/setup';
import { MAX_PAGE_SIZE } from '../../nodes/shared/lists/pager';

const t = usePlatform();
let users: Array<Record<string, unknown>>;

beforeEach(() => {
	t.platform.collection('users').clear();
	users = Array.from({ length: 130 }, (_, i) => ({
		__id: newId(),
		__name: `User ${i}`,
		email: i % 2 === 0 ? `even${i}@example.com` : `odd${i}@corp.example`,
		fullname: { firstname: 'F', lastname: `L${i}` },
	}));
	for (const user of users) t.platform.collection('users').set(user.__id as string, user);
});

const getAll = (extra: Record<string, unknown> = {}) => ({
	resource: 'user',
	operation: 'getAll',
	...extra,
});

test('Return All pages through POST /user/list with from/size in the body', async () => {
	const { items, error } = await t.run({
		nodeType: 'elma365User',
		parameters: getAll({ returnAll: true }),
	});
	expect(error).toBeUndefined();
	expect(
		t.platform.requests.map((r) => [r.method, r.path, r.query, r.headers.authorization, r.body]),
	).toEqual([
		[
			'POST',
			'/pub/v1/user/list',
			{},
			`Bearer ${t.platform.apiKey}`,
			{ from: 0, size: MAX_PAGE_SIZE },
		],
	]);
	expect(t.platform.requests[0].headers['content-type']).toMatch(/^application\/json/);
	expect(jsonOf(items)).toEqual(users);
	expect(new Set(pairingOf(items).map((p) => JSON.stringify(p)))).toEqual(new Set(['{"item":0}']));
});

test('Limit, table filter by email, ids and sort go into the body', async () => {
	const ids = users.slice(0, 6).map((user) => user.__id as string);
	const { items } = await t.run({
		nodeType: 'elma365User',
		parameters: getAll({
			limit: 2,
			options: {
				ids: ids.join(', '),
				sort: { rule: [{ field: '__name', ascending: true }] },
				tableFilter: { match: [{ field: 'email', value: 'EVEN' }] },
			},
		}),
	});
	expect(t.platform.requests.map((r) => r.body)).toEqual([
		{
			filter: { tf: { email: 'EVEN' } },
			ids,
			sortExpressions: [{ field: '__name', ascending: true }],
			from: 0,
			size: 2,
		},
	]);
	expect(jsonOf(items)).toEqual([users[0], users[2]]);
	expect(pairingOf(items)).toEqual([{ item: 0 }, { item: 0 }]);
});

test('the user list offers no status and no active options', async () => {
	const { loadPackage } = await import('../harness/engine');
	const loader = await loadPackage();
	const { properties } = loader.nodeTypes.elma365User.type.description as INodeTypeDescription;
	const options = properties.find((p) => p.name === 'options')!;
	const names = (options.options as Array<{ name: string }>).map((o) => o.name).sort();
	expect(names).toEqual(['body', 'ids', 'sort', 'tableFilter']);
});

test('bad ids, an empty filter field or bad JSON fail before any request', async () => {
	const badIds = await t.run({
		nodeType: 'elma365User',
		parameters: getAll({ options: { ids: 'abc' } }),
	});
	expect(badIds.error?.message).toMatch(/Invalid "IDs" in item 0: expected a UUID/);
	const noField = await t.run({
		nodeType: 'elma365User',
		parameters: getAll({ options: { tableFilter: { match: [{ field: '', value: 'x' }] } } }),
	});
	expect(noField.error?.message).toMatch(/Invalid "Table Filter > Field Code" in item 0/);
	const badJson = await t.run({
		nodeType: 'elma365User',
		parameters: getAll({ options: { body: '{nope' } }),
	});
	expect(badJson.error?.message).toMatch(
		/Invalid "Additional Body \(JSON\)" in item 0: expected a JSON object/,
	);
	expect(t.platform.requests).toHaveLength(0);
});

test('a platform error carries its text; Continue On Fail gives one error item per failing input, paired', async () => {
	t.platform.script('POST', '/pub/v1/user/list', fail(400, 'filter: unknown field'));
	const failed = await t.run({ nodeType: 'elma365User', parameters: getAll({ limit: 1 }) });
	expect(failed.error?.message).toBe('ELMA365 400: filter: unknown field');

	t.platform.reset();
	const { items, error } = await t.run({
		nodeType: 'elma365User',
		continueOnFail: true,
		input: [
			{ json: { ids: String(users[1].__id) } },
			{ json: { ids: 'bad' } },
			{ json: { ids: String(users[3].__id) } },
		],
		parameters: getAll({ limit: 5, options: { ids: '={{ $json.ids }}' } }),
	});
	expect(error).toBeUndefined();
	expect(t.platform.requests).toHaveLength(2);
	const out = jsonOf(items) as Array<Record<string, unknown>>;
	expect(out[0]).toEqual(users[1]);
	expect(out[1].error).toMatch(/Invalid "IDs" in item 1/);
	expect(out[2]).toEqual(users[3]);
	expect(pairingOf(items)).toEqual([{ item: 0 }, { item: 1 }, { item: 2 }]);
});

describe('Output', () => {
	const full = (i: number) => ({
		__id: newId(),
		__name: `Full ${i}`,
		login: `full${i}`,
		email: `full${i}@example.com`,
		fullname: { firstname: 'F', lastname: `L${i}`, middlename: '' },
		mobilePhone: [{ type: 'main', tel: `+100${i}` }],
		workPhone: [],
		groupIds: [newId()],
		__createdAt: '2026-01-01T00:00:00Z',
		__createdBy: newId(),
		__updatedAt: '2026-01-02T00:00:00Z',
		__version: 3,
		avatar: null,
	});
	let people: Array<ReturnType<typeof full>>;
	beforeEach(() => {
		t.platform.collection('users').clear();
		people = [full(0), full(1)];
		for (const user of people) t.platform.collection('users').set(user.__id, user);
	});
	const main = ({
		__createdAt: _a,
		__createdBy: _b,
		__updatedAt: _c,
		__version: _d,
		avatar: _e,
		...rest
	}: ReturnType<typeof full>) => rest;

	test('Simplified by default: each user keeps only its main fields; the request is the same', async () => {
		const { items, error } = await t.run({
			nodeType: 'elma365User',
			parameters: getAll({ returnAll: true }),
		});
		expect(error).toBeUndefined();
		expect(t.platform.requests.map((r) => [r.method, r.path, r.body])).toEqual([
			['POST', '/pub/v1/user/list', { from: 0, size: MAX_PAGE_SIZE }],
		]);
		expect(jsonOf(items)).toEqual(people.map(main));
		expect(pairingOf(items)).toEqual([{ item: 0 }, { item: 0 }]);
	});

	test('Raw: every field, as the platform returns them', async () => {
		const { items } = await t.run({
			nodeType: 'elma365User',
			parameters: getAll({ returnAll: true, output: 'raw' }),
		});
		expect(jsonOf(items)).toEqual(people);
	});

	test('Selected Fields: only the typed codes, in every user; the request is the same', async () => {
		const { items, error } = await t.run({
			nodeType: 'elma365User',
			parameters: getAll({ returnAll: true, output: 'fields', fields: 'email, __version, absent' }),
		});
		expect(error).toBeUndefined();
		expect(t.platform.requests.map((r) => [r.method, r.path, r.body])).toEqual([
			['POST', '/pub/v1/user/list', { from: 0, size: MAX_PAGE_SIZE }],
		]);
		expect(jsonOf(items)).toEqual(people.map(({ email, __version }) => ({ email, __version })));
		expect(pairingOf(items)).toEqual([{ item: 0 }, { item: 0 }]);
	});

	test('Selected Fields without a field: refused before any request', async () => {
		const { error } = await t.run({
			nodeType: 'elma365User',
			parameters: getAll({ returnAll: true, output: 'fields', fields: ' , ' }),
		});
		expect(error?.message).toBe(
			'Invalid "Fields" in item 0: expected at least one field code, got " , "',
		);
		expect(t.platform.requests).toHaveLength(0);
	});
});
