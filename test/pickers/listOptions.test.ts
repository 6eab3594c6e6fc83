import type { INodeProperties } from 'n8n-workflow';
import { loadOptions, loadPackage } from '../harness/engine';
import { fail, newId } from '../harness/index.ts';
import { PollStore, pollNode } from '../harness/poll';
import { DEFAULT_STATUSES, itemsOf } from '../harness/routes/app.ts';
import { jsonOf, usePlatform, picked } from '../harness/setup';
import { MAX_PAGE_SIZE } from '../../nodes/shared/lists/pager';

/**
 * The list options of App, Contract and Report Get Many and the App Trigger's table filter: field
 * codes, statuses and the status group picked from the application's scheme and status settings.
 * Nodes whose lists have no application scheme keep typed field codes.
 */
const t = usePlatform();
const [OPEN, CLOSED] = DEFAULT_STATUSES.groupItems.map((group) => group.id);

const ORDER_FIELDS = [
	{ code: '__name', type: 'STRING', required: true, view: { name: 'Name' } },
	{ code: 'price', type: 'FLOAT', required: false, view: { name: 'Price' } },
	{ code: 'due', type: 'DATETIME', required: false, view: {} },
	{ code: '__createdAt', type: 'DATETIME', required: false, view: { name: 'Created' } },
];

/** What the dropdowns offer for ORDER_FIELDS: the scheme's fields, then the system fields it leaves out. */
const ORDER_OPTIONS = [
	{ name: 'Name (__name)', value: '__name', description: 'Type: STRING' },
	{ name: 'Price (price)', value: 'price', description: 'Type: FLOAT' },
	{ name: 'due', value: 'due', description: 'Type: DATETIME' },
	{ name: 'Created (__createdAt)', value: '__createdAt', description: 'Type: DATETIME' },
	{ name: 'ID (__id)', value: '__id', description: 'System field' },
	{ name: 'Created By (__createdBy)', value: '__createdBy', description: 'System field' },
	{ name: 'Updated At (__updatedAt)', value: '__updatedAt', description: 'System field' },
	{ name: 'Updated By (__updatedBy)', value: '__updatedBy', description: 'System field' },
	{ name: 'Deleted At (__deletedAt)', value: '__deletedAt', description: 'System field' },
	{ name: 'Status (__status)', value: '__status', description: 'System field' },
	{ name: 'Index (__index)', value: '__index', description: 'System field' },
	{ name: 'Version (__version)', value: '__version', description: 'System field' },
	{ name: 'External ID (__externalId)', value: '__externalId', description: 'System field' },
];

const CONTRACT_STATUSES = {
	statusItems: [
		{ id: 1, name: 'Draft', code: 'draft', groupId: 'c0000000-0000-4000-8000-0000000000a1' },
		{ id: 2, name: 'Signed', code: 'signed', groupId: 'c0000000-0000-4000-8000-0000000000a2' },
		{ id: 3, name: 'Archived', code: 'archived' },
	],
	groupItems: [
		{ id: 'c0000000-0000-4000-8000-0000000000a1', code: 'work', name: 'In work' },
		{ id: 'c0000000-0000-4000-8000-0000000000a2', code: 'done', name: 'Done' },
	],
};

beforeAll(() => {
	const apps = t.platform.collection('schemeApps');
	apps.set('crm/orders', {
		namespace: 'crm',
		code: 'orders',
		name: 'Orders',
		fields: ORDER_FIELDS,
	});
	apps.set('crm/agreements', {
		namespace: 'crm',
		code: 'agreements',
		name: 'Agreements',
		fields: [ORDER_FIELDS[1]],
	});
	apps.set('crm/sales_report', {
		namespace: 'crm',
		code: 'sales_report',
		name: 'Sales report',
		fields: [{ code: 'region', type: 'STRING', view: { name: 'Region' } }],
	});
	t.platform.collection('appStatuses').set('crm/agreements', CONTRACT_STATUSES);
});

/** Each node, the parameter holding its application, and what its dropdowns read from it. */
const NODES = {
	app: {
		nodeType: 'elma365App',
		parameter: 'application',
		code: 'orders',
		noun: 'application',
		prefix: 'app',
	},
	contract: {
		nodeType: 'elma365Contract',
		parameter: 'application',
		code: 'agreements',
		noun: 'contract application',
		prefix: 'contracts',
	},
	report: {
		nodeType: 'elma365Report',
		parameter: 'report',
		code: 'sales_report',
		noun: 'report',
		prefix: 'reports',
	},
};
type NodeKey = keyof typeof NODES;

const located = (node: NodeKey) => ({
	namespace: picked('crm'),
	[NODES[node].parameter]: picked(NODES[node].code),
});
const load = (node: NodeKey, method: string, parameters: Record<string, unknown> = located(node)) =>
	loadOptions({
		nodeType: NODES[node].nodeType,
		parameters: parameters as never,
		credential: t.credential(),
		method,
	});

describe('field code dropdowns', () => {
	test("App: the application's fields by name and code, then the system fields the scheme leaves out", async () => {
		expect(await load('app', 'getFieldCodes')).toEqual(ORDER_OPTIONS);
		expect(t.platform.requests.map((r) => [r.method, r.path, r.query])).toEqual([
			['GET', '/pub/v1/scheme/namespaces/crm/apps/orders', {}],
		]);
	});

	test('Contract reads its application, Report its report parameter, from the same scheme endpoint', async () => {
		const contract = await load('contract', 'getFieldCodes', {
			namespace: picked('crm', 'code'),
			application: picked('agreements', 'code'),
		});
		expect(contract.slice(0, 3)).toEqual([
			{ name: 'Price (price)', value: 'price', description: 'Type: FLOAT' },
			{ name: 'ID (__id)', value: '__id', description: 'System field' },
			{ name: 'Name (__name)', value: '__name', description: 'System field' },
		]);
		expect(contract).toHaveLength(12);
		const report = await load('report', 'getFieldCodes');
		expect(report.map((option) => option.value)).toEqual([
			'region',
			'__id',
			'__name',
			'__createdAt',
			'__createdBy',
			'__updatedAt',
			'__updatedBy',
			'__deletedAt',
			'__status',
			'__index',
			'__version',
			'__externalId',
		]);
		expect(t.platform.requests.map((r) => [r.method, r.path])).toEqual([
			['GET', '/pub/v1/scheme/namespaces/crm/apps/agreements'],
			['GET', '/pub/v1/scheme/namespaces/crm/apps/sales_report'],
		]);
	});

	test('the App Trigger offers the fields of its application', async () => {
		const options = await load('app', 'getFieldCodes', { event: 'newItem', ...located('app') });
		const trigger = await loadOptions({
			nodeType: 'elma365AppTrigger',
			parameters: { event: 'updatedItem', ...located('app') } as never,
			credential: t.credential(),
			method: 'getFieldCodes',
		});
		expect(trigger).toEqual(options);
	});
});

describe('status dropdowns', () => {
	test('App: statuses valued by code (with their group), status groups valued by id (with their statuses)', async () => {
		expect(await load('app', 'getStatuses')).toEqual([
			{ name: 'New', value: 'new', description: 'Group: Open' },
			{ name: 'In progress', value: 'in_progress', description: 'Group: Open' },
			{ name: 'Done', value: 'done', description: 'Group: Closed' },
		]);
		expect(await load('app', 'getStatusGroups')).toEqual([
			{ name: 'Open', value: OPEN, description: 'Statuses: New, In progress' },
			{ name: 'Closed', value: CLOSED, description: 'Statuses: Done' },
		]);
		expect(t.platform.requests.map((r) => [r.method, r.path])).toEqual([
			['GET', '/pub/v1/app/crm/orders/settings/status'],
			['GET', '/pub/v1/app/crm/orders/settings/status'],
		]);
	});

	test('Contract lists have no statuses (their body has none): no status dropdowns are registered', async () => {
		await expect(load('contract', 'getStatuses')).rejects.toThrow(
			'No loadOptions method getStatuses',
		);
		await expect(load('contract', 'getStatusGroups')).rejects.toThrow(
			'No loadOptions method getStatusGroups',
		);
	});

	test('Report lists have no statuses: no status dropdowns are registered', async () => {
		await expect(load('report', 'getStatuses')).rejects.toThrow(
			'No loadOptions method getStatuses',
		);
	});
});

describe('dropdowns are empty until the section and the application are chosen', () => {
	test.each([
		['app', 'getFieldCodes'],
		['app', 'getStatuses'],
		['app', 'getStatusGroups'],
		['contract', 'getFieldCodes'],
		['report', 'getFieldCodes'],
	] as Array<[NodeKey, string]>)('%s %s', async (node, method) => {
		const { parameter, code } = NODES[node];
		await expect(load(node, method, { [parameter]: picked(code) })).resolves.toEqual([]);
		await expect(load(node, method, { namespace: picked('crm') })).resolves.toEqual([]);
		expect(t.platform.requests).toHaveLength(0);
	});
});

describe('a key that may not read the scheme or the statuses', () => {
	test.each([
		[
			'app',
			'getFieldCodes',
			'GET',
			'/pub/v1/scheme/namespaces/crm/apps/orders',
			'the fields of application "crm.orders"',
		],
		[
			'report',
			'getFieldCodes',
			'GET',
			'/pub/v1/scheme/namespaces/crm/apps/sales_report',
			'the fields of report "crm.sales_report"',
		],
		[
			'app',
			'getStatusGroups',
			'GET',
			'/pub/v1/app/crm/orders/settings/status',
			'the statuses of application "crm.orders"',
		],
	] as Array<[NodeKey, string, string, string, string]>)(
		'%s %s',
		async (node, method, httpMethod, path, what) => {
			t.platform.script(httpMethod, path, fail(403, 'access denied'));
			await expect(load(node, method)).rejects.toThrow(
				`ELMA365: the credential may not list ${what} (HTTP 403)`,
			);
		},
	);
});

/** Options as the dropdowns store them: field codes as strings, fields and statuses as arrays. */
const PICKED_OPTIONS = {
	sort: {
		rule: [
			{ field: '__createdAt', ascending: false },
			{ field: 'price', ascending: true },
		],
	},
	tableFilter: {
		match: [{ field: '__name', value: 'deal' }],
		range: [{ field: 'due', min: '2026-01-01T00:00:00Z', max: '' }],
	},
};
const BODY = {
	filter: { tf: { __name: 'deal', due: { min: '2026-01-01T00:00:00Z', max: null } } },
	sortExpressions: [
		{ field: '__createdAt', ascending: false },
		{ field: 'price', ascending: true },
	],
	from: 0,
	size: MAX_PAGE_SIZE,
};

async function getMany(
	node: NodeKey,
	location: Record<string, unknown>,
	options: Record<string, unknown>,
) {
	const { nodeType, prefix, code } = NODES[node];
	const id = newId();
	itemsOf(t.platform, prefix, 'crm', code).set(id, { __id: id, __name: 'Deal' });
	const result = await t.run({
		nodeType,
		parameters: {
			resource: 'item',
			operation: 'getAll',
			...location,
			returnAll: true,
			options,
		} as never,
	});
	itemsOf(t.platform, prefix, 'crm', code).delete(id);
	expect(result.error).toBeUndefined();
	expect(jsonOf(result.items)).toEqual([{ __id: id, __name: 'Deal' }]);
	return t.platform.requests.map((r) => [r.method, r.path, r.body]);
}

/**
 * What each list's documented body can carry (vendor pages applist, contractslist, reportslist): app
 * lists all of it; contract lists no fields or statuses; report lists a table filter and sort entries
 * `{column, ascend}` only. Options the endpoint cannot take are refused (tests in each node's suite).
 * The fields to return are Output > Selected Fields (test/Elma365App/itemOutput.test.ts).
 */
function sendable(node: NodeKey, options: Record<string, unknown>): Record<string, unknown> {
	if (node === 'app') return options;
	const { statusCodes: _codes, statusGroupId: _group, ...rest } = options;
	return rest;
}
function documentedBody(node: NodeKey, body: Record<string, unknown>): Record<string, unknown> {
	if (node !== 'report') return body;
	const sort = body.sortExpressions as Array<{ field: string; ascending: boolean }>;
	return {
		...body,
		sortExpressions: sort.map((rule) => ({ column: rule.field, ascend: rule.ascending })),
	};
}

describe('Get Many with picked options sends the documented list body', () => {
	test.each([
		[
			'app',
			{ statusCodes: ['new', 'done'], statusGroupId: OPEN },
			{ statusCode: ['new', 'done'], statusGroupId: OPEN },
		],
		['contract', {}, {}],
		['report', {}, {}],
	] as Array<[NodeKey, Record<string, unknown>, Record<string, unknown>]>)(
		'%s',
		async (node, status, sent) => {
			const { prefix, code } = NODES[node];
			expect(
				await getMany(node, located(node), sendable(node, { ...PICKED_OPTIONS, ...status })),
			).toEqual([
				['POST', `/pub/v1/${prefix}/crm/${code}/list`, documentedBody(node, { ...BODY, ...sent })],
			]);
		},
	);

	test('a status list from an expression may still be comma-separated text', async () => {
		const requests = await getMany('app', located('app'), { statusCodes: 'new, in_progress' });
		expect(requests.map(([, , body]) => body)).toEqual([
			{ statusCode: ['new', 'in_progress'], from: 0, size: MAX_PAGE_SIZE },
		]);
	});
});

type Description = { version: number; properties: INodeProperties[] };
async function descriptionOf(nodeType: string): Promise<Description> {
	const loader = await loadPackage();
	return (loader.nodeTypes[nodeType].type as unknown as { description: Description }).description;
}
const byName = (options: INodeProperties['options']) =>
	Object.fromEntries((options as INodeProperties[]).map((option) => [option.name, option]));
const fieldOf = (collection: INodeProperties, option: string, group: string) =>
	((
		byName(collection.options)[option].options as Array<{ name: string; values: INodeProperties[] }>
	).find((g) => g.name === group)?.values ?? [])[0];
/** The field inputs of a list's sort rules and table filter conditions. */
const fieldInputs = (collection: INodeProperties) => [
	...(byName(collection.options).sort ? [fieldOf(collection, 'sort', 'rule')] : []),
	fieldOf(collection, 'tableFilter', 'match'),
	fieldOf(collection, 'tableFilter', 'range'),
];
/** The Options collections of a node's Get Many operations, or a trigger's Options. */
const listOptionsOf = (description: Description) =>
	description.properties.filter(
		(p) =>
			p.name === 'options' &&
			(p.displayOptions === undefined || p.displayOptions.show?.operation?.includes('getAll')),
	);

describe('descriptions', () => {
	const ITEM_OPTIONS = [
		'active',
		'body',
		'eql',
		'ids',
		'sort',
		'statusCodes',
		'statusGroupId',
		'tableFilter',
	];
	test.each([
		['elma365App', 'application', ITEM_OPTIONS],
		// The contract list body has no statuses (test/Elma365Contract).
		['elma365Contract', 'application', ITEM_OPTIONS.filter((name) => !name.startsWith('status'))],
		// A report list takes only a table filter and sort entries (test/Elma365Report).
		['elma365Report', 'report', ['body', 'sort', 'tableFilter']],
	])(
		'%s: Get Many picks its field codes, statuses and status group from the application',
		async (nodeType, parameter, names) => {
			const description = await descriptionOf(nodeType);
			expect(description.version).toBe(1);
			const options = listOptionsOf(description);
			expect(options.map((p) => p.displayOptions?.show)).toEqual([
				{ resource: ['item'], operation: ['getAll'] },
			]);

			const [pickers] = options;
			const dependsOn = ['namespace.value', `${parameter}.value`];
			const option = byName(pickers.options);
			expect(Object.keys(option).sort()).toEqual(names);
			const labels = (pickers.options as INodeProperties[]).map((o) => o.displayName);
			expect(labels).toEqual([...labels].sort());
			for (const field of fieldInputs(pickers)) {
				expect([field.name, field.type, field.typeOptions]).toEqual([
					'field',
					'options',
					{ loadOptionsMethod: 'getFieldCodes', loadOptionsDependsOn: dependsOn },
				]);
			}
			expect(fieldOf(pickers, 'sort', 'rule').default).toBe('__createdAt');
			// The fields to return are Output > Selected Fields, not an option.
			expect(option.fields).toBeUndefined();
			if (nodeType !== 'elma365App') {
				expect(option.statusCodes).toBeUndefined();
				return;
			}
			expect([option.statusCodes.type, option.statusCodes.typeOptions?.loadOptionsMethod]).toEqual([
				'multiOptions',
				'getStatuses',
			]);
			expect([
				option.statusGroupId.type,
				option.statusGroupId.typeOptions?.loadOptionsMethod,
			]).toEqual(['options', 'getStatusGroups']);
		},
	);

	test.each([
		['elma365User', ['body', 'ids', 'sort', 'tableFilter']],
		['elma365File', ['body', 'ids', 'sort', 'tableFilter']],
		['elma365Marketing', ['body', 'ids', 'sort', 'tableFilter']],
		['elma365Process', ['active', 'body', 'eql', 'fields', 'ids', 'sort', 'tableFilter']],
		['elma365ProcessTrigger', ['eql', 'fireForExisting', 'lookbackMinutes', 'tableFilter']],
		['elma365TaskTrigger', ['eql', 'fireForExisting', 'lookbackMinutes', 'tableFilter']],
	])(
		'%s has no application scheme: its list options take typed field codes',
		async (nodeType, names) => {
			const options = listOptionsOf(await descriptionOf(nodeType));
			expect(options.length).toBeGreaterThan(0);
			for (const property of options) {
				const option = byName(property.options);
				expect(Object.keys(option).sort()).toEqual(names);
				expect(JSON.stringify(property)).not.toContain('loadOptionsMethod');
				for (const field of fieldInputs(property)) {
					expect([field.name, field.type]).toEqual(['field', 'string']);
				}
				if (option.fields) expect(option.fields.type).toBe('string');
			}
		},
	);

	test('App Trigger: its table filter picks the fields of its application, Item Entered a Status its status', async () => {
		const description = await descriptionOf('elma365AppTrigger');
		expect(description.version).toBe(1);
		const options = listOptionsOf(description);
		expect(options).toHaveLength(1);
		const dependsOn = ['namespace.value', 'application.value'];
		for (const field of fieldInputs(options[0])) {
			expect([field.name, field.type, field.typeOptions]).toEqual([
				'field',
				'options',
				{ loadOptionsMethod: 'getFieldCodes', loadOptionsDependsOn: dependsOn },
			]);
		}
		const status = description.properties.find((p) => p.name === 'statusCode');
		expect([status?.type, status?.typeOptions]).toEqual([
			'options',
			{ loadOptionsMethod: 'getStatuses', loadOptionsDependsOn: dependsOn },
		]);
	});
});

describe('App Trigger table filter', () => {
	test.each([
		['picked section, application and filter fields', located('app')],
		[
			'codes typed in the locators',
			{ namespace: picked('crm', 'code'), application: picked('orders', 'code') },
		],
	])('%s: the same list request', async (_name, location) => {
		const id = newId();
		itemsOf(t.platform, 'app', 'crm', 'orders').set(id, {
			__id: id,
			__name: 'Deal',
			__createdAt: '2026-01-01T00:00:00Z',
		});
		const parameters = {
			event: 'newItem',
			...location,
			options: {
				tableFilter: {
					match: [{ field: '__name', value: 'deal' }],
					range: [{ field: 'price', min: '10', max: '20' }],
				},
			},
		};
		const result = await pollNode({
			nodeType: 'elma365AppTrigger',
			parameters: parameters as never,
			store: new PollStore(),
			mode: 'manual',
			credential: t.credential(),
		});
		itemsOf(t.platform, 'app', 'crm', 'orders').delete(id);
		expect(result.error).toBeUndefined();
		expect(jsonOf(result.items)).toEqual([
			{ __id: id, __name: 'Deal', __createdAt: '2026-01-01T00:00:00Z' },
		]);
		expect(t.platform.requests.map((r) => [r.method, r.path, r.body])).toEqual([
			[
				'POST',
				'/pub/v1/app/crm/orders/list',
				{
					active: true,
					filter: { tf: { __name: 'deal', price: { min: 10, max: 20 } } },
					sortExpressions: [{ field: '__createdAt', ascending: false }],
					from: 0,
					size: 1,
				},
			],
		]);
	});
});
