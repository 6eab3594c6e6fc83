/**
 * Contract, report and widget schemes of a section and the forms of a process template: the exact
 * wire request and output of each operation, their pickers, validation before any request and the
 * platform's errors.
 */
import { searchList } from '../harness/engine';
import { jsonOf, pairingOf, usePlatform, picked } from '../harness/setup';
import { SCHEME_SEED as S } from '../harness/routes/scheme.ts';
import { MAX_PAGE_SIZE } from '../../nodes/shared/lists/pager';

const t = usePlatform();
const NODE = 'elma365Scheme';
/** The first page a list asks for (as Get Many: large pages). */
const FIRST = { from: '0', size: String(MAX_PAGE_SIZE) };

type Entry = Record<string, unknown>;
const stored = (collection: string, ...keys: string[]) =>
	keys.map((key) => t.platform.collection(collection).get(key) as Entry);

/** Every new operation: its parameters, the one request it sends, and its output. */
const SECTION_SCHEME_CASES: Array<{
	resource: string;
	operation: string;
	parameters: Entry;
	path: string;
	query?: Record<string, string>;
	output: () => Entry[];
}> = [
	{
		resource: 'contract',
		operation: 'getAll',
		parameters: { namespace: picked('crm'), returnAll: true },
		path: '/pub/v1/scheme/namespaces/crm/contracts',
		query: FIRST,
		output: () => stored('schemeContracts', `crm/${S.contracts.agreements}`),
	},
	{
		resource: 'contract',
		operation: 'get',
		parameters: { namespace: picked('crm'), contractCode: picked(S.contracts.agreements) },
		path: `/pub/v1/scheme/namespaces/crm/contracts/${S.contracts.agreements}`,
		output: () => stored('schemeContracts', `crm/${S.contracts.agreements}`),
	},
	{
		resource: 'report',
		operation: 'getAll',
		parameters: { namespace: picked('crm'), returnAll: true },
		path: '/pub/v1/scheme/namespaces/crm/reports',
		query: FIRST,
		output: () => stored('schemeReports', `crm/${S.reports.sales}`, `crm/${S.reports.pipeline}`),
	},
	{
		resource: 'report',
		operation: 'get',
		parameters: {
			namespace: picked('hr'),
			reportCode: { __rl: true, mode: 'code', value: S.reports.headcount },
		},
		path: `/pub/v1/scheme/namespaces/hr/reports/${S.reports.headcount}`,
		output: () => stored('schemeReports', `hr/${S.reports.headcount}`),
	},
	{
		resource: 'widget',
		operation: 'getAll',
		parameters: { namespace: picked('crm'), returnAll: true },
		path: '/pub/v1/scheme/namespaces/crm/widgets',
		query: FIRST,
		output: () => stored('schemeWidgets', `crm/${S.widgets.kpi}`),
	},
	{
		resource: 'widget',
		operation: 'get',
		parameters: { namespace: picked('crm'), widgetCode: picked(S.widgets.kpi) },
		path: `/pub/v1/scheme/namespaces/crm/widgets/${S.widgets.kpi}`,
		output: () => stored('schemeWidgets', `crm/${S.widgets.kpi}`),
	},
	{
		resource: 'processTemplate',
		operation: 'getForms',
		parameters: {
			namespace: picked('crm'),
			processCode: picked(S.processes.approval),
			returnAll: true,
		},
		path: `/pub/v1/scheme/namespaces/crm/processes/${S.processes.approval}/forms`,
		query: FIRST,
		output: () => [
			{ code: S.forms.start, name: 'Start form' },
			{ code: S.forms.review, name: 'Review' },
		],
	},
];

describe('section schemes and process forms: wire request and output', () => {
	test.each(SECTION_SCHEME_CASES.map((c) => [`${c.resource} ${c.operation}`, c] as const))(
		'%s',
		async (_name, c) => {
			const { items, error } = await t.run({
				nodeType: NODE,
				parameters: { resource: c.resource, operation: c.operation, ...c.parameters } as never,
			});
			expect(error).toBeUndefined();
			expect(
				t.platform.requests.map((r) => [
					r.method,
					r.path,
					r.query,
					r.body,
					r.headers.authorization,
				]),
			).toEqual([['GET', c.path, c.query ?? {}, undefined, `Bearer ${t.platform.apiKey}`]]);
			const expected = c.output();
			expect(expected.every(Boolean)).toBe(true);
			expect(jsonOf(items)).toEqual(expected);
			expect(pairingOf(items)).toEqual(expected.map(() => ({ item: 0 })));
		},
	);

	test('Limit: a report list asks for that many and outputs that many', async () => {
		const { items, error } = await t.run({
			nodeType: NODE,
			parameters: {
				resource: 'report',
				operation: 'getAll',
				namespace: picked('crm'),
				returnAll: false,
				limit: 1,
			} as never,
		});
		expect(error).toBeUndefined();
		expect(t.platform.requests.map((r) => r.query)).toEqual([{ from: '0', size: '1' }]);
		expect(jsonOf(items)).toEqual(stored('schemeReports', `crm/${S.reports.sales}`));
	});

	test('Return Raw Response: the platform answer of the widget list as one item', async () => {
		const { items } = await t.run({
			nodeType: NODE,
			parameters: {
				resource: 'widget',
				operation: 'getAll',
				namespace: picked('crm'),
				returnAll: true,
				options: { rawResponse: true },
			} as never,
		});
		expect(jsonOf(items)).toEqual([
			{ success: true, error: '', widgets: stored('schemeWidgets', `crm/${S.widgets.kpi}`) },
		]);
		expect(t.platform.requests.map((r) => r.query)).toEqual([{ from: '0', size: '100' }]);
	});
});

describe('pickers of the section schemes', () => {
	const search = (method: string, parameters: Entry, filter?: string) =>
		searchList({
			nodeType: NODE,
			parameters: parameters as never,
			credential: { baseUrl: t.platform.url, apiKey: t.platform.apiKey },
			method,
			filter,
		});

	test.each([
		[
			'searchReports',
			'report',
			'/pub/v1/scheme/namespaces/crm/reports',
			[
				{ name: `Sales by month (${S.reports.sales})`, value: S.reports.sales },
				{ name: `Pipeline (${S.reports.pipeline})`, value: S.reports.pipeline },
			],
		],
		[
			'searchContracts',
			'contract',
			'/pub/v1/scheme/namespaces/crm/contracts',
			[{ name: `Agreements (${S.contracts.agreements})`, value: S.contracts.agreements }],
		],
		[
			'searchWidgets',
			'widget',
			'/pub/v1/scheme/namespaces/crm/widgets',
			[{ name: `KPI tile (${S.widgets.kpi})`, value: S.widgets.kpi }],
		],
	])('%s lists the chosen section by code', async (method, resource, path, results) => {
		const chosen = { resource, operation: 'get', namespace: picked('crm') };
		expect(await search(method, chosen)).toEqual({
			results,
			paginationToken: undefined,
		});
		expect(t.platform.requests.map((r) => [r.method, r.path, r.query])).toEqual([
			['GET', path, { from: '0', size: '100' }],
		]);
	});

	test('a search text filters the reports by name or code', async () => {
		const found = await search(
			'searchReports',
			{ resource: 'report', operation: 'get', namespace: picked('crm') },
			'pipe',
		);
		expect(found.results).toEqual([
			{ name: `Pipeline (${S.reports.pipeline})`, value: S.reports.pipeline },
		]);
	});

	test('no section chosen: an empty list and no request', async () => {
		expect(await search('searchReports', { resource: 'report', operation: 'get' })).toEqual({
			results: [],
		});
		expect(t.platform.requests).toHaveLength(0);
	});

	test('the code parameters are pickers, listed by the chosen section', async () => {
		const { loadPackage } = await import('../harness/engine');
		const loader = await loadPackage();
		const properties = (
			loader.nodeTypes[NODE].type as unknown as {
				description: {
					properties: Array<{
						name: string;
						type: string;
						typeOptions?: { loadOptionsDependsOn?: string[] };
						modes?: Array<{ name: string; typeOptions?: { searchListMethod?: string } }>;
					}>;
				};
			}
		).description.properties;
		const pickers = ['contractCode', 'reportCode', 'widgetCode'].map((name) => {
			const found = properties.filter((p) => p.name === name);
			return found.map((p) => [
				p.type,
				p.modes?.[0].typeOptions?.searchListMethod,
				p.typeOptions?.loadOptionsDependsOn,
			]);
		});
		expect(pickers).toEqual([
			[['resourceLocator', 'searchContracts', ['namespace.value']]],
			[['resourceLocator', 'searchReports', ['namespace.value']]],
			[['resourceLocator', 'searchWidgets', ['namespace.value']]],
		]);
	});
});

describe('validation and platform errors', () => {
	test.each([
		[
			'report',
			'get',
			{ namespace: picked('crm'), reportCode: { __rl: true, mode: 'code', value: '={{ "" }}' } },
			/Invalid "Report Code" in item 0: expected a non-empty text/,
		],
		[
			'contract',
			'getAll',
			{ namespace: { __rl: true, mode: 'code', value: '={{ " " }}' }, returnAll: true },
			/Invalid "Section Code" in item 0: expected a non-empty text/,
		],
		[
			'widget',
			'get',
			{ namespace: picked('crm'), widgetCode: { __rl: true, mode: 'code', value: '={{ "  " }}' } },
			/Invalid "Widget Code" in item 0: expected a non-empty text/,
		],
		[
			'processTemplate',
			'getForms',
			{ namespace: picked('crm'), processCode: picked('approval'), returnAll: false, limit: 0 },
			/Invalid "Limit" in item 0: expected a whole number >= 1/,
		],
	])('%s %s: a clear error and no request', async (resource, operation, parameters, message) => {
		const { error, items } = await t.run({
			nodeType: NODE,
			parameters: { resource, operation, ...parameters } as never,
		});
		expect(error?.message).toMatch(message);
		expect(items).toEqual([]);
		expect(t.platform.requests).toHaveLength(0);
	});

	test("an unknown report fails with the platform's text; Continue On Fail pairs it with its item", async () => {
		const { items, error } = await t.run({
			nodeType: NODE,
			parameters: {
				resource: 'report',
				operation: 'get',
				namespace: picked('crm'),
				reportCode: { __rl: true, mode: 'code', value: '={{ $json.code }}' },
			} as never,
			input: [{ json: { code: S.reports.pipeline } }, { json: { code: 'missing' } }],
			continueOnFail: true,
		});
		expect(error).toBeUndefined();
		expect(t.platform.requests.map((r) => r.path)).toEqual([
			`/pub/v1/scheme/namespaces/crm/reports/${S.reports.pipeline}`,
			'/pub/v1/scheme/namespaces/crm/reports/missing',
			// What the section has, read once to name it in the error.
			'/pub/v1/scheme/namespaces',
			'/pub/v1/scheme/namespaces/crm/reports',
		]);
		expect(jsonOf(items)).toEqual([
			stored('schemeReports', `crm/${S.reports.pipeline}`)[0],
			expect.objectContaining({
				error: 'ELMA365 404: Report "crm/missing" was not found (report crm.missing not found)',
				description: expect.stringContaining('The reports of section "crm" (codes): '),
				httpCode: '404',
			}),
		]);
		expect(pairingOf(items)).toEqual([{ item: 0 }, { item: 1 }]);
	});

	test('the forms of an unknown process fail the run with the platform text', async () => {
		const { error } = await t.run({
			nodeType: NODE,
			parameters: {
				resource: 'processTemplate',
				operation: 'getForms',
				namespace: picked('crm'),
				processCode: picked('nope'),
				returnAll: true,
			} as never,
		});
		expect(error?.message).toBe(
			'ELMA365 404: Process template "crm/nope" was not found (process template crm.nope not found)',
		);
		expect(error?.description).toContain('The process templates of section "crm" (codes): ');
		expect(t.platform.requests.map((r) => r.path)).toEqual([
			'/pub/v1/scheme/namespaces/crm/processes/nope/forms',
			'/pub/v1/scheme/namespaces',
			'/pub/v1/scheme/namespaces/crm/processes',
		]);
	});
});
