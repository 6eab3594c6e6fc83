import { searchList } from '../harness/engine';
import { newId } from '../harness/index.ts';
import { itemsOf } from '../harness/routes/app.ts';
import { SCHEME_SEED } from '../harness/routes/scheme.ts';
import { jsonOf, usePlatform, picked } from '../harness/setup';

const t = usePlatform();
const search = (
	nodeType: string,
	method: string,
	parameters: Record<string, unknown> = {},
	filter?: string,
	paginationToken?: string,
) =>
	searchList({
		nodeType,
		parameters: parameters as never,
		credential: t.credential(),
		method,
		filter,
		paginationToken,
	});

describe('ELMA365 Process', () => {
	beforeAll(() => {
		t.platform
			.collection('processTemplates')
			.set('approval', { __id: newId(), namespace: 'crm', code: 'approval' });
	});

	test('process templates of the chosen section, and of an application for "section.app"', async () => {
		expect(
			await search('elma365Process', 'searchProcessTemplates', { namespace: picked('crm') }),
		).toEqual({
			results: [{ name: 'Approval (approval)', value: 'approval' }],
			paginationToken: undefined,
		});
		expect(
			(
				await search('elma365Process', 'searchProcessTemplates', {
					namespace: picked('crm.deals', 'code'),
				})
			).results,
		).toEqual([{ name: 'Deal review (deal_review)', value: 'deal_review' }]);
		expect(
			(
				await search(
					'elma365Process',
					'searchProcessTemplates',
					{ namespace: picked('hr') },
					'BOARD',
				)
			).results,
		).toEqual([{ name: 'Onboarding (onboarding)', value: 'onboarding' }]);
		expect(t.platform.requests.map((r) => r.path)).toEqual([
			'/pub/v1/scheme/namespaces/crm/processes',
			'/pub/v1/scheme/namespaces/crm/apps/deals/processes',
			'/pub/v1/scheme/namespaces/hr/processes',
		]);
	});

	test.each([
		['picked values', { namespace: picked('crm'), processCode: picked('approval') }],
		[
			'codes typed in the locator',
			{ namespace: picked('crm', 'code'), processCode: picked('approval', 'code') },
		],
	])('start: %s', async (_name, location) => {
		const { items, error } = await t.run({
			nodeType: 'elma365Process',
			parameters: {
				resource: 'process',
				operation: 'start',
				...location,
				fieldsInputMode: 'json',
				fieldsJson: '{"amount": 5}',
			} as never,
		});
		expect(error).toBeUndefined();
		// JSON values read the template's scheme for their types (it lists no context here: as given).
		expect(t.platform.requests.map((r) => [r.method, r.path, r.body])).toEqual([
			['GET', '/pub/v1/scheme/namespaces/crm/processes/approval', undefined],
			['POST', '/pub/v1/bpm/template/crm/approval/run', { context: { amount: 5 } }],
		]);
		expect(jsonOf(items)).toEqual([
			{ instanceId: expect.any(String), context: { amount: 5, __id: expect.any(String) } },
		]);
	});
});

describe('ELMA365 Scheme', () => {
	const added: string[] = [];
	beforeAll(() => {
		for (let i = 0; i < 150; i++) {
			const id = newId();
			added.push(id);
			t.platform.collection('schemeGroups').set(id, {
				__id: id,
				namespace: 'hr',
				code: `team${i}`,
				__name: `Team ${i}`,
				users: [],
				positions: [],
				subGroups: [],
			});
		}
	});
	afterAll(() => {
		for (const id of added) t.platform.collection('schemeGroups').delete(id);
	});

	test('groups page by page; the search text is sent as a name filter', async () => {
		const first = await search('elma365Scheme', 'searchGroups');
		expect(first.results).toHaveLength(100);
		expect(first.results[0]).toEqual({ name: 'Sales (crm)', value: SCHEME_SEED.groups.sales });
		expect(first.paginationToken).toBe('100');
		const second = await search('elma365Scheme', 'searchGroups', {}, undefined, '100');
		expect(second.results.map((r) => r.value)).toEqual(added.slice(96));
		expect(second.paginationToken).toBeUndefined();
		const found = await search('elma365Scheme', 'searchGroups', {}, 'team 14');
		expect(found.results.map((r) => r.name)).toEqual([
			'Team 14 (hr)',
			...Array.from({ length: 10 }, (_, i) => `Team ${140 + i} (hr)`),
		]);
		expect(t.platform.requests.map((r) => [r.method, r.path, r.body])).toEqual([
			['POST', '/pub/v1/scheme/groups/list', { from: 0, size: 100 }],
			['POST', '/pub/v1/scheme/groups/list', { from: 100, size: 100 }],
			[
				'POST',
				'/pub/v1/scheme/groups/list',
				{ filter: { tf: { __name: 'team 14' } }, from: 0, size: 1000 },
			],
		]);
	});

	test('sections and their applications for the scheme reads', async () => {
		expect((await search('elma365Scheme', 'searchNamespaces', {}, 'hr')).results).toEqual([
			{ name: 'HR (hr)', value: 'hr' },
		]);
		expect(
			(
				await search('elma365Scheme', 'searchApplications', {
					resource: 'application',
					operation: 'get',
					namespace: picked('hr'),
				})
			).results,
		).toEqual([{ name: 'Employees (employees)', value: 'employees' }]);
	});

	test('a group picked from the list and a group ID typed in the locator address the same group', async () => {
		for (const groupId of [
			picked(SCHEME_SEED.groups.managers),
			picked(SCHEME_SEED.groups.managers, 'id'),
		]) {
			const { error } = await t.run({
				nodeType: 'elma365Scheme',
				parameters: { resource: 'group', operation: 'get', groupId } as never,
			});
			expect(error).toBeUndefined();
		}
		const app = await t.run({
			nodeType: 'elma365Scheme',
			parameters: {
				resource: 'application',
				operation: 'get',
				namespace: picked('crm'),
				application: picked('deals', 'code'),
			} as never,
		});
		expect(app.error).toBeUndefined();
		expect(t.platform.requests.map((r) => r.path)).toEqual([
			`/pub/v1/scheme/groups/${SCHEME_SEED.groups.managers}`,
			`/pub/v1/scheme/groups/${SCHEME_SEED.groups.managers}`,
			'/pub/v1/scheme/namespaces/crm/apps/deals',
		]);
	});
});

describe('ELMA365 Contract and Report', () => {
	test('contract create with picked section and application, or their codes typed in the locators', async () => {
		for (const location of [
			{ namespace: picked('crm'), application: picked('deals') },
			{ namespace: picked('crm', 'code'), application: picked('deals', 'code') },
		]) {
			const { error } = await t.run({
				nodeType: 'elma365Contract',
				parameters: {
					resource: 'item',
					operation: 'create',
					...location,
					fieldsInputMode: 'json',
					fieldsJson: '{"__name": "C"}',
				} as never,
			});
			expect(error).toBeUndefined();
		}
		// Each run reads the scheme for the JSON's field types, then creates.
		const run = [
			['/pub/v1/scheme/namespaces/crm/apps/deals', undefined],
			['/pub/v1/contracts/crm/deals/create', { context: { __name: 'C' } }],
		];
		expect(t.platform.requests.map((r) => [r.path, r.body])).toEqual([...run, ...run]);
	});

	// The report picker's own list is tested in test/Elma365Report/reportPicker.test.ts.
	test('report list with a picked report', async () => {
		const id = newId();
		itemsOf(t.platform, 'reports', 'crm', 'deals').set(id, { __id: id, __name: 'Row' });
		const { items, error } = await t.run({
			nodeType: 'elma365Report',
			parameters: {
				resource: 'item',
				operation: 'getAll',
				namespace: picked('crm'),
				report: picked('deals'),
				returnAll: true,
			} as never,
		});
		expect(error).toBeUndefined();
		expect(jsonOf(items)).toEqual([{ __id: id, __name: 'Row' }]);
	});
});
