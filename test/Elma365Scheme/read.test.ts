/**
 * Every operation of the Scheme node: the exact wire request and the output items. Read-only
 * operations are one table here too; the operations with a body are in group.test.ts, and a
 * check at the end makes sure the two together cover every operation the node offers.
 */
import path from 'node:path';
import type { INodeProperties } from 'n8n-workflow';
import type { Parameters, TestPlatform } from '../harness/setup';
import { ok } from '../harness/index.ts';
import type { RecordedRequest } from '../harness/index.ts';
import { jsonOf, pairingOf, usePlatform } from '../harness/setup';
import { SCHEME_SEED as S } from '../harness/routes/scheme.ts';
import { MAX_PAGE_SIZE } from '../../nodes/shared/lists/pager';

const t = usePlatform();
const NODE = 'elma365Scheme';
/** How each path value's picker takes a value typed in it: by code, or by ID. */
const TYPED: Record<string, 'code' | 'id'> = {
	namespace: 'code',
	application: 'code',
	processCode: 'code',
	solutionCode: 'code',
	groupId: 'id',
	moduleId: 'id',
	pageId: 'id',
	templateId: 'id',
};
/** Runs the node with each path value typed in its picker, as the node shows it. */
const run: TestPlatform['run'] = (options) =>
	t.run({
		...options,
		parameters: Object.fromEntries(
			Object.entries(options.parameters).map(([name, value]) => [
				name,
				name in TYPED ? { __rl: true, mode: TYPED[name], value } : value,
			]),
		) as Parameters,
	});
/** The first page a list asks for (as Get Many: large pages); Return Raw Response asks for one page of 100. */
const FIRST = { from: '0', size: String(MAX_PAGE_SIZE) };
const PAGE = { from: '0', size: '100' };

type Entry = Record<string, unknown>;
const from =
	(collection: string, ...keys: string[]) =>
	() =>
		keys.map((key) => t.platform.collection(collection).get(key) as Entry);

interface Case {
	resource: string;
	operation: string;
	parameters: Parameters;
	path: string;
	query?: Record<string, string>;
	/** The output items' json, read from the double's data when the test runs. */
	output: () => Entry[];
}

const list = { returnAll: true };

const CASES: Case[] = [
	{
		resource: 'group',
		operation: 'get',
		parameters: { groupId: S.groups.sales },
		path: `/pub/v1/scheme/groups/${S.groups.sales}`,
		output: from('schemeGroups', S.groups.sales),
	},
	{
		resource: 'group',
		operation: 'getParentGroups',
		parameters: { groupId: S.groups.managers, ...list },
		path: `/pub/v1/scheme/groups/${S.groups.managers}/parent-groups`,
		query: FIRST,
		output: from('schemeGroups', S.groups.sales),
	},
	{
		resource: 'group',
		operation: 'getPositions',
		parameters: { groupId: S.groups.sales, ...list },
		path: `/pub/v1/scheme/groups/${S.groups.sales}/positions`,
		query: FIRST,
		output: from('schemePositions', S.positions.salesHead),
	},
	{
		resource: 'group',
		operation: 'getSubGroups',
		parameters: { groupId: S.groups.sales, ...list },
		path: `/pub/v1/scheme/groups/${S.groups.sales}/sub-groups`,
		query: FIRST,
		output: from('schemeGroups', S.groups.managers),
	},
	{
		resource: 'group',
		operation: 'getUsers',
		parameters: { groupId: S.groups.sales, ...list },
		path: `/pub/v1/scheme/groups/${S.groups.sales}/users`,
		query: FIRST,
		output: from('schemeUsers', S.users.alice, S.users.bob),
	},
	{
		resource: 'group',
		operation: 'getAllInNamespace',
		parameters: { namespace: 'crm', ...list },
		path: '/pub/v1/scheme/namespaces/crm/groups',
		query: FIRST,
		output: from('schemeGroups', S.groups.sales, S.groups.managers),
	},
	{
		resource: 'group',
		operation: 'getAllInApplication',
		parameters: { namespace: 'crm', application: 'deals', ...list },
		path: '/pub/v1/scheme/namespaces/crm/apps/deals/groups',
		query: FIRST,
		output: from('schemeGroups', S.groups.dealReviewers),
	},

	{
		resource: 'namespace',
		operation: 'get',
		parameters: { namespace: 'crm' },
		path: '/pub/v1/scheme/namespaces/crm',
		output: from('schemeNamespaces', 'crm'),
	},
	{
		resource: 'namespace',
		operation: 'getAll',
		parameters: list,
		path: '/pub/v1/scheme/namespaces',
		query: FIRST,
		output: from('schemeNamespaces', 'crm', 'hr'),
	},
	{
		resource: 'namespace',
		operation: 'getExportability',
		parameters: { namespace: 'hr' },
		path: '/pub/v1/scheme/namespaces/hr/exportable',
		output: () => [
			{ exportable: false, reasons: ['namespace uses components that cannot be exported'] },
		],
	},

	{
		resource: 'application',
		operation: 'get',
		parameters: { namespace: 'crm', application: 'deals' },
		path: '/pub/v1/scheme/namespaces/crm/apps/deals',
		output: from('schemeApps', 'crm/deals'),
	},
	{
		resource: 'application',
		operation: 'getAll',
		parameters: { namespace: 'crm', ...list },
		path: '/pub/v1/scheme/namespaces/crm/apps',
		query: FIRST,
		output: from('schemeApps', 'crm/deals', 'crm/companies'),
	},
	{
		resource: 'application',
		operation: 'getExportability',
		parameters: { namespace: 'crm', application: 'deals' },
		path: '/pub/v1/scheme/namespaces/crm/apps/deals/exportable',
		output: () => [{ exportable: true, reasons: [] }],
	},

	{
		resource: 'module',
		operation: 'get',
		parameters: { moduleId: 'telephony' },
		path: '/pub/v1/scheme/modules/telephony',
		output: from('schemeModules', 'telephony'),
	},
	{
		resource: 'module',
		operation: 'getAll',
		parameters: list,
		path: '/pub/v1/scheme/modules',
		query: FIRST,
		output: from('schemeModules', 'telephony', 'mail'),
	},
	{
		resource: 'module',
		operation: 'getExportability',
		parameters: { moduleId: 'mail' },
		path: '/pub/v1/scheme/modules/mail/exportable',
		output: () => [
			{ exportable: false, reasons: ['module uses components that cannot be exported'] },
		],
	},

	{
		resource: 'solution',
		operation: 'get',
		parameters: { solutionCode: S.solutions.sales },
		path: `/pub/v1/scheme/solutions/${S.solutions.sales}`,
		output: from('schemeSolutions', S.solutions.sales),
	},
	{
		resource: 'solution',
		operation: 'getAll',
		parameters: list,
		path: '/pub/v1/scheme/solutions',
		query: FIRST,
		output: from('schemeSolutions', S.solutions.sales, S.solutions.hr),
	},
	{
		resource: 'solution',
		operation: 'getExportability',
		parameters: { solutionCode: S.solutions.sales },
		path: `/pub/v1/scheme/solutions/${S.solutions.sales}/exportable`,
		output: () => [{ exportable: true, reasons: [] }],
	},

	{
		resource: 'page',
		operation: 'get',
		parameters: { pageId: S.pages.dashboard },
		path: `/pub/v1/scheme/pages/${S.pages.dashboard}`,
		output: from('schemePages', S.pages.dashboard),
	},
	{
		resource: 'page',
		operation: 'getAll',
		parameters: { namespace: 'hr', ...list },
		path: '/pub/v1/scheme/namespaces/hr/pages',
		query: FIRST,
		output: from('schemePages', S.pages.report),
	},

	{
		resource: 'documentTemplate',
		operation: 'get',
		parameters: { templateId: S.docTemplates.contract },
		path: `/pub/v1/scheme/doctemplates/${S.docTemplates.contract}`,
		output: from('schemeDocTemplates', S.docTemplates.contract),
	},
	{
		resource: 'documentTemplate',
		operation: 'getAllInNamespace',
		parameters: { namespace: 'crm', ...list },
		path: '/pub/v1/scheme/namespaces/crm/doctemplates',
		query: FIRST,
		output: from('schemeDocTemplates', S.docTemplates.invoice),
	},
	{
		resource: 'documentTemplate',
		operation: 'getAllInApplication',
		parameters: { namespace: 'crm', application: 'deals', ...list },
		path: '/pub/v1/scheme/namespaces/crm/apps/deals/doctemplates',
		query: FIRST,
		output: from('schemeDocTemplates', S.docTemplates.contract),
	},

	{
		resource: 'processTemplate',
		operation: 'get',
		parameters: { namespace: 'crm', processCode: 'approval' },
		path: '/pub/v1/scheme/namespaces/crm/processes/approval',
		output: from('schemeProcessTemplates', 'crm/approval'),
	},
	{
		resource: 'processTemplate',
		operation: 'getAllInNamespace',
		parameters: { namespace: 'hr', ...list },
		path: '/pub/v1/scheme/namespaces/hr/processes',
		query: FIRST,
		output: from('schemeProcessTemplates', 'hr/onboarding'),
	},
	{
		resource: 'processTemplate',
		operation: 'getAllInApplication',
		parameters: { namespace: 'crm', application: 'deals', ...list },
		path: '/pub/v1/scheme/namespaces/crm/apps/deals/processes',
		query: FIRST,
		output: from('schemeProcessTemplates', 'crm.deals/deal_review'),
	},
];

describe('read-only operations: wire request and one output item per scheme', () => {
	test.each(CASES.map((c) => [`${c.resource} ${c.operation}`, c] as const))(
		'%s',
		async (_name, c) => {
			const { items, error } = await run({
				nodeType: NODE,
				parameters: { resource: c.resource, operation: c.operation, ...c.parameters },
			});
			expect(error).toBeUndefined();
			expect(t.platform.requests).toHaveLength(1);
			const [request] = t.platform.requests;
			expect(request.method).toBe('GET');
			expect(request.path).toBe(c.path);
			expect(request.query).toEqual(c.query ?? {});
			expect(request.headers.authorization).toBe(`Bearer ${t.platform.apiKey}`);
			expect(request.body).toBeUndefined();
			const expected = c.output();
			expect(expected.every(Boolean)).toBe(true);
			expect(jsonOf(items)).toEqual(expected);
			expect(pairingOf(items)).toEqual(expected.map(() => ({ item: 0 })));
		},
	);
});

describe('group getAll (by filter) and delete', () => {
	test('getAll posts the filter with from/size in the body', async () => {
		const { items } = await run({
			nodeType: NODE,
			parameters: {
				resource: 'group',
				operation: 'getAll',
				filter: '{"tf": {"__name": "sales"}}',
				returnAll: true,
				options: { body: '{"active": true}' },
			},
		});
		expect(
			t.platform.requests.map((r) => [r.method, r.path, r.query, r.headers.authorization, r.body]),
		).toEqual([
			[
				'POST',
				'/pub/v1/scheme/groups/list',
				{},
				`Bearer ${t.platform.apiKey}`,
				{ filter: { tf: { __name: 'sales' } }, active: true, from: 0, size: MAX_PAGE_SIZE },
			],
		]);
		expect(t.platform.requests[0].headers['content-type']).toMatch(/^application\/json/);
		expect(jsonOf(items)).toEqual(from('schemeGroups', S.groups.sales, S.groups.managers)());
	});

	test('getAll with an empty filter sends no filter; Limit pages at the limit', async () => {
		const { items } = await run({
			nodeType: NODE,
			parameters: { resource: 'group', operation: 'getAll', returnAll: false, limit: 3 },
		});
		expect(t.platform.requests.map((r) => r.body)).toEqual([{ from: 0, size: 3 }]);
		expect(items).toHaveLength(3);
	});

	test('delete sends DELETE and outputs what was deleted', async () => {
		const id = '2f000000-0000-4000-8000-0000000000de';
		t.platform
			.collection('schemeGroups')
			.set(id, { __id: id, namespace: 'crm', name: 'Temporary' });
		const { items } = await run({
			nodeType: NODE,
			parameters: { resource: 'group', operation: 'delete', groupId: id },
		});
		expect(
			t.platform.requests.map((r) => [r.method, r.path, r.query, r.headers.authorization, r.body]),
		).toEqual([
			['DELETE', `/pub/v1/scheme/groups/${id}`, {}, `Bearer ${t.platform.apiKey}`, undefined],
		]);
		expect(jsonOf(items)).toEqual([{ deleted: true, groupId: id }]);
		expect(t.platform.collection('schemeGroups').has(id)).toBe(false);
	});

	test('delete of an unknown group fails with the platform text', async () => {
		const id = '2f000000-0000-4000-8000-00000000dead';
		const { error, items } = await run({
			nodeType: NODE,
			parameters: { resource: 'group', operation: 'delete', groupId: id },
		});
		expect(error?.message).toBe(`ELMA365 404: group ${id} not found`);
		expect(error?.httpCode).toBe('404');
		expect(items).toEqual([]);
	});

	test('delete refused by the platform (400) carries its text', async () => {
		const id = '2f000000-0000-4000-8000-0000000005a5';
		t.platform
			.collection('schemeGroups')
			.set(id, { __id: id, namespace: 'crm', name: 'Administrators', system: true });
		const { error } = await run({
			nodeType: NODE,
			parameters: { resource: 'group', operation: 'delete', groupId: id },
		});
		expect(error?.message).toBe('ELMA365 400: system groups cannot be deleted');
		expect(t.platform.collection('schemeGroups').has(id)).toBe(true);
	});
});

describe('lists', () => {
	test('Return Raw Response outputs the platform answer as one item', async () => {
		const { items } = await run({
			nodeType: NODE,
			parameters: {
				resource: 'namespace',
				operation: 'getAll',
				returnAll: true,
				options: { rawResponse: true },
			},
		});
		expect(t.platform.requests.map((r) => [r.path, r.query])).toEqual([
			['/pub/v1/scheme/namespaces', PAGE],
		]);
		expect(jsonOf(items)).toEqual([
			{
				success: true,
				error: '',
				result: { result: from('schemeNamespaces', 'crm', 'hr')(), total: 2 },
			},
		]);
		expect(pairingOf(items)).toEqual([{ item: 0 }]);
	});

	test('raw response of a list named after its content (modules)', async () => {
		const { items } = await run({
			nodeType: NODE,
			parameters: {
				resource: 'module',
				operation: 'getAll',
				returnAll: true,
				options: { rawResponse: true },
			},
		});
		expect(jsonOf(items)).toEqual([
			{ success: true, error: '', modules: from('schemeModules', 'telephony', 'mail')() },
		]);
	});

	test('Limit asks for that many and returns that many', async () => {
		const { items } = await run({
			nodeType: NODE,
			parameters: {
				resource: 'group',
				operation: 'getUsers',
				groupId: S.groups.sales,
				returnAll: false,
				limit: 1,
			},
		});
		expect(t.platform.requests.map((r) => r.query)).toEqual([{ from: '0', size: '1' }]);
		expect(jsonOf(items)).toEqual(from('schemeUsers', S.users.alice)());
	});

	/** `count` groups in a new section `ns`, in list order; removed again by the returned function. */
	function groupsIn(ns: string, count: number) {
		t.platform.collection('schemeNamespaces').set(ns, { code: ns, name: ns });
		const groups = Array.from({ length: count }, (_, i) => ({
			__id: `2e000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
			namespace: ns,
			name: `G${i}`,
		}));
		for (const group of groups) t.platform.collection('schemeGroups').set(group.__id, group);
		const remove = () => {
			for (const group of groups) t.platform.collection('schemeGroups').delete(group.__id);
			t.platform.collection('schemeNamespaces').delete(ns);
		};
		return { groups, remove };
	}
	const windows = () =>
		t.platform.requests.map((r) => [Number(r.query.from), Number(r.query.size)]);
	const sorted = (list: number[][]) => [...list].sort((a, b) => a[0] - b[0]);

	test('pages through a long list until total', async () => {
		const { groups, remove } = groupsIn('paged', MAX_PAGE_SIZE + 130);
		try {
			const { items } = await run({
				nodeType: NODE,
				parameters: {
					resource: 'group',
					operation: 'getAllInNamespace',
					namespace: 'paged',
					returnAll: true,
				},
			});
			expect(t.platform.requests.map((r) => r.query)).toEqual([
				FIRST,
				{ from: String(MAX_PAGE_SIZE), size: '130' },
			]);
			expect(jsonOf(items)).toEqual(groups);
		} finally {
			remove();
		}
	});

	test('Return All of 25,000: a page of 10,000, then the rest in flight together; output in list order, de-duplicated', async () => {
		const { groups, remove } = groupsIn('big', 25_000);
		// The platform lists one group twice (at position 15,000, a later page): it is output once.
		const groupsCollection = t.platform.collection('schemeGroups');
		const after = groups.slice(15_000);
		for (const group of after) groupsCollection.delete(group.__id);
		groupsCollection.set('repeated', { ...groups[10], name: 'G10 again' });
		for (const group of after) groupsCollection.set(group.__id, group);
		try {
			const { items } = await run({
				nodeType: NODE,
				parameters: {
					resource: 'group',
					operation: 'getAllInNamespace',
					namespace: 'big',
					returnAll: true,
				},
			});
			expect(windows()[0]).toEqual([0, 10_000]);
			expect(sorted(windows())).toEqual([
				[0, 10_000],
				[10_000, 10_000],
				[20_000, 5001],
			]);
			expect(jsonOf(items)).toEqual(groups);
		} finally {
			groupsCollection.delete('repeated');
			remove();
		}
	});

	test.each([
		[
			'groups of a section (with total)',
			{ resource: 'group', operation: 'getAllInNamespace', namespace: 'crm' },
			'/pub/v1/scheme/namespaces/crm/groups',
			true,
		],
		[
			'modules (no total)',
			{ resource: 'module', operation: 'getAll' },
			'/pub/v1/scheme/modules',
			false,
		],
	])(
		'%s on a platform that gives 100 per page for 10,000 asked: everything, read on at the size it gave',
		async (_name, parameters, path, withTotal) => {
			const entries = Array.from({ length: 250 }, (_, i) => ({
				__id: `2e000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
				name: `E${i}`,
			}));
			t.platform.script(
				'GET',
				path,
				(request: RecordedRequest) => {
					const start = Number(request.query.from);
					const result = entries.slice(start, start + Math.min(100, Number(request.query.size)));
					return ok(withTotal ? { result: { result, total: entries.length } } : { result });
				},
				10,
			);
			const { items } = await run({
				nodeType: NODE,
				parameters: { ...parameters, returnAll: true },
			});
			expect(jsonOf(items)).toEqual(entries);
			// With a total the last page asks for just the 50 left; without one, pages of 100 until a short one.
			expect(windows()).toEqual([
				[0, MAX_PAGE_SIZE],
				[100, 100],
				[200, withTotal ? 50 : 100],
			]);
		},
	);

	test('one list per input item, each output paired with its input', async () => {
		const { items } = await run({
			nodeType: NODE,
			parameters: {
				resource: 'application',
				operation: 'getAll',
				namespace: '={{ $json.ns }}',
				returnAll: true,
			},
			input: [{ json: { ns: 'hr' } }, { json: { ns: 'crm' } }],
		});
		expect(t.platform.requests.map((r) => r.path)).toEqual([
			'/pub/v1/scheme/namespaces/hr/apps',
			'/pub/v1/scheme/namespaces/crm/apps',
		]);
		expect(jsonOf(items).map((item) => (item as Entry).code)).toEqual([
			'employees',
			'deals',
			'companies',
		]);
		expect(pairingOf(items)).toEqual([{ item: 0 }, { item: 1 }, { item: 1 }]);
	});
});

describe('path values, validation and Continue On Fail', () => {
	test('path values are encoded as one segment', async () => {
		const { error } = await run({
			nodeType: NODE,
			parameters: {
				resource: 'processTemplate',
				operation: 'get',
				namespace: '..%2Fx',
				processCode: 'a#b?c',
			},
		});
		expect(t.platform.requests.map((r) => r.path)).toEqual([
			'/pub/v1/scheme/namespaces/..%252Fx/processes/a%23b%3Fc',
			'/pub/v1/scheme/namespaces',
		]);
		expect(error?.message).toBe(
			'ELMA365 404: Process template "..%2Fx/a#b?c" was not found (process template ..%2Fx.a#b?c not found)',
		);
	});

	test.each([
		[
			'group',
			'get',
			{ groupId: '={{ "not-a-uuid" }}' },
			/Invalid "Group ID" in item 0: expected a UUID such as .*, got "not-a-uuid"/,
		],
		[
			'group',
			'getUsers',
			{ groupId: '={{ 42 }}', returnAll: true },
			/Invalid "Group ID" in item 0: expected a UUID/,
		],
		[
			'application',
			'get',
			{ namespace: 'crm', application: '={{ "  " }}' },
			/Invalid "Application Code" in item 0: expected a non-empty text, got " {2}"/,
		],
		[
			'namespace',
			'get',
			{ namespace: '={{ "" }}' },
			/Invalid "Section Code" in item 0: expected a non-empty text/,
		],
		['module', 'getExportability', { moduleId: '={{ "" }}' }, /Invalid "Module ID" in item 0/],
		['solution', 'get', { solutionCode: '={{ "" }}' }, /Invalid "Solution Code" in item 0/],
		['page', 'get', { pageId: '={{ "" }}' }, /Invalid "Page ID" in item 0/],
		[
			'documentTemplate',
			'get',
			{ templateId: '={{ "" }}' },
			/Invalid "Document Template ID" in item 0/,
		],
		[
			'processTemplate',
			'get',
			{ namespace: 'crm', processCode: '={{ "" }}' },
			/Invalid "Process Code" in item 0/,
		],
		[
			'group',
			'getAll',
			{ filter: '[1]', returnAll: true },
			/Invalid "Filter \(JSON\)" in item 0: expected a JSON object, got "\[1\]"/,
		],
		[
			'namespace',
			'getAll',
			{ returnAll: false, limit: '={{ 0 }}' },
			/Invalid "Limit" in item 0: expected a whole number >= 1/,
		],
	])('%s %s: a clear error and no request', async (resource, operation, parameters, message) => {
		const { error, items } = await run({
			nodeType: NODE,
			parameters: { resource, operation, ...parameters },
		});
		expect(error?.message).toMatch(message);
		expect(items).toEqual([]);
		expect(t.platform.requests).toHaveLength(0);
	});

	test('Continue On Fail: one output per input, errors paired with their item', async () => {
		const unknown = '2f000000-0000-4000-8000-00000000beef';
		const { items, error } = await run({
			nodeType: NODE,
			parameters: { resource: 'group', operation: 'get', groupId: '={{ $json.id }}' },
			input: [
				{ json: { id: S.groups.sales } },
				{ json: { id: 'nope' } },
				{ json: { id: unknown } },
			],
			continueOnFail: true,
		});
		expect(error).toBeUndefined();
		expect(t.platform.requests.map((r) => r.path)).toEqual([
			`/pub/v1/scheme/groups/${S.groups.sales}`,
			`/pub/v1/scheme/groups/${unknown}`,
		]);
		const json = jsonOf(items) as Entry[];
		expect(json[0]).toEqual(t.platform.collection('schemeGroups').get(S.groups.sales));
		expect(json[1].error).toMatch(/Invalid "Group ID" in item 1: expected a UUID/);
		expect(json[2]).toMatchObject({
			error: `ELMA365 404: group ${unknown} not found`,
			httpCode: '404',
		});
		expect(pairingOf(items)).toEqual([{ item: 0 }, { item: 1 }, { item: 2 }]);
	});
});

describe('coverage of the node', () => {
	test('the tests cover every operation the node offers, 40 in all', async () => {
		const file = path.resolve(__dirname, '../../dist/nodes/Elma365Scheme/Elma365Scheme.node.js');
		const { Elma365Scheme } = (await import(file)) as {
			Elma365Scheme: new () => { description: { properties: INodeProperties[] } };
		};
		const offered = new Elma365Scheme().description.properties
			.filter((p) => p.name === 'operation')
			.flatMap((p) =>
				(p.options as Array<{ value: string }>).map(
					(o) => `${p.displayOptions!.show!.resource![0]} ${o.value}`,
				),
			)
			.sort();
		const tested = [
			...CASES.map((c) => `${c.resource} ${c.operation}`),
			'group getAll',
			'group delete',
			...['create', 'update', 'addMembers', 'removeMembers'].map((op) => `group ${op}`), // group.test.ts
			// sectionSchemes.test.ts
			...['contract', 'report', 'widget'].flatMap((r) => [`${r} get`, `${r} getAll`]),
			'processTemplate getForms',
		].sort();
		expect(offered).toEqual(tested);
		expect(offered).toHaveLength(40);
	});
});
