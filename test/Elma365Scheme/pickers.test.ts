import { searchList } from '../harness/engine';
import { fail, newId } from '../harness/index.ts';
import { SCHEME_SEED as S } from '../harness/routes/scheme.ts';
import { jsonOf, usePlatform, picked } from '../harness/setup';

const t = usePlatform();
const NODE = 'elma365Scheme';
const search = (
	method: string,
	parameters: Record<string, unknown> = {},
	filter?: string,
	paginationToken?: string,
) =>
	searchList({
		nodeType: NODE,
		parameters: parameters as never,
		credential: t.credential(),
		method,
		filter,
		paginationToken,
	});
const entry = (collection: string, key: string) => t.platform.collection(collection).get(key);

describe('module and solution pickers', () => {
	const pbx = newId();
	beforeAll(() => {
		t.platform
			.collection('schemeModules')
			.set(pbx, { id: pbx, code: 'office_pbx', name: 'Office PBX' });
	});
	afterAll(() => t.platform.collection('schemeModules').delete(pbx));

	test('modules, shown as "Name (id)", valued by id; the search finds a name', async () => {
		expect(await search('searchModules')).toEqual({
			results: [
				{ name: 'Telephony (telephony)', value: 'telephony' },
				{ name: 'Mail (mail)', value: 'mail' },
				{ name: `Office PBX (${pbx})`, value: pbx },
			],
			paginationToken: undefined,
		});
		expect((await search('searchModules', {}, 'MAIL')).results).toEqual([
			{ name: 'Mail (mail)', value: 'mail' },
		]);
		expect(t.platform.requests.map((r) => [r.method, r.path, r.query])).toEqual([
			['GET', '/pub/v1/scheme/modules', {}],
			['GET', '/pub/v1/scheme/modules', {}],
		]);
	});

	test('solutions, shown as "Name (code)", valued by code', async () => {
		expect(await search('searchSolutions')).toEqual({
			results: [
				{ name: 'Sales solution (sales_solution)', value: S.solutions.sales },
				{ name: 'HR solution (hr_solution)', value: S.solutions.hr },
			],
			paginationToken: undefined,
		});
		expect((await search('searchSolutions', {}, 'hr_sol')).results).toEqual([
			{ name: 'HR solution (hr_solution)', value: S.solutions.hr },
		]);
		expect(t.platform.requests.map((r) => [r.method, r.path, r.query])).toEqual([
			['GET', '/pub/v1/scheme/solutions', {}],
			['GET', '/pub/v1/scheme/solutions', {}],
		]);
	});

	test.each([
		['searchModules', '/pub/v1/scheme/modules', 'modules'],
		['searchSolutions', '/pub/v1/scheme/solutions', 'solutions'],
	])('%s: a key that may not list them gets a readable message', async (method, path, what) => {
		t.platform.script('GET', path, fail(403, 'access denied'));
		await expect(search(method)).rejects.toThrow(
			`ELMA365: the credential may not list ${what} (HTTP 403)`,
		);
	});
});

describe.each([
	[
		'searchPages',
		'schemePages',
		'pages',
		'pages',
		{ resource: 'page', operation: 'get' },
		[{ name: 'HR report (report)', value: S.pages.report }],
	],
	[
		'searchDocumentTemplates',
		'schemeDocTemplates',
		'doctemplates',
		'document templates',
		{ resource: 'documentTemplate', operation: 'get' },
		[],
	],
])('%s', (method, collection, segment, what, operation, seeded) => {
	const ids: string[] = [];
	beforeAll(() => {
		// More entries than one page of 1,000 (the size a search asks for).
		for (let i = 0; i < 1150; i++) {
			const id = newId();
			ids.push(id);
			t.platform
				.collection(collection)
				.set(id, { __id: id, namespace: 'hr', code: `entry_${i}`, name: `Entry ${i}` });
		}
	});
	afterAll(() => {
		for (const id of ids) t.platform.collection(collection).delete(id);
	});
	const path = `/pub/v1/scheme/namespaces/hr/${segment}`;

	test("the chosen section's entries page by page, shown by name (and code), valued by id; a search goes past the first page", async () => {
		const parameters = { ...operation, namespace: picked('hr') };
		const first = await search(method, parameters);
		expect(first.results).toHaveLength(100);
		expect(first.results.slice(0, seeded.length + 1)).toEqual([
			...seeded,
			{ name: 'Entry 0 (entry_0)', value: ids[0] },
		]);
		expect(first.paginationToken).toBe('100');
		const last = await search(method, parameters, undefined, '1100');
		expect(last.results.map((r) => r.value)).toEqual(ids.slice(1100 - seeded.length));
		expect(last.paginationToken).toBeUndefined();
		const found = await search(
			method,
			{ ...operation, namespace: picked('hr', 'code') },
			'entry 1149',
		);
		expect(found).toEqual({
			results: [{ name: 'Entry 1149 (entry_1149)', value: ids[1149] }],
			paginationToken: undefined,
		});
		// Browsing asks for 100 at a time; the search for 1,000, and goes on past the first 1,000 without a match.
		expect(t.platform.requests.map((r) => [r.method, r.path, r.query])).toEqual([
			['GET', path, { from: '0', size: '100' }],
			['GET', path, { from: '1100', size: '100' }],
			['GET', path, { from: '0', size: '1000' }],
			['GET', path, { from: '1000', size: '1000' }],
		]);
	});

	test('is empty until the section is chosen, without a request', async () => {
		await expect(search(method, operation)).resolves.toEqual({ results: [] });
		expect(t.platform.requests).toHaveLength(0);
	});

	test('a key that may not list them gets a readable message', async () => {
		t.platform.script('GET', path, fail(403, 'access denied'));
		await expect(search(method, { ...operation, namespace: picked('hr') })).rejects.toThrow(
			`ELMA365: the credential may not list the ${what} of section "hr" (HTTP 403)`,
		);
	});
});

describe('operations with picked values', () => {
	const run = (parameters: Record<string, unknown>) =>
		t.run({ nodeType: NODE, parameters: parameters as never });

	test.each([
		[
			'module get, picked',
			{ resource: 'module', operation: 'get', moduleId: picked('telephony') },
			'/pub/v1/scheme/modules/telephony',
			() => entry('schemeModules', 'telephony'),
		],
		[
			'module exportability, typed by ID',
			{ resource: 'module', operation: 'getExportability', moduleId: picked('mail', 'id') },
			'/pub/v1/scheme/modules/mail/exportable',
			() => ({ exportable: false, reasons: ['module uses components that cannot be exported'] }),
		],
		[
			'solution get, picked',
			{ resource: 'solution', operation: 'get', solutionCode: picked(S.solutions.hr) },
			`/pub/v1/scheme/solutions/${S.solutions.hr}`,
			() => entry('schemeSolutions', S.solutions.hr),
		],
		[
			'solution exportability, typed by code',
			{
				resource: 'solution',
				operation: 'getExportability',
				solutionCode: picked(S.solutions.sales, 'code'),
			},
			`/pub/v1/scheme/solutions/${S.solutions.sales}/exportable`,
			() => ({ exportable: true, reasons: [] }),
		],
		[
			'page get, picked in the chosen section',
			{
				resource: 'page',
				operation: 'get',
				namespace: picked('crm'),
				pageId: picked(S.pages.dashboard),
			},
			`/pub/v1/scheme/pages/${S.pages.dashboard}`,
			() => entry('schemePages', S.pages.dashboard),
		],
		[
			'page get, typed by ID without a section',
			{ resource: 'page', operation: 'get', pageId: picked(S.pages.report, 'id') },
			`/pub/v1/scheme/pages/${S.pages.report}`,
			() => entry('schemePages', S.pages.report),
		],
		[
			'document template get, picked in the chosen section',
			{
				resource: 'documentTemplate',
				operation: 'get',
				namespace: picked('crm'),
				templateId: picked(S.docTemplates.invoice),
			},
			`/pub/v1/scheme/doctemplates/${S.docTemplates.invoice}`,
			() => entry('schemeDocTemplates', S.docTemplates.invoice),
		],
		[
			'document template get, typed by ID without a section',
			{
				resource: 'documentTemplate',
				operation: 'get',
				templateId: picked(S.docTemplates.contract, 'id'),
			},
			`/pub/v1/scheme/doctemplates/${S.docTemplates.contract}`,
			() => entry('schemeDocTemplates', S.docTemplates.contract),
		],
	])('%s', async (_name, parameters, path, output) => {
		const { items, error } = await run(parameters);
		expect(error).toBeUndefined();
		expect(t.platform.requests.map((r) => [r.method, r.path, r.query, r.body])).toEqual([
			['GET', path, {}, undefined],
		]);
		expect(jsonOf(items)).toEqual([output()]);
	});

	test('an ID with spaces typed in the picker is refused by the editor check, before any request', async () => {
		const { error } = await run({
			resource: 'page',
			operation: 'get',
			pageId: picked('not an id', 'id'),
		});
		expect(error?.message).toBe("The 'ELMA365' node has issues:\n- An ID has no spaces");
		expect(t.platform.requests).toHaveLength(0);
	});
});
