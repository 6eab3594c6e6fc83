import type { INode } from 'n8n-workflow';
import { notFoundWords } from '../../nodes/shared/pickers/notFound';
import { newId } from '../harness/index.ts';
import { itemsOf } from '../harness/routes/app.ts';
import { searchList } from '../harness/engine';
import { PollStore, pollNode } from '../harness/poll';
import { jsonOf, pairingOf, usePlatform, byCode, picked } from '../harness/setup';

const t = usePlatform();

/** A section or code typed by its code (the pickers' By Code mode). */

const getMany = (namespace: string, application: string, extra: Record<string, unknown> = {}) => ({
	resource: 'item',
	operation: 'getAll',
	namespace: byCode(namespace),
	application: byCode(application),
	returnAll: true,
	...extra,
});

const CHECK_APPLICATION =
	'Check Section and Application: a code must be spelled as the platform has it, case included (codes are usually lower case, e.g. crm/deals). Pick it from the list in "Application", or look it up with Scheme > Application > Get Many.';
const NOT_FOUND = 'The platform has no such address or object (HTTP 404).';
/** What the company has, read after the 404 (once per run) so that the error names it. */
const SECTIONS = 'The company\'s sections (codes): "crm" (CRM), "hr" (HR).';
const CRM_APPLICATIONS =
	'The applications of section "crm" (codes): "deals" (Deals), "companies" (Companies).';
const SECTIONS_READ = ['GET', '/pub/v1/scheme/namespaces'];
const CRM_APPLICATIONS_READ = ['GET', '/pub/v1/scheme/namespaces/crm/apps'];

const dealId = newId();

beforeAll(() => {
	// A double with an application list knows its whole catalogue, as the sandbox does.
	const apps = t.platform.collection('apps');
	apps.clear();
	apps.set('crm/deals', { namespace: 'crm', code: 'deals', name: 'Deals' });
	itemsOf(t.platform, 'app', 'crm', 'deals').set(dealId, { __id: dealId, __name: 'Chairs' });
	itemsOf(t.platform, 'reports', 'crm', 'sales_report').set('r1', { __id: 'r1', total: 1 });
});

afterAll(() => t.platform.collection('apps').clear());

describe('a code the platform does not know fails, naming the code, the field and the list', () => {
	test.each([
		[
			'CRM',
			'Deals',
			'/pub/v1/app/CRM/Deals/list',
			`${SECTIONS} Did you mean "crm"?`,
			[SECTIONS_READ],
		],
		[
			'crm',
			'nosuchapp',
			'/pub/v1/app/crm/nosuchapp/list',
			CRM_APPLICATIONS,
			[SECTIONS_READ, CRM_APPLICATIONS_READ],
		],
	])(
		'App > Item > Get Many in %s/%s: HTTP 404, sent once, then what the company has is read once',
		async (namespace, application, path, known, reads) => {
			const { items, error } = await t.run({
				nodeType: 'elma365App',
				parameters: getMany(namespace, application) as never,
			});
			expect(items).toEqual([]);
			const name = `${namespace}/${application}`;
			expect(error?.message).toBe(
				`ELMA365 404: Application "${name}" was not found (application ${name} not found)`,
			);
			expect(error?.description).toBe(
				`${NOT_FOUND} ${CHECK_APPLICATION} ${known} Request: POST ${path.slice('/pub/v1'.length)}.`,
			);
			expect(error?.httpCode).toBe('404');
			expect(t.platform.requests.map((r) => [r.method, r.path])).toEqual([
				['POST', path],
				...reads,
			]);
		},
	);

	test('Continue On Fail: one output item per input item, in order, the failures paired', async () => {
		const { items, error } = await t.run({
			nodeType: 'elma365App',
			parameters: getMany('crm', '={{ $json.app }}') as never,
			continueOnFail: true,
			input: [{ json: { app: 'deals' } }, { json: { app: 'Deals' } }, { json: { app: 'nope' } }],
		});
		expect(error).toBeUndefined();
		expect(jsonOf(items)).toEqual([
			{ __id: dealId, __name: 'Chairs' },
			{
				error:
					'ELMA365 404: Application "crm/Deals" was not found (application crm/Deals not found)',
				description: `${NOT_FOUND} ${CHECK_APPLICATION} ${CRM_APPLICATIONS} Did you mean "deals"? Request: POST /app/crm/Deals/list.`,
				httpCode: '404',
			},
			{
				error: 'ELMA365 404: Application "crm/nope" was not found (application crm/nope not found)',
				description: `${NOT_FOUND} ${CHECK_APPLICATION} ${CRM_APPLICATIONS} Request: POST /app/crm/nope/list.`,
				httpCode: '404',
			},
		]);
		expect(pairingOf(items)).toEqual([{ item: 0 }, { item: 1 }, { item: 2 }]);
		// Two failed items, one read of each list.
		const reads = t.platform.requests.filter((r) => r.method === 'GET').map((r) => r.path);
		expect(reads).toEqual([SECTIONS_READ[1], CRM_APPLICATIONS_READ[1]]);
	});

	test('an item read keeps the platform words: the 404 may be the item or the application', async () => {
		const { error } = await t.run({
			nodeType: 'elma365App',
			parameters: { ...getMany('crm', 'Deals'), operation: 'get', itemId: dealId } as never,
		});
		expect(error?.message).toBe('ELMA365 404: application crm/Deals not found');
		expect(error?.description).toBe(
			`${NOT_FOUND} The item, or Application "crm/Deals" itself, does not exist. ${CHECK_APPLICATION} ${CRM_APPLICATIONS} Did you mean "deals"? Request: POST /app/crm/Deals/${dealId}/get.`,
		);
		expect(error?.httpCode).toBe('404');
	});

	test('Report > Get Many of an unknown report names the Report field and its list', async () => {
		const { error } = await t.run({
			nodeType: 'elma365Report',
			parameters: {
				resource: 'item',
				operation: 'getAll',
				namespace: byCode('crm'),
				report: byCode('Sales_Report'),
				returnAll: true,
			} as never,
		});
		expect(error?.message).toBe(
			'ELMA365 404: Report "crm/Sales_Report" was not found (report crm/Sales_Report not found)',
		);
		expect(error?.description).toBe(
			`${NOT_FOUND} Check Section and Report: a code must be spelled as the platform has it, case included (codes are usually lower case, e.g. crm/deals). Pick it from the list in "Report", or look it up with Scheme > Report > Get Many. The reports of section "crm" (codes): "sales_report" (Sales by month), "pipeline" (Pipeline). Did you mean "sales_report"? Request: POST /reports/crm/Sales_Report/list.`,
		);
	});

	test('Process > Start of an unknown template names the Process Template field and its list', async () => {
		const { error } = await t.run({
			nodeType: 'elma365Process',
			parameters: {
				resource: 'process',
				operation: 'start',
				namespace: byCode('crm.deals'),
				processCode: byCode('Approval'),
			} as never,
		});
		expect(error?.message).toBe(
			'ELMA365 404: Process template "crm.deals/Approval" was not found (process template crm.deals/Approval not found)',
		);
		expect(error?.description).toBe(
			`${NOT_FOUND} Check Section and Process Template: a code must be spelled as the platform has it, case included (codes are usually lower case, e.g. crm/deals). Pick it from the list in "Process Template", or look it up with Scheme > Process Template > Get Many in Section. The process templates of application "crm.deals" (codes): "deal_review" (Deal review). Request: POST /bpm/template/crm.deals/Approval/run.`,
		);
		expect(t.platform.requests.map((r) => [r.method, r.path])).toEqual([
			['POST', '/pub/v1/bpm/template/crm.deals/Approval/run'],
			SECTIONS_READ,
			['GET', '/pub/v1/scheme/namespaces/crm/apps/deals/processes'],
		]);
	});

	test('a known application still lists its items', async () => {
		const { items, error } = await t.run({
			nodeType: 'elma365App',
			parameters: getMany('crm', 'deals') as never,
		});
		expect(error).toBeUndefined();
		expect(jsonOf(items)).toEqual([{ __id: dealId, __name: 'Chairs' }]);
	});
});

describe('the Scheme reads of an unknown code name what the company has', () => {
	const scheme = (operation: string, extra: Record<string, unknown>) => ({
		resource: 'application',
		operation,
		...extra,
	});

	test("Application > Get of an application in another case: the section's codes and the one meant", async () => {
		const { error } = await t.run({
			nodeType: 'elma365Scheme',
			parameters: scheme('get', {
				namespace: byCode('crm'),
				application: byCode('Deals'),
			}) as never,
		});
		expect(error?.message).toBe(
			'ELMA365 404: Application "crm/Deals" was not found (application crm.Deals not found)',
		);
		expect(error?.description).toBe(
			`${NOT_FOUND} ${CHECK_APPLICATION} ${CRM_APPLICATIONS} Did you mean "deals"? Request: GET /scheme/namespaces/crm/apps/Deals.`,
		);
		expect(t.platform.requests.map((r) => [r.method, r.path])).toEqual([
			['GET', '/pub/v1/scheme/namespaces/crm/apps/Deals'],
			SECTIONS_READ,
			CRM_APPLICATIONS_READ,
		]);
	});

	test('Application > Get Many in a section that does not exist: the sections', async () => {
		const { error } = await t.run({
			nodeType: 'elma365Scheme',
			parameters: scheme('getAll', { namespace: byCode('sales'), returnAll: true }) as never,
		});
		expect(error?.message).toMatch(/^ELMA365 404: Section "sales" was not found/);
		expect(error?.description).toBe(
			`${NOT_FOUND} Check Section: a code must be spelled as the platform has it, case included (codes are usually lower case, e.g. crm/deals). Pick it from the list in "Section", or look it up with Scheme > Section > Get Many. ${SECTIONS} Request: GET /scheme/namespaces/sales/apps.`,
		);
		expect(t.platform.requests.map((r) => [r.method, r.path])).toEqual([
			['GET', '/pub/v1/scheme/namespaces/sales/apps'],
			SECTIONS_READ,
		]);
	});
});

describe('pickers and the trigger word the 404 of an unknown code as the operations do', () => {
	test('the item picker of an unknown application', async () => {
		const search = searchList({
			nodeType: 'elma365App',
			parameters: {
				resource: 'item',
				operation: 'get',
				namespace: byCode('crm'),
				application: byCode('nope'),
			} as never,
			credential: { baseUrl: t.platform.url, apiKey: t.platform.apiKey },
			method: 'searchItems',
		});
		await expect(search).rejects.toMatchObject({
			message: 'ELMA365 404: Application "crm/nope" was not found (application crm/nope not found)',
			description: `${NOT_FOUND} ${CHECK_APPLICATION} ${CRM_APPLICATIONS} Request: POST /app/crm/nope/list.`,
			httpCode: '404',
		});
	});

	test('a poll of the App Trigger on an unknown application', async () => {
		const result = await pollNode({
			nodeType: 'elma365AppTrigger',
			parameters: { event: 'newItem', namespace: picked('crm'), application: picked('nope') },
			store: new PollStore(),
			credential: { baseUrl: t.platform.url, apiKey: t.platform.apiKey },
		});
		expect(result.error?.message).toBe(
			'ELMA365 404: Application "crm/nope" was not found (application crm/nope not found)',
		);
		expect(result.error?.description).toBe(
			`${NOT_FOUND} ${CHECK_APPLICATION} ${CRM_APPLICATIONS} Request: POST /app/crm/nope/list.`,
		);
	});
});

describe('as an agent tool: the hint names the tool arguments the codes came from', () => {
	const fromAI = (key: string) => ({
		__rl: true,
		mode: 'code',
		value: `={{ $fromAI('${key}', 'a code', 'string') }}`,
	});
	const node = (parameters: Record<string, unknown>) =>
		({
			id: '1',
			name: 'find_items',
			type: 'n8n-nodes-elma365.elma365AppTool',
			typeVersion: 1,
			position: [0, 0],
			parameters,
		}) as INode;

	test('both codes from $fromAI: the arguments and the listing operation, no picker', () => {
		const words = notFoundWords(
			'/app/crm/Deals/list',
			undefined,
			node({ namespace: fromAI('section'), application: fromAI('app_code') }),
		);
		expect(words?.hint).toBe(
			'Check the tool arguments "section" and "app_code": a code must be spelled as the platform has it, case included (codes are usually lower case, e.g. crm/deals). Take both from the answer of the tool that lists the applications of a section (the code field of each; ELMA365 Scheme > Application > Get Many).',
		);
	});

	test('a code fixed in the form: the form words', () => {
		const words = notFoundWords(
			'/app/crm/Deals/list',
			undefined,
			node({ namespace: byCode('crm'), application: fromAI('app_code') }),
		);
		expect(words?.hint).toBe(CHECK_APPLICATION);
	});

	test('a process template: the template argument', () => {
		const words = notFoundWords(
			'/bpm/template/crm/aproval/run',
			'not found',
			node({ namespace: fromAI('section'), processCode: fromAI('template') }),
		);
		expect(words?.hint).toMatch(/^Check the tool arguments "section" and "template": /);
		expect(words?.message).toBe('Process template "crm/aproval" was not found (not found)');
	});
});
