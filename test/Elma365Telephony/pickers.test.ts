import { searchList } from '../harness/engine';
import { fail, newId } from '../harness/index.ts';
import { jsonOf, usePlatform, picked } from '../harness/setup';

const t = usePlatform();
const search = (method: string, filter?: string, paginationToken?: string) =>
	searchList({
		nodeType: 'elma365Telephony',
		parameters: { resource: 'binding', operation: 'update' },
		credential: t.credential(),
		method,
		filter,
		paginationToken,
	});

const path = '/pub/v1/integration/voip_main/voip/bindings';
const alice = newId();
const bob = newId();

beforeEach(() => {
	t.platform
		.collection('voipModules')
		.set('voip_main', { enabled: true, bindings: [{ extension: '101', userId: alice }] });
});

describe('module picker', () => {
	const pbx = newId();
	beforeAll(() => {
		// A module whose integration code differs from its id: the picker gives the code.
		t.platform
			.collection('schemeModules')
			.set(pbx, { id: pbx, code: 'voip_main', name: 'Office PBX', enabled: true });
	});
	afterAll(() => t.platform.collection('schemeModules').delete(pbx));

	test('modules from the scheme, shown as "Name (code)", valued by code (by id where a module has no code)', async () => {
		expect(await search('searchModuleCodes')).toEqual({
			results: [
				{ name: 'Telephony (telephony)', value: 'telephony' },
				{ name: 'Mail (mail)', value: 'mail' },
				{ name: 'Office PBX (voip_main)', value: 'voip_main' },
			],
			paginationToken: undefined,
		});
		expect((await search('searchModuleCodes', 'pbx')).results).toEqual([
			{ name: 'Office PBX (voip_main)', value: 'voip_main' },
		]);
		expect(t.platform.requests.map((r) => [r.method, r.path, r.query, r.body])).toEqual([
			['GET', '/pub/v1/scheme/modules', {}, undefined],
			['GET', '/pub/v1/scheme/modules', {}, undefined],
		]);
	});

	test('a key that may not list modules gets a readable message', async () => {
		t.platform.script('GET', '/pub/v1/scheme/modules', fail(403, 'access denied'));
		await expect(search('searchModuleCodes')).rejects.toThrow(
			'ELMA365: the credential may not list modules (HTTP 403)',
		);
	});
});

describe('user picker in the bindings', () => {
	const users = Array.from({ length: 130 }, (_, i) => ({
		__id: newId(),
		__name: `User ${i}`,
		email: `user${i}@example.com`,
	}));
	const nameless = {
		__id: newId(),
		fullname: { firstname: 'Ivan', middlename: 'P.', lastname: 'Petrov' },
		email: 'ivan@example.com',
	};
	beforeAll(() => {
		for (const user of [...users, nameless]) t.platform.collection('users').set(user.__id, user);
	});

	test('users page by page, shown with full name and email, valued by id; the search text is a name filter on the platform', async () => {
		const first = await search('searchUsers');
		expect(first.results).toHaveLength(100);
		expect(first.results[0]).toEqual({ name: 'User 0 (user0@example.com)', value: users[0].__id });
		expect(first.paginationToken).toBe('100');
		const second = await search('searchUsers', undefined, '100');
		expect(second.results.map((r) => r.value)).toEqual([
			...users.slice(100).map((u) => u.__id),
			nameless.__id,
		]);
		expect(second.results.at(-1)).toEqual({
			name: 'Ivan P. Petrov (ivan@example.com)',
			value: nameless.__id,
		});
		expect(second.paginationToken).toBeUndefined();
		const found = await search('searchUsers', 'user 129');
		expect(found).toEqual({
			results: [{ name: 'User 129 (user129@example.com)', value: users[129].__id }],
			paginationToken: undefined,
		});
		expect(t.platform.requests.map((r) => [r.method, r.path, r.body])).toEqual([
			['POST', '/pub/v1/user/list', { from: 0, size: 100 }],
			['POST', '/pub/v1/user/list', { from: 100, size: 100 }],
			[
				'POST',
				'/pub/v1/user/list',
				{ filter: { tf: { __name: 'user 129' } }, from: 0, size: 1000 },
			],
		]);
	});

	test('a key that may not list users gets a readable message', async () => {
		t.platform.script('POST', '/pub/v1/user/list', fail(403, 'access denied'));
		await expect(search('searchUsers')).rejects.toThrow(
			'ELMA365: the credential may not list users (HTTP 403)',
		);
	});
});

describe('operations with picked values', () => {
	test('get with a module picked from the list, and typed as a code', async () => {
		for (const moduleCode of [picked('voip_main'), picked('voip_main', 'code')]) {
			const { items, error } = await t.run({
				nodeType: 'elma365Telephony',
				parameters: { resource: 'binding', operation: 'get', moduleCode } as never,
			});
			expect(error).toBeUndefined();
			expect(jsonOf(items)).toEqual([{ bindings: [{ extension: '101', userId: alice }] }]);
		}
		expect(t.platform.requests.map((r) => [r.method, r.path, r.query, r.body])).toEqual([
			['GET', path, {}, undefined],
			['GET', path, {}, undefined],
		]);
	});

	test('update with users picked from the list and typed by ID, merged with the JSON bindings', async () => {
		const { items, error } = await t.run({
			nodeType: 'elma365Telephony',
			parameters: {
				resource: 'binding',
				operation: 'update',
				moduleCode: picked('voip_main'),
				mode: 'merge',
				bindings: {
					binding: [
						{ extension: '102', userId: picked(bob) },
						{ extension: '103', userId: picked(` ${alice} `, 'id') },
					],
				},
				bindingsJson: `{"104": "${bob}"}`,
			} as never,
		});
		expect(error).toBeUndefined();
		const expected = [
			{ extension: '101', userId: alice },
			{ extension: '102', userId: bob },
			{ extension: '103', userId: alice },
			{ extension: '104', userId: bob },
		];
		expect(t.platform.requests.map((r) => [r.method, r.path, r.body])).toEqual([
			['GET', path, undefined],
			['PUT', path, { bindings: expected }],
		]);
		expect(jsonOf(items)).toEqual([{ bindings: expected }]);
	});

	test('a user expression in the picker that is not a UUID fails before any request', async () => {
		const { error } = await t.run({
			nodeType: 'elma365Telephony',
			parameters: {
				resource: 'binding',
				operation: 'update',
				moduleCode: picked('voip_main'),
				mode: 'replace',
				bindings: { binding: [{ extension: '102', userId: picked('={{ "ivan" }}', 'id') }] },
			} as never,
		});
		expect(error?.message).toMatch(
			/Invalid "Bindings \(entry 1\) > User ID" in item 0: expected a UUID.*got "ivan"/,
		);
		expect(t.platform.requests).toHaveLength(0);
	});
});
