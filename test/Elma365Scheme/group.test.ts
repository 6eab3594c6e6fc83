/** Group operations with a body: create, update, and batched membership changes. */
import axios from 'axios';
import { ok } from '../harness/index.ts';
import { SCHEME_SEED as S } from '../harness/routes/scheme.ts';
import type { Parameters } from '../harness/setup';
import { jsonOf, pairingOf, usePlatform, byId } from '../harness/setup';

const t = usePlatform();
const NODE = 'elma365Scheme';
type Entry = Record<string, unknown>;

const groups = () => t.platform.collection('schemeGroups');
/** The Section picker with a code typed in it. */
const section = (value: string) => ({ __rl: true, mode: 'code', value });
/** A picker with an ID (or an expression) typed in it. */
/** Members as one row whose picker is set to an expression, which may give several IDs. */
const rowOf = (row: string, expression: string) => ({ [row]: [{ id: byId(expression) }] });
const wire = () =>
	t.platform.requests.map((r) => [r.method, r.path, r.query, r.headers.authorization, r.body]);
const auth = () => `Bearer ${t.platform.apiKey}`;
/** A request straight to the double, as another client would send it. */
const send = (method: string, path: string, data: unknown) =>
	axios.request({
		method,
		url: `${t.platform.url}/pub/v1${path}`,
		data,
		headers: { authorization: auth() },
		validateStatus: () => true,
	});

/** A group of its own for each test, so tests never depend on each other's changes. */
let groupId: string;
let otherId: string;
let counter = 0;
beforeEach(() => {
	counter += 1;
	groupId = `5a000000-0000-4000-8000-${String(counter).padStart(12, '0')}`;
	otherId = `5b000000-0000-4000-8000-${String(counter).padStart(12, '0')}`;
	groups().set(groupId, {
		__id: groupId,
		namespace: 'crm',
		code: `g${counter}`,
		__name: 'Group',
		description: '',
		users: [S.users.alice],
		positions: [],
		subGroups: [],
	});
	groups().set(otherId, {
		__id: otherId,
		namespace: 'crm',
		code: `o${counter}`,
		__name: 'Other',
		description: '',
		users: [],
		positions: [],
		subGroups: [],
	});
});
afterEach(() => {
	groups().delete(groupId);
	groups().delete(otherId);
});

describe('group create and update', () => {
	test('create posts the documented body: __name, description, isDefault, isRole', async () => {
		const { items, error } = await t.run({
			nodeType: NODE,
			parameters: {
				resource: 'group',
				operation: 'create',
				namespace: section('crm'),
				name: ' Key accounts ',
				additionalFields: { description: 'Top customers', isDefault: false, isRole: true },
			},
		});
		expect(error).toBeUndefined();
		const body = {
			__name: 'Key accounts',
			description: 'Top customers',
			isDefault: false,
			isRole: true,
		};
		expect(wire()).toEqual([['POST', '/pub/v1/scheme/namespaces/crm/groups', {}, auth(), body]]);
		expect(t.platform.requests[0].headers['content-type']).toMatch(/^application\/json/);
		const created = jsonOf(items)[0] as Entry;
		expect(created).toEqual({
			...body,
			__id: created.__id,
			namespace: 'crm',
			users: [],
			positions: [],
			subGroups: [],
		});
		expect(pairingOf(items)).toEqual([{ item: 0 }]);
		groups().delete(created.__id as string);
	});

	test('the double refuses the old create body ({name, code}) and a body without __name', async () => {
		const old = await send('POST', '/scheme/namespaces/crm/groups', {
			name: 'Key accounts',
			code: 'key_accounts',
		});
		expect([old.status, old.data]).toEqual([
			400,
			{ success: false, error: 'body.__name: required' },
		]);
		const extra = await send('POST', '/scheme/namespaces/crm/groups', {
			__name: 'Key accounts',
			code: 'key_accounts',
		});
		expect(extra.data.error).toBe('body.code: unknown key');
		const oldEdit = await send('PUT', `/scheme/groups/${groupId}`, { name: 'Renamed' });
		expect([oldEdit.status, oldEdit.data.error]).toEqual([400, 'body.name: unknown key']);
		const isRoleOnEdit = await send('PUT', `/scheme/groups/${groupId}`, { isRole: true });
		expect(isRoleOnEdit.data.error).toBe('body.isRole: unknown key');
		expect(groups().get(groupId)).toMatchObject({ __name: 'Group' });
	});

	test('create in an unknown section fails with the platform text; a key the form does not have (code) is not sent', async () => {
		const missing = await t.run({
			nodeType: NODE,
			parameters: {
				resource: 'group',
				operation: 'create',
				namespace: section('nowhere'),
				name: 'X',
			},
		});
		expect(missing.error?.message).toBe(
			'ELMA365 404: Section "nowhere" was not found (namespace nowhere not found)',
		);
		expect(missing.error?.description).toContain(
			'The company\'s sections (codes): "crm" (CRM), "hr" (HR).',
		);
		expect(missing.error?.httpCode).toBe('404');
		t.platform.reset();
		const coded = await t.run({
			nodeType: NODE,
			parameters: {
				resource: 'group',
				operation: 'create',
				namespace: section('crm'),
				name: 'X',
				additionalFields: { code: 'sales' },
			},
		});
		expect(coded.error).toBeUndefined();
		expect(t.platform.requests.map((r) => r.body)).toEqual([{ __name: 'X' }]);
		groups().delete((jsonOf(coded.items)[0] as Entry).__id as string);
	});

	test('update puts only the fields given, name as __name', async () => {
		const { items } = await t.run({
			nodeType: NODE,
			parameters: {
				resource: 'group',
				operation: 'update',
				groupId: byId(groupId),
				updateFields: { name: 'Renamed', description: '', isDefault: true },
			},
		});
		const body = { __name: 'Renamed', description: '', isDefault: true };
		expect(wire()).toEqual([['PUT', `/pub/v1/scheme/groups/${groupId}`, {}, auth(), body]]);
		expect(jsonOf(items)).toEqual([{ ...groups().get(groupId), ...body }]);
	});

	test('update of an unknown group: 404 with the platform text', async () => {
		const unknown = '5f000000-0000-4000-8000-00000000f404';
		const { error } = await t.run({
			nodeType: NODE,
			parameters: {
				resource: 'group',
				operation: 'update',
				groupId: byId(unknown),
				fieldsJson: '{"__name": "x"}',
			},
		});
		expect(error?.message).toBe(`ELMA365 404: group ${unknown} not found`);
	});

	test.each([
		[
			{ operation: 'create', namespace: section('crm'), name: '={{ " " }}' },
			/Invalid "Name" in item 0: expected a non-empty text/,
		],
		[
			{ operation: 'create', namespace: section('={{ "" }}'), name: 'X' },
			/Invalid "Section Code" in item 0/,
		],
		[
			{ operation: 'create', namespace: section('crm'), name: 'X', fieldsJson: 'not json' },
			/Invalid "Additional Fields \(JSON\)" in item 0: expected a JSON object/,
		],
		[
			{ operation: 'update', groupId: byId('={{ "abc" }}'), updateFields: { name: 'X' } },
			/Invalid "Group ID" in item 0: expected a UUID/,
		],
		[
			{ operation: 'update', groupId: byId(S.groups.sales) },
			/Invalid "Update Fields" in item 0: expected at least one field to change/,
		],
		[
			{ operation: 'update', groupId: byId(S.groups.sales), updateFields: { name: ' ' } },
			/Invalid "Name" in item 0: expected a non-empty text/,
		],
		[
			{ operation: 'update', groupId: byId(S.groups.sales), updateFields: { isDefault: 'yes' } },
			/Invalid "Assign to New Users" in item 0/,
		],
	])('%j: a clear error and no request', async (parameters, message) => {
		const { error } = await t.run({
			nodeType: NODE,
			parameters: { resource: 'group', ...parameters } as Parameters,
		});
		expect(error?.message).toMatch(message);
		expect(t.platform.requests).toHaveLength(0);
	});
});

const members = (
	operation: 'addMembers' | 'removeMembers',
	parameters: Parameters = {},
): Parameters => ({
	resource: 'group',
	operation,
	groupId: byId('={{ $json.groupId }}'),
	userIds: rowOf('user', '={{ $json.users }}'),
	// Positions to add are typed; those to remove are picked from the group.
	positionIds:
		operation === 'addMembers'
			? '={{ $json.positions }}'
			: rowOf('position', '={{ $json.positions }}'),
	subGroupIds: rowOf('group', '={{ $json.subGroups }}'),
	...parameters,
});

describe('group membership', () => {
	test('addMembers: N input items for one group make one request and N paired outputs', async () => {
		const { items, error } = await t.run({
			nodeType: NODE,
			parameters: members('addMembers'),
			input: [
				{ json: { groupId, users: [S.users.bob] } },
				{
					json: {
						groupId,
						users: `${S.users.carol}, ${S.users.bob}`,
						positions: S.positions.accountant,
					},
				},
				{ json: { groupId, subGroups: [S.groups.managers] } },
			],
		});
		expect(error).toBeUndefined();
		expect(wire()).toEqual([
			[
				'POST',
				`/pub/v1/scheme/groups/${groupId}/add-items`,
				{},
				auth(),
				[S.users.bob, S.users.carol, S.positions.accountant, S.groups.managers],
			],
		]);
		// Each item's output names the members it asked for, and which of them the platform added.
		expect(jsonOf(items)).toEqual([
			{ addedItemIds: [S.users.bob], groupId, users: [S.users.bob], positions: [], subGroups: [] },
			{
				addedItemIds: [S.users.bob, S.users.carol, S.positions.accountant],
				groupId,
				users: [S.users.carol, S.users.bob],
				positions: [S.positions.accountant],
				subGroups: [],
			},
			{
				addedItemIds: [S.groups.managers],
				groupId,
				users: [],
				positions: [],
				subGroups: [S.groups.managers],
			},
		]);
		expect(pairingOf(items)).toEqual([{ item: 0 }, { item: 1 }, { item: 2 }]);
		expect(groups().get(groupId)).toMatchObject({
			users: [S.users.alice, S.users.bob, S.users.carol],
			positions: [S.positions.accountant],
			subGroups: [S.groups.managers],
		});
	});

	test('items for different groups: one request per group, outputs in input order', async () => {
		const { items } = await t.run({
			nodeType: NODE,
			parameters: members('addMembers'),
			input: [
				{ json: { groupId, users: [S.users.bob] } },
				{ json: { groupId: otherId, users: [S.users.bob] } },
				{ json: { groupId, users: [S.users.carol] } },
			],
		});
		expect(wire().map(([method, path, , , body]) => [method, path, body])).toEqual([
			['POST', `/pub/v1/scheme/groups/${groupId}/add-items`, [S.users.bob, S.users.carol]],
			['POST', `/pub/v1/scheme/groups/${otherId}/add-items`, [S.users.bob]],
		]);
		expect((jsonOf(items) as Entry[]).map((item) => item.groupId)).toEqual([
			groupId,
			otherId,
			groupId,
		]);
		expect(pairingOf(items)).toEqual([{ item: 0 }, { item: 1 }, { item: 2 }]);
	});

	test('removeMembers posts to remove-items', async () => {
		groups().set(groupId, {
			...groups().get(groupId),
			users: [S.users.alice, S.users.bob],
			positions: [S.positions.salesHead],
		});
		const { items } = await t.run({
			nodeType: NODE,
			parameters: members('removeMembers'),
			input: [
				{ json: { groupId, users: [S.users.alice] } },
				{ json: { groupId, positions: [S.positions.salesHead] } },
			],
		});
		expect(wire()).toEqual([
			[
				'POST',
				`/pub/v1/scheme/groups/${groupId}/remove-items`,
				{},
				auth(),
				[S.users.alice, S.positions.salesHead],
			],
		]);
		expect(pairingOf(items)).toEqual([{ item: 0 }, { item: 1 }]);
		expect(groups().get(groupId)).toMatchObject({ users: [S.users.bob], positions: [] });
	});

	test('Body (JSON) switches to an object body ({users, positions, subGroups} merged with it), for installations that take one', async () => {
		const path = `/pub/v1/scheme/groups/${groupId}/add-items`;
		t.platform.script('POST', path, ok());
		const { items } = await t.run({
			nodeType: NODE,
			parameters: members('addMembers', {
				options: {
					body: '={{ JSON.stringify({ items: [{ id: $json.users[0], type: "user" }] }) }}',
				},
			}),
			input: [
				{ json: { groupId, users: [S.users.bob] } },
				{ json: { groupId, users: [S.users.carol] } },
			],
		});
		expect(t.platform.requests.map((r) => r.body)).toEqual([
			{
				users: [S.users.bob, S.users.carol],
				items: [
					{ id: S.users.bob, type: 'user' },
					{ id: S.users.carol, type: 'user' },
				],
			},
		]);
		expect(items).toHaveLength(2);
	});

	test('the double refuses the object body on the documented route (and an empty list)', async () => {
		const old = await send('POST', `/scheme/groups/${groupId}/add-items`, { users: [S.users.bob] });
		expect([old.status, old.data.error]).toEqual([400, 'body: array expected, got object']);
		const empty = await send('POST', `/scheme/groups/${groupId}/remove-items`, []);
		expect(empty.data.error).toBe('body: at least 1 entries expected');
	});

	test('an unknown group and an unknown member (404) fail with the platform text', async () => {
		const unknown = '5f000000-0000-4000-8000-0000000f0404';
		const missing = await t.run({
			nodeType: NODE,
			parameters: members('addMembers'),
			input: [{ json: { groupId: unknown, users: [S.users.bob] } }],
		});
		expect(missing.error?.message).toBe(`ELMA365 404: group ${unknown} not found`);
		expect(missing.error?.httpCode).toBe('404');
		const stranger = '5f000000-0000-4000-8000-00000000057a';
		const bad = await t.run({
			nodeType: NODE,
			parameters: members('removeMembers'),
			input: [{ json: { groupId, users: [stranger] } }],
		});
		expect(bad.error?.message).toBe(`ELMA365 404: org-structure item ${stranger} not found`);
		expect(bad.error?.httpCode).toBe('404');
	});

	test('a failed batch with Continue On Fail: every item of that group gets the error, the other group succeeds', async () => {
		const { items, error } = await t.run({
			nodeType: NODE,
			parameters: members('addMembers'),
			input: [
				{ json: { groupId, subGroups: [groupId] } },
				{ json: { groupId: otherId, users: [S.users.carol] } },
				{ json: { groupId, users: [S.users.bob] } },
			],
			continueOnFail: true,
		});
		expect(error).toBeUndefined();
		expect(t.platform.requests).toHaveLength(2);
		const json = jsonOf(items) as Entry[];
		expect(json[0]).toMatchObject({
			error: 'ELMA365 400: a group cannot contain itself',
			httpCode: '400',
		});
		expect(json[1]).toEqual({
			addedItemIds: [S.users.carol],
			groupId: otherId,
			users: [S.users.carol],
			positions: [],
			subGroups: [],
		});
		expect(json[2]).toMatchObject({ error: 'ELMA365 400: a group cannot contain itself' });
		expect(pairingOf(items)).toEqual([{ item: 0 }, { item: 1 }, { item: 2 }]);
	});

	test('validation: every item is checked before any request; the error names the item', async () => {
		const { error } = await t.run({
			nodeType: NODE,
			parameters: members('addMembers'),
			input: [{ json: { groupId, users: [S.users.bob] } }, { json: { groupId, users: ['bob'] } }],
		});
		expect(error?.message).toBe(
			'Invalid "Users (entry 1)" in item 1: expected a UUID such as 3fa85f64-5717-4562-b3fc-2c963f66afa6, got "bob"',
		);
		expect(t.platform.requests).toHaveLength(0);
	});

	test.each([
		[{ groupId: 'x', users: [S.users.bob] }, /Invalid "Group ID" in item 0: expected a UUID/],
		[
			{ groupId: 'this group' },
			/Invalid "Users, Position IDs or Sub-Groups" in item 0: expected at least one member UUID/,
		],
		[{ groupId: 'this group', positions: ['p1'] }, /Invalid "Position IDs" in item 0/],
		[
			{ groupId: 'this group', subGroups: [7] },
			/Invalid "Sub-Groups \(entry 1\)" in item 0: expected a UUID .*, got 7/,
		],
	])('invalid input %j: no request', async (json, message) => {
		const input = [{ json: json.groupId === 'this group' ? { ...json, groupId } : json }];
		const { error } = await t.run({ nodeType: NODE, parameters: members('addMembers'), input });
		expect(error?.message).toMatch(message);
		expect(t.platform.requests).toHaveLength(0);
	});

	test('Continue On Fail with an invalid item: it gets its error, the valid ones still go in one request', async () => {
		const { items } = await t.run({
			nodeType: NODE,
			parameters: members('addMembers'),
			input: [
				{ json: { groupId, users: [S.users.bob] } },
				{ json: { groupId, users: ['bob'] } },
				{ json: { groupId, users: [S.users.carol] } },
			],
			continueOnFail: true,
		});
		expect(t.platform.requests.map((r) => r.body)).toEqual([[S.users.bob, S.users.carol]]);
		const json = jsonOf(items) as Entry[];
		expect(json[0]).toEqual({
			addedItemIds: [S.users.bob],
			groupId,
			users: [S.users.bob],
			positions: [],
			subGroups: [],
		});
		expect(json[1].error).toMatch(/Invalid "Users \(entry 1\)" in item 1/);
		expect(json[2]).toEqual({
			addedItemIds: [S.users.carol],
			groupId,
			users: [S.users.carol],
			positions: [],
			subGroups: [],
		});
		expect(pairingOf(items)).toEqual([{ item: 0 }, { item: 1 }, { item: 2 }]);
	});
});
