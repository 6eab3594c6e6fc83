/** Group operations with a body: create, update, and batched membership changes. */
import { ok } from '../harness/index.ts';
import { SCHEME_SEED as S } from '../harness/routes/scheme.ts';
import type { Parameters } from '../harness/setup';
import { jsonOf, pairingOf, usePlatform } from '../harness/setup';

const t = usePlatform();
const NODE = 'elma365Scheme';
type Entry = Record<string, unknown>;

const groups = () => t.platform.collection('schemeGroups');
const wire = () => t.platform.requests.map((r) => [r.method, r.path, r.query, r.headers.authorization, r.body]);
const auth = () => `Bearer ${t.platform.apiKey}`;

/** A group of its own for each test, so tests never depend on each other's changes. */
let groupId: string;
let otherId: string;
let counter = 0;
beforeEach(() => {
	counter += 1;
	groupId = `5a000000-0000-4000-8000-${String(counter).padStart(12, '0')}`;
	otherId = `5b000000-0000-4000-8000-${String(counter).padStart(12, '0')}`;
	groups().set(groupId, { __id: groupId, namespace: 'crm', code: `g${counter}`, name: 'Group', description: '', users: [S.users.alice], positions: [], subGroups: [] });
	groups().set(otherId, { __id: otherId, namespace: 'crm', code: `o${counter}`, name: 'Other', description: '', users: [], positions: [], subGroups: [] });
});
afterEach(() => {
	groups().delete(groupId);
	groups().delete(otherId);
});

describe('group create and update', () => {
	test('create posts name, the added fields and the JSON fields to the section', async () => {
		const { items, error } = await t.run({
			nodeType: NODE,
			parameters: {
				resource: 'group',
				operation: 'create',
				namespace: 'crm',
				name: ' Key accounts ',
				additionalFields: { code: 'key_accounts', description: 'Top customers' },
				fieldsJson: '{"type": "group"}',
			},
		});
		expect(error).toBeUndefined();
		const body = { name: 'Key accounts', code: 'key_accounts', description: 'Top customers', type: 'group' };
		expect(wire()).toEqual([['POST', '/pub/v1/scheme/namespaces/crm/groups', {}, auth(), body]]);
		expect(t.platform.requests[0].headers['content-type']).toMatch(/^application\/json/);
		const created = jsonOf(items)[0] as Entry;
		expect(created).toEqual({ ...body, __id: created.__id, namespace: 'crm', users: [], positions: [], subGroups: [] });
		expect(pairingOf(items)).toEqual([{ item: 0 }]);
		groups().delete(created.__id as string);
	});

	test('create in an unknown section and with a taken code fail with the platform text', async () => {
		const missing = await t.run({ nodeType: NODE, parameters: { resource: 'group', operation: 'create', namespace: 'nowhere', name: 'X' } });
		expect(missing.error?.message).toBe('ELMA365 404: namespace nowhere not found');
		const taken = await t.run({ nodeType: NODE, parameters: { resource: 'group', operation: 'create', namespace: 'crm', name: 'X', additionalFields: { code: 'sales' } } });
		expect(taken.error?.message).toBe('ELMA365 400: group with code "sales" already exists');
		expect(taken.error?.httpCode).toBe('400');
	});

	test('update puts only the fields given', async () => {
		const { items } = await t.run({
			nodeType: NODE,
			parameters: { resource: 'group', operation: 'update', groupId, updateFields: { name: 'Renamed', description: '' } },
		});
		expect(wire()).toEqual([['PUT', `/pub/v1/scheme/groups/${groupId}`, {}, auth(), { name: 'Renamed', description: '' }]]);
		expect(jsonOf(items)).toEqual([{ ...groups().get(groupId), name: 'Renamed', description: '' }]);
	});

	test('update of an unknown group: 404 with the platform text', async () => {
		const unknown = '5f000000-0000-4000-8000-00000000f404';
		const { error } = await t.run({ nodeType: NODE, parameters: { resource: 'group', operation: 'update', groupId: unknown, fieldsJson: '{"name": "x"}' } });
		expect(error?.message).toBe(`ELMA365 404: group ${unknown} not found`);
	});

	test.each([
		[{ operation: 'create', namespace: 'crm', name: '={{ " " }}' }, /Invalid "Name" in item 0: expected a non-empty text/],
		[{ operation: 'create', namespace: '={{ "" }}', name: 'X' }, /Invalid "Section Code" in item 0/],
		[{ operation: 'create', namespace: 'crm', name: 'X', fieldsJson: 'not json' }, /Invalid "Additional Fields \(JSON\)" in item 0: expected a JSON object/],
		[{ operation: 'update', groupId: 'abc', updateFields: { name: 'X' } }, /Invalid "Group ID" in item 0: expected a UUID/],
		[{ operation: 'update', groupId: S.groups.sales }, /Invalid "Update Fields" in item 0: expected at least one field to change/],
		[{ operation: 'update', groupId: S.groups.sales, updateFields: { code: '' } }, /Invalid "Code" in item 0: expected a non-empty text/],
	])('%j: a clear error and no request', async (parameters, message) => {
		const { error } = await t.run({ nodeType: NODE, parameters: { resource: 'group', ...parameters } as Parameters });
		expect(error?.message).toMatch(message);
		expect(t.platform.requests).toHaveLength(0);
	});
});

const members = (operation: 'addMembers' | 'removeMembers', parameters: Parameters = {}): Parameters => ({
	resource: 'group',
	operation,
	groupId: '={{ $json.groupId }}',
	userIds: '={{ $json.users }}',
	positionIds: '={{ $json.positions }}',
	subGroupIds: '={{ $json.subGroups }}',
	...parameters,
});

describe('group membership', () => {
	test('addMembers: N input items for one group make one request and N paired outputs', async () => {
		const { items, error } = await t.run({
			nodeType: NODE,
			parameters: members('addMembers'),
			input: [
				{ json: { groupId, users: [S.users.bob] } },
				{ json: { groupId, users: `${S.users.carol}, ${S.users.bob}`, positions: S.positions.accountant } },
				{ json: { groupId, subGroups: [S.groups.managers] } },
			],
		});
		expect(error).toBeUndefined();
		expect(wire()).toEqual([
			['POST', `/pub/v1/scheme/groups/${groupId}/add-items`, {}, auth(), {
				users: [S.users.bob, S.users.carol],
				positions: [S.positions.accountant],
				subGroups: [S.groups.managers],
			}],
		]);
		expect(jsonOf(items)).toEqual([
			{ groupId, users: [S.users.bob], positions: [], subGroups: [] },
			{ groupId, users: [S.users.carol, S.users.bob], positions: [S.positions.accountant], subGroups: [] },
			{ groupId, users: [], positions: [], subGroups: [S.groups.managers] },
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
			['POST', `/pub/v1/scheme/groups/${groupId}/add-items`, { users: [S.users.bob, S.users.carol] }],
			['POST', `/pub/v1/scheme/groups/${otherId}/add-items`, { users: [S.users.bob] }],
		]);
		expect((jsonOf(items) as Entry[]).map((item) => item.groupId)).toEqual([groupId, otherId, groupId]);
		expect(pairingOf(items)).toEqual([{ item: 0 }, { item: 1 }, { item: 2 }]);
	});

	test('removeMembers posts to remove-items', async () => {
		groups().set(groupId, { ...groups().get(groupId), users: [S.users.alice, S.users.bob], positions: [S.positions.salesHead] });
		const { items } = await t.run({
			nodeType: NODE,
			parameters: members('removeMembers'),
			input: [{ json: { groupId, users: [S.users.alice] } }, { json: { groupId, positions: [S.positions.salesHead] } }],
		});
		expect(wire()).toEqual([
			['POST', `/pub/v1/scheme/groups/${groupId}/remove-items`, {}, auth(), { users: [S.users.alice], positions: [S.positions.salesHead] }],
		]);
		expect(pairingOf(items)).toEqual([{ item: 0 }, { item: 1 }]);
		expect(groups().get(groupId)).toMatchObject({ users: [S.users.bob], positions: [] });
	});

	test('Body (JSON) is merged over the lists, for installations with another body shape', async () => {
		const path = `/pub/v1/scheme/groups/${groupId}/add-items`;
		t.platform.script('POST', path, ok());
		const { items } = await t.run({
			nodeType: NODE,
			parameters: members('addMembers', { options: { body: '={{ JSON.stringify({ items: [{ id: $json.users[0], type: "user" }] }) }}' } }),
			input: [{ json: { groupId, users: [S.users.bob] } }, { json: { groupId, users: [S.users.carol] } }],
		});
		expect(t.platform.requests.map((r) => r.body)).toEqual([
			{ users: [S.users.bob, S.users.carol], items: [{ id: S.users.bob, type: 'user' }, { id: S.users.carol, type: 'user' }] },
		]);
		expect(items).toHaveLength(2);
	});

	test('an unknown group (404) and an unknown member (400) fail with the platform text', async () => {
		const unknown = '5f000000-0000-4000-8000-0000000f0404';
		const missing = await t.run({ nodeType: NODE, parameters: members('addMembers'), input: [{ json: { groupId: unknown, users: [S.users.bob] } }] });
		expect(missing.error?.message).toBe(`ELMA365 404: group ${unknown} not found`);
		expect(missing.error?.httpCode).toBe('404');
		const stranger = '5f000000-0000-4000-8000-00000000057a';
		const bad = await t.run({ nodeType: NODE, parameters: members('removeMembers'), input: [{ json: { groupId, users: [stranger] } }] });
		expect(bad.error?.message).toBe(`ELMA365 400: user ${stranger} not found`);
		expect(bad.error?.httpCode).toBe('400');
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
		expect(json[0]).toMatchObject({ error: 'ELMA365 400: a group cannot contain itself', httpCode: '400' });
		expect(json[1]).toEqual({ groupId: otherId, users: [S.users.carol], positions: [], subGroups: [] });
		expect(json[2]).toMatchObject({ error: 'ELMA365 400: a group cannot contain itself' });
		expect(pairingOf(items)).toEqual([{ item: 0 }, { item: 1 }, { item: 2 }]);
	});

	test('validation: every item is checked before any request; the error names the item', async () => {
		const { error } = await t.run({
			nodeType: NODE,
			parameters: members('addMembers'),
			input: [{ json: { groupId, users: [S.users.bob] } }, { json: { groupId, users: ['bob'] } }],
		});
		expect(error?.message).toBe('Invalid "User IDs" in item 1: expected a UUID such as 3fa85f64-5717-4562-b3fc-2c963f66afa6, got "bob"');
		expect(t.platform.requests).toHaveLength(0);
	});

	test.each([
		[{ groupId: 'x', users: [S.users.bob] }, /Invalid "Group ID" in item 0: expected a UUID/],
		[{ groupId: 'this group' }, /Invalid "User IDs, Position IDs or Sub-Group IDs" in item 0: expected at least one member UUID/],
		[{ groupId: 'this group', positions: ['p1'] }, /Invalid "Position IDs" in item 0/],
		[{ groupId: 'this group', subGroups: [7] }, /Invalid "Sub-Group IDs" in item 0: expected a UUID .*, got 7/],
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
			input: [{ json: { groupId, users: [S.users.bob] } }, { json: { groupId, users: ['bob'] } }, { json: { groupId, users: [S.users.carol] } }],
			continueOnFail: true,
		});
		expect(t.platform.requests.map((r) => r.body)).toEqual([{ users: [S.users.bob, S.users.carol] }]);
		const json = jsonOf(items) as Entry[];
		expect(json[0]).toEqual({ groupId, users: [S.users.bob], positions: [], subGroups: [] });
		expect(json[1].error).toMatch(/Invalid "User IDs" in item 1/);
		expect(json[2]).toEqual({ groupId, users: [S.users.carol], positions: [], subGroups: [] });
		expect(pairingOf(items)).toEqual([{ item: 0 }, { item: 1 }, { item: 2 }]);
	});
});
