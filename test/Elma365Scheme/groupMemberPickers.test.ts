/** Scheme: group members picked from the platform's users and groups (positions to add stay typed). */
import type { INodeProperties } from 'n8n-workflow';
import { loadPackage, searchList } from '../harness/engine';
import { fail } from '../harness/index.ts';
import { SCHEME_SEED as S } from '../harness/routes/scheme.ts';
import { jsonOf, pairingOf, usePlatform, picked } from '../harness/setup';

const t = usePlatform();
const NODE = 'elma365Scheme';
const rows = (values: unknown[]) => values.map((id) => ({ id }));
const groups = () => t.platform.collection('schemeGroups');

const groupId = '5c000000-0000-4000-8000-000000000001';
beforeEach(() => {
	groups().set(groupId, {
		__id: groupId,
		namespace: 'crm',
		code: 'picked',
		__name: 'Picked',
		description: '',
		users: [],
		positions: [],
		subGroups: [],
	});
});
afterAll(() => groups().delete(groupId));

const addMembers = (members: Record<string, unknown>, operation = 'addMembers') => ({
	resource: 'group',
	operation,
	groupId: picked(groupId),
	...members,
});

describe('member pickers', () => {
	const search = (method: string, filter?: string) =>
		searchList({
			nodeType: NODE,
			parameters: addMembers({}) as never,
			credential: t.credential(),
			method,
			filter,
		});

	test('users are searched by name on the platform, sub-groups by name, each valued by its ID', async () => {
		const user = {
			__id: '5c000000-0000-4000-8000-0000000000a1',
			__name: 'Olga Member',
			email: 'olga@example.com',
		};
		t.platform.collection('users').set(user.__id, user);
		try {
			expect(await search('searchUsers', 'olga')).toEqual({
				results: [{ name: 'Olga Member (olga@example.com)', value: user.__id }],
				paginationToken: undefined,
			});
			expect((await search('searchGroups', 'sales managers')).results).toEqual([
				{ name: 'Sales managers (crm)', value: S.groups.managers },
			]);
			expect(t.platform.requests.map((r) => [r.method, r.path, r.body])).toEqual([
				['POST', '/pub/v1/user/list', { filter: { tf: { __name: 'olga' } }, from: 0, size: 1000 }],
				[
					'POST',
					'/pub/v1/scheme/groups/list',
					{ filter: { tf: { __name: 'sales managers' } }, from: 0, size: 1000 },
				],
			]);
		} finally {
			t.platform.collection('users').delete(user.__id);
		}
	});

	test('Remove Members lists the positions already in the chosen group; without a group it asks for one first', async () => {
		groups().set(groupId, {
			...groups().get(groupId),
			positions: [S.positions.accountant, S.positions.salesHead],
		});
		const remove = (parameters: Record<string, unknown>, filter?: string) =>
			searchList({
				nodeType: NODE,
				parameters: parameters as never,
				credential: t.credential(),
				method: 'searchGroupPositions',
				filter,
			});
		expect(await remove(addMembers({}, 'removeMembers'))).toEqual({
			results: [
				{ name: 'Accountant', value: S.positions.accountant },
				{ name: 'Head of Sales', value: S.positions.salesHead },
			],
			paginationToken: undefined,
		});
		expect((await remove(addMembers({}, 'removeMembers'), 'sales')).results).toEqual([
			{ name: 'Head of Sales', value: S.positions.salesHead },
		]);
		expect(t.platform.requests.map((r) => [r.method, r.path, r.query])).toEqual([
			['GET', `/pub/v1/scheme/groups/${groupId}/positions`, { from: '0', size: '100' }],
			['GET', `/pub/v1/scheme/groups/${groupId}/positions`, { from: '0', size: '1000' }],
		]);
		await expect(
			remove({ resource: 'group', operation: 'removeMembers', groupId: picked('') }),
		).resolves.toEqual({ results: [] });
		expect(t.platform.requests).toHaveLength(2);
	});

	test('a key that may not list users gets a readable message', async () => {
		t.platform.script('POST', '/pub/v1/user/list', fail(403, 'access denied'));
		await expect(search('searchUsers')).rejects.toThrow(
			'ELMA365: the credential may not list users (HTTP 403)',
		);
	});
});

describe('Add and Remove Members with picked members', () => {
	test('users picked from the list and typed by ID, a picked sub-group and a typed position go in one body', async () => {
		const { items, error } = await t.run({
			nodeType: NODE,
			parameters: addMembers({
				userIds: { user: rows([picked(S.users.bob), picked(` ${S.users.carol} `, 'id')]) },
				positionIds: S.positions.accountant,
				subGroupIds: { group: rows([picked(S.groups.managers)]) },
			}) as never,
		});
		expect(error).toBeUndefined();
		expect(
			t.platform.requests.map((r) => [r.method, r.path, r.query, r.headers.authorization, r.body]),
		).toEqual([
			[
				'POST',
				`/pub/v1/scheme/groups/${groupId}/add-items`,
				{},
				`Bearer ${t.platform.apiKey}`,
				[S.users.bob, S.users.carol, S.positions.accountant, S.groups.managers],
			],
		]);
		expect(jsonOf(items)).toEqual([
			{
				addedItemIds: [S.users.bob, S.users.carol, S.positions.accountant, S.groups.managers],
				groupId,
				users: [S.users.bob, S.users.carol],
				positions: [S.positions.accountant],
				subGroups: [S.groups.managers],
			},
		]);
		expect(groups().get(groupId)).toMatchObject({
			users: [S.users.bob, S.users.carol],
			positions: [S.positions.accountant],
			subGroups: [S.groups.managers],
		});
	});

	test('a row set to an expression gives several IDs (an array or comma-separated); items for one group share a request', async () => {
		const { items, error } = await t.run({
			nodeType: NODE,
			parameters: addMembers({
				userIds: { user: rows([picked('={{ $json.users }}', 'id')]) },
			}) as never,
			input: [
				{ json: { users: [S.users.alice, S.users.bob] } },
				{ json: { users: `${S.users.carol}, ${S.users.alice}` } },
			],
		});
		expect(error).toBeUndefined();
		expect(t.platform.requests.map((r) => [r.path, r.body])).toEqual([
			[`/pub/v1/scheme/groups/${groupId}/add-items`, [S.users.alice, S.users.bob, S.users.carol]],
		]);
		expect(jsonOf(items)).toEqual([
			{
				addedItemIds: [S.users.alice, S.users.bob],
				groupId,
				users: [S.users.alice, S.users.bob],
				positions: [],
				subGroups: [],
			},
			{
				addedItemIds: [S.users.alice, S.users.carol],
				groupId,
				users: [S.users.carol, S.users.alice],
				positions: [],
				subGroups: [],
			},
		]);
		expect(pairingOf(items)).toEqual([{ item: 0 }, { item: 1 }]);
	});

	test('Remove Members takes the same rows, and positions as rows too (picked from the group)', async () => {
		groups().set(groupId, {
			...groups().get(groupId),
			users: [S.users.alice, S.users.bob],
			positions: [S.positions.salesHead],
			subGroups: [S.groups.managers],
		});
		const { error } = await t.run({
			nodeType: NODE,
			parameters: addMembers(
				{
					userIds: { user: rows([picked(S.users.alice)]) },
					positionIds: { position: rows([picked(S.positions.salesHead)]) },
					subGroupIds: { group: rows([picked(S.groups.managers)]) },
				},
				'removeMembers',
			) as never,
		});
		expect(error).toBeUndefined();
		expect(t.platform.requests.map((r) => [r.method, r.path, r.body])).toEqual([
			[
				'POST',
				`/pub/v1/scheme/groups/${groupId}/remove-items`,
				[S.users.alice, S.positions.salesHead, S.groups.managers],
			],
		]);
		expect(groups().get(groupId)).toMatchObject({
			users: [S.users.bob],
			positions: [],
			subGroups: [],
		});
	});

	test.each([
		[
			{ userIds: { user: rows([picked(S.users.bob), picked('={{ $json.name }}', 'id')]) } },
			'Invalid "Users (entry 2)" in item 0: expected a UUID such as 3fa85f64-5717-4562-b3fc-2c963f66afa6, got "bob"',
		],
		[
			{ subGroupIds: { group: rows([picked('={{ [$json.x] }}', 'id')]) } },
			'Invalid "Sub-Groups (entry 1)" in item 0: expected a UUID such as 3fa85f64-5717-4562-b3fc-2c963f66afa6, got 7',
		],
		[
			{ positionIds: 'p1' },
			'Invalid "Position IDs" in item 0: expected a UUID such as 3fa85f64-5717-4562-b3fc-2c963f66afa6, got "p1"',
		],
		[
			{},
			'Invalid "Users, Position IDs or Sub-Groups" in item 0: expected at least one member UUID, got ""',
		],
		[
			{ positionIds: { position: rows([picked('={{ "p1" }}', 'id')]) } },
			'Invalid "Positions (entry 1)" in item 0: expected a UUID such as 3fa85f64-5717-4562-b3fc-2c963f66afa6, got "p1"',
			'removeMembers',
		],
		[
			{},
			'Invalid "Users, Positions or Sub-Groups" in item 0: expected at least one member UUID, got ""',
			'removeMembers',
		],
	])(
		'invalid members %j: the error names the row and the item, before any request',
		async (members, message, operation = 'addMembers') => {
			const { error } = await t.run({
				nodeType: NODE,
				parameters: addMembers(members, operation) as never,
				input: [{ json: { x: 7, name: 'bob' } }],
			});
			expect(error?.message).toBe(message);
			expect(t.platform.requests).toHaveLength(0);
		},
	);

	test('an ID typed by hand that is not a UUID is refused by the editor check, before any request', async () => {
		const { error } = await t.run({
			nodeType: NODE,
			parameters: addMembers({ userIds: { user: rows([picked('bob', 'id')]) } }) as never,
		});
		expect(error?.message).toBe("The 'ELMA365' node has issues:\n- Not a valid UUID");
		expect(t.platform.requests).toHaveLength(0);
	});
});

describe('descriptions', () => {
	let properties: INodeProperties[] = [];
	beforeAll(async () => {
		const loader = await loadPackage();
		properties = (
			loader.nodeTypes[NODE].type as unknown as { description: { properties: INodeProperties[] } }
		).description.properties;
	});
	const named = (name: string, operation: string) =>
		properties.filter(
			(property) =>
				property.name === name && property.displayOptions?.show?.operation?.includes(operation),
		);

	test.each([
		['addMembers', 'add', 'userIds', 'Users', 'users', 'searchUsers', undefined],
		['addMembers', 'add', 'subGroupIds', 'Sub-Groups', 'groups', 'searchGroups', undefined],
		['removeMembers', 'remove', 'userIds', 'Users', 'users', 'searchUsers', undefined],
		[
			'removeMembers',
			'remove',
			'positionIds',
			'Positions',
			'positions (org-structure items)',
			'searchGroupPositions',
			['groupId.value'],
		],
		['removeMembers', 'remove', 'subGroupIds', 'Sub-Groups', 'groups', 'searchGroups', undefined],
	])('%s %s: %s is rows of pickers', (operation, verb, name, listed, what, method, dependsOn) => {
		const [rowsProperty, ...rest] = named(name, operation);
		expect(rest).toEqual([]);
		expect(rowsProperty).toMatchObject({
			displayName: listed,
			name,
			type: 'fixedCollection',
			typeOptions: { multipleValues: true },
			default: {},
			description: `The ${what} to ${verb}. A row set to an expression may give several IDs: an array or comma-separated text.`,
			displayOptions: { show: { resource: ['group'], operation: [operation] } },
		});
		const locator = (rowsProperty.options as Array<{ values: INodeProperties[] }>)[0].values[0];
		expect(locator).toMatchObject({ name: 'id', type: 'resourceLocator' });
		expect(locator.typeOptions?.loadOptionsDependsOn).toEqual(dependsOn);
		expect(locator.modes?.map((mode) => [mode.name, mode.typeOptions?.searchListMethod])).toEqual([
			['list', method],
			['id', undefined],
		]);
	});

	test('Add Members keeps Position IDs typed: the API lists no positions outside a group', () => {
		const [positions, ...others] = named('positionIds', 'addMembers');
		expect(others).toEqual([]);
		expect(positions).toEqual({
			displayName: 'Position IDs',
			name: 'positionIds',
			type: 'string',
			default: '',
			placeholder: '3fa85f64-5717-4562-b3fc-2c963f66afa6, ...',
			description:
				'Comma-separated UUIDs (or an array from an expression) of positions (org-structure items) to add',
			displayOptions: { show: { resource: ['group'], operation: ['addMembers'] } },
		});
	});
});
