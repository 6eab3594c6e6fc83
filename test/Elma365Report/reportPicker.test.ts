/**
 * The Report picker lists the section's reports (`GET /scheme/namespaces/{namespace}/reports`), not
 * its applications; a picked report is the path of Get Many.
 */
import type { INodeProperties } from 'n8n-workflow';
import { loadPackage, searchList } from '../harness/engine';
import { newId } from '../harness/index.ts';
import { itemsOf } from '../harness/routes/app.ts';
import { SCHEME_SEED as S } from '../harness/routes/scheme.ts';
import { jsonOf, usePlatform, picked } from '../harness/setup';
import { MAX_PAGE_SIZE } from '../../nodes/shared/lists/pager';

const t = usePlatform();
const NODE = 'elma365Report';
const chosen = (namespace?: string) => ({
	resource: 'item',
	operation: 'getAll',
	...(namespace ? { namespace: picked(namespace) } : {}),
});
const search = (parameters: object, filter?: string) =>
	searchList({
		nodeType: NODE,
		parameters: parameters as never,
		credential: { baseUrl: t.platform.url, apiKey: t.platform.apiKey },
		method: 'searchReports',
		filter,
	});

test('the picker lists the seeded reports of the section, by code', async () => {
	expect(await search(chosen('crm'))).toEqual({
		results: [
			{ name: `Sales by month (${S.reports.sales})`, value: S.reports.sales },
			{ name: `Pipeline (${S.reports.pipeline})`, value: S.reports.pipeline },
		],
		paginationToken: undefined,
	});
	expect(
		t.platform.requests.map((r) => [r.method, r.path, r.query, r.headers.authorization]),
	).toEqual([
		[
			'GET',
			'/pub/v1/scheme/namespaces/crm/reports',
			{ from: '0', size: '100' },
			`Bearer ${t.platform.apiKey}`,
		],
	]);
});

test('a search text finds a report by name; another section lists its own', async () => {
	expect((await search(chosen('crm'), 'sales')).results).toEqual([
		{ name: `Sales by month (${S.reports.sales})`, value: S.reports.sales },
	]);
	expect((await search(chosen('hr'))).results).toEqual([
		{ name: `Headcount (${S.reports.headcount})`, value: S.reports.headcount },
	]);
});

test('no section chosen: an empty list and no request', async () => {
	expect(await search(chosen())).toEqual({ results: [] });
	expect(t.platform.requests).toHaveLength(0);
});

test("an unknown section: the picker fails with the platform's words and the company's sections", async () => {
	await expect(search(chosen('nowhere'))).rejects.toMatchObject({
		message: 'ELMA365 404: Section "nowhere" was not found (namespace nowhere not found)',
		description: expect.stringContaining('The company\'s sections (codes): "crm" (CRM)'),
	});
});

test('the Report parameter is a picker that lists reports and follows the section', async () => {
	const loader = await loadPackage();
	const properties = (
		loader.nodeTypes[NODE].type as unknown as { description: { properties: INodeProperties[] } }
	).description.properties.filter((p) => p.name === 'report');
	expect(
		properties.map((p) => [
			p.type,
			p.modes?.find((mode) => mode.type === 'list')?.typeOptions?.searchListMethod,
			p.typeOptions?.loadOptionsDependsOn,
		]),
	).toEqual([['resourceLocator', 'searchReports', ['namespace.value']]]);
});

test('the node offers only the section and report pickers', async () => {
	const loader = await loadPackage();
	const { methods } = loader.nodeTypes[NODE].type as unknown as {
		methods: { listSearch: Record<string, unknown> };
	};
	expect(Object.keys(methods.listSearch).sort()).toEqual(['searchNamespaces', 'searchReports']);
});

test('Get Many with a picked report lists its rows', async () => {
	const id = newId();
	const rows = itemsOf(t.platform, 'reports', 'crm', S.reports.pipeline);
	rows.clear();
	rows.set(id, { __id: id, __name: 'Stage 1', total: 3 });
	const { items, error } = await t.run({
		nodeType: NODE,
		parameters: {
			resource: 'item',
			operation: 'getAll',
			namespace: picked('crm'),
			report: picked(S.reports.pipeline),
			returnAll: true,
		} as never,
	});
	expect(error).toBeUndefined();
	expect(t.platform.requests.map((r) => [r.method, r.path, r.body])).toEqual([
		['POST', `/pub/v1/reports/crm/${S.reports.pipeline}/list`, { from: 0, size: MAX_PAGE_SIZE }],
	]);
	expect(jsonOf(items)).toEqual([{ __id: id, __name: 'Stage 1', total: 3 }]);
});
