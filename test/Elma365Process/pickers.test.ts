import type { INodeProperties, INodeTypeDescription } from 'n8n-workflow';
import { loadPackage, resourceMapperFields, searchList } from '../harness/engine';
import { fail, newId, ok } from '../harness/index.ts';
import { jsonOf, usePlatform, picked } from '../harness/setup';
import { LARGE_PAGE_SIZE, MAX_PAGE_SIZE, PAGE_SIZE } from '../../nodes/shared/lists/pager';

const t = usePlatform();
const editor = { nodeType: 'elma365Process' };
const located = { namespace: picked('crm'), processCode: picked('approval') };
const schemeKey = 'crm/approval';
const schemePath = '/pub/v1/scheme/namespaces/crm/processes/approval';

/** The approval template's scheme as the double serves it (under `item`), with the given body. */
function scheme(body: Record<string, unknown>) {
	t.platform.collection('schemeProcessTemplates').set(schemeKey, {
		__id: approvalId,
		namespace: 'crm',
		code: 'approval',
		name: 'Approval',
		...body,
	});
}

const mapperOf = (parameters: Record<string, unknown> = located) =>
	resourceMapperFields({
		...editor,
		parameters: parameters as never,
		credential: t.credential(),
		method: 'getProcessContextFields',
	});

/** Process > Start with the mapper's fields as the editor loads them and `value` mapped (Continue On Fail with input items). */
async function start(
	value: Record<string, unknown>,
	extra: Record<string, unknown> = {},
	input?: Array<{ json: Record<string, unknown> }>,
) {
	scheme({ context: CONTEXT });
	const { fields: schema } = await mapperOf();
	t.platform.reset();
	return await t.run({
		...editor,
		parameters: {
			resource: 'process',
			operation: 'start',
			...located,
			columns: { mappingMode: 'defineBelow', value, matchingColumns: [], schema },
			...extra,
		} as never,
		input,
		continueOnFail: input !== undefined,
	});
}

const CONTEXT = [
	{ code: 'subject', type: 'STRING', required: true, array: false, view: { name: 'Subject' } },
	{ code: 'amount', type: 'FLOAT', required: false, array: false, view: { name: 'Amount' } },
	{ code: 'days', type: 'INTEGER', required: false, array: false, view: { name: 'Days' } },
	{ code: 'urgent', type: 'BOOLEAN', required: false, array: false, view: { name: 'Urgent' } },
	{ code: 'due', type: 'DATETIME', required: false, array: false, view: { name: 'Due' } },
	{ code: 'deal', type: 'SYS_COLLECTION', required: false, array: false, view: { name: 'Deal' } },
	{
		code: 'approvers',
		type: 'SYS_USER',
		required: false,
		array: true,
		view: { name: 'Approvers' },
	},
];

const LISTED = [
	['subject', 'Subject', 'string', true],
	['amount', 'Amount', 'number', false],
	['days', 'Days', 'number', false],
	['urgent', 'Urgent', 'boolean', false],
	['due', 'Due', 'dateTime', false],
	['deal', 'Deal', 'string', false],
	['approvers', 'Approvers', 'options', false],
];

/** The company's users in the double: the user fields offer them, e-mails and logins find them. */
const USERS = [
	{ __id: newId(), __name: 'Jane Roe', email: 'jane@example.com', login: 'jroe' },
	{ __id: newId(), __name: 'Adam Poe', email: 'adam@example.com', login: 'apoe' },
	{ __id: newId(), __name: 'Twin One', email: 'twin@example.com', login: 'twin1' },
	{ __id: newId(), __name: 'Twin Two', email: 'TWIN@example.com', login: 'twin2' },
	// Matches "jane@example.com" by inclusion only (the platform's table filter): not the user.
	{ __id: newId(), __name: 'Mary Jane', email: 'mary.jane@example.com.au', login: 'mjane' },
];
const [jane, adam] = USERS;
/** The user list the mapper asks for: the first MAX_USER_OPTIONS users. */
const USER_OPTIONS_READ = ['POST', '/pub/v1/user/list', { from: 0, size: 200 }];

/** The same fields as a map by code (the other shape the scheme may use). */
const CONTEXT_MAP = Object.fromEntries(CONTEXT.map(({ code, ...field }) => [code, field]));

let approvalId: string;
let original: Record<string, unknown>;
let originalReview: Record<string, unknown>;

beforeAll(() => {
	for (const user of USERS) t.platform.collection('users').set(user.__id, user);
	original = t.platform.collection('schemeProcessTemplates').get(schemeKey) as Record<
		string,
		unknown
	>;
	approvalId = original.__id as string;
	originalReview = t.platform
		.collection('schemeProcessTemplates')
		.get('crm.deals/deal_review') as Record<string, unknown>;
	t.platform
		.collection('processTemplates')
		.set('approval', { __id: approvalId, namespace: 'crm', code: 'approval' });
	t.platform
		.collection('processTemplates')
		.set('deal_review', { __id: newId(), namespace: 'crm.deals', code: 'deal_review' });
});

afterEach(() => {
	t.platform.collection('schemeProcessTemplates').set(schemeKey, original);
	t.platform.collection('schemeProcessTemplates').set('crm.deals/deal_review', originalReview);
	t.platform.collection('processInstances').clear();
});

describe('Process > Start description', () => {
	test('Specify Values chooses the context mapper (mode map, reloads with namespace and template, the default), the pairs or the JSON, each shown alone', async () => {
		const loader = await loadPackage();
		const { description } = loader.nodeTypes.elma365Process.type as unknown as {
			description: { version: number; properties: INodeProperties[] };
		};
		expect(description.version).toBe(1);
		const columns = description.properties.filter(
			(p) => p.name === 'columns' && p.displayOptions?.show?.resource?.[0] === 'process',
		);
		expect(columns).toHaveLength(1);
		expect(columns[0].displayOptions?.show).toEqual({
			resource: ['process'],
			operation: ['start'],
			fieldsInputMode: ['mapper'],
		});
		const choice = description.properties.find(
			(p) => p.name === 'fieldsInputMode' && p.displayOptions?.show?.resource?.[0] === 'process',
		);
		expect(choice?.displayName).toBe('Specify Values');
		expect(choice?.default).toBe('mapper');
		expect(choice?.options?.map((o) => ('value' in o ? [o.name, o.value] : []))).toEqual([
			['Using the Form', 'mapper'],
			['Using Field Codes and Values', 'pairs'],
			['Using JSON', 'json'],
		]);
		expect(columns[0].typeOptions?.loadOptionsDependsOn).toEqual([
			'namespace.value',
			'processCode.value',
		]);
		expect(columns[0].typeOptions?.resourceMapper).toMatchObject({
			resourceMapperMethod: 'getProcessContextFields',
			mode: 'map',
		});
		expect(columns[0].required).toBe(false);
		const escapeHatches = description.properties.filter(
			(p) =>
				['fields', 'fieldsJson'].includes(p.name) &&
				p.displayOptions?.show?.resource?.[0] === 'process',
		);
		expect(escapeHatches.map((p) => [p.name, p.displayOptions?.show?.fieldsInputMode])).toEqual([
			['fields', ['pairs']],
			['fieldsJson', ['json']],
		]);
		expect(
			[choice!, columns[0], ...escapeHatches].map((p) => description.properties.indexOf(p)),
		).toEqual(
			[choice!, columns[0], ...escapeHatches]
				.map((p) => description.properties.indexOf(p))
				.sort((a, b) => a - b),
		);
	});
});

describe('context field mapper', () => {
	test.each([
		['a "context" list', { context: CONTEXT }],
		['a "context" map by code', { context: CONTEXT_MAP }],
		['a "process" holding the context list', { process: { code: 'approval', context: CONTEXT } }],
		['a "template" holding the context map', { template: { context: CONTEXT_MAP } }],
		['a "contextFields" list', { contextFields: CONTEXT }],
		['a "fields" list', { fields: CONTEXT }],
	])('lists the context fields of the template from %s', async (_shape, body) => {
		scheme(body);
		const { fields } = await mapperOf();
		expect(fields.map((f) => [f.id, f.displayName, f.type, f.required])).toEqual(LISTED);
		expect(t.platform.requests.map((r) => [r.method, r.path, r.body ?? r.query])).toEqual([
			['GET', schemePath, {}],
			USER_OPTIONS_READ,
		]);
	});

	test.each([
		['at the top level', { context: CONTEXT_MAP }],
		['under "process" at the top level', { process: { context: CONTEXT } }],
	])('finds the context %s of the answer (not under "item")', async (_where, body) => {
		t.platform.script('GET', schemePath, ok(body));
		const { fields } = await mapperOf();
		expect(fields.map((f) => f.id)).toEqual(CONTEXT.map((f) => f.code));
	});

	test('a template of an application ("section.app") is read with the namespace as chosen', async () => {
		t.platform
			.collection('schemeProcessTemplates')
			.set('crm.deals/deal_review', { ...originalReview, context: [CONTEXT[0]] });
		const { fields } = await mapperOf({
			namespace: picked('crm.deals', 'code'),
			processCode: picked('deal_review'),
		});
		expect(fields.map((f) => f.id)).toEqual(['subject']);
		expect(t.platform.requests.map((r) => r.path)).toEqual([
			'/pub/v1/scheme/namespaces/crm.deals/processes/deal_review',
		]);
	});

	test('a scheme without context fields shows a notice pointing at Fields (JSON)', async () => {
		scheme({ context: [] });
		expect(await mapperOf()).toEqual({
			fields: [],
			emptyFieldsNotice:
				'The scheme of process template "crm/approval" lists no context fields: choose another way under Specify Values',
		});
	});

	test("the mapper asks for the namespace and the template first with n8n's notice, without a request", async () => {
		const notice = {
			fields: [],
			emptyFieldsNotice: 'Choose the section and the process template above to see its fields',
		};
		await expect(mapperOf({ processCode: picked('approval') })).resolves.toEqual(notice);
		await expect(mapperOf({ namespace: picked('crm') })).resolves.toEqual(notice);
		expect(t.platform.requests).toHaveLength(0);
	});

	test('a credential that may not read the scheme gets a readable message', async () => {
		t.platform.script('GET', schemePath, fail(403, 'access denied'));
		await expect(mapperOf()).rejects.toMatchObject({
			message:
				'ELMA365: the credential may not list the scheme of process template "crm/approval" (HTTP 403)',
			httpCode: '403',
		});
	});
});

describe('start with mapped context', () => {
	test('each mapped value is sent in the platform shape', async () => {
		const deal = newId();
		const [alice, bob] = [newId(), newId()];
		const { items, error } = await start({
			subject: 'Contract',
			amount: '1250.5',
			days: 3,
			urgent: 'TRUE',
			due: '2027-03-01T10:00:00+03:00',
			deal,
			approvers: `={{ ["${alice}", "${bob}"] }}`,
		});
		expect(error).toBeUndefined();
		const context = {
			subject: 'Contract',
			amount: 1250.5,
			days: 3,
			urgent: true,
			due: '2027-03-01T07:00:00Z',
			deal: [deal],
			approvers: [alice, bob],
		};
		expect(t.platform.requests.map((r) => [r.method, r.path, r.body])).toEqual([
			['POST', '/pub/v1/bpm/template/crm/approval/run', { context }],
		]);
		const [instanceId] = [...t.platform.collection('processInstances').keys()];
		expect(jsonOf(items)).toEqual([{ instanceId, context: { ...context, __id: instanceId } }]);
	});

	test.each([
		['mapper', { subject: 'Mapped', amount: 10 }],
		['pairs', { amount: 20, note: 'pair' }],
		['json', { subject: 'From JSON', extra: [1] }],
	])(
		'Specify Values "%s" sends that section alone, whatever the others hold; empty mapped values are not sent',
		async (choice, context) => {
			const { error } = await start(
				{ subject: 'Mapped', amount: 10, days: null, deal: '' },
				{
					fieldsInputMode: choice,
					fields: {
						field: [
							{ name: 'amount', value: '20' },
							{ name: 'note', value: 'pair' },
						],
					},
					fieldsJson: '{"subject": "From JSON", "extra": [1]}',
				},
			);
			expect(error).toBeUndefined();
			// Pairs and JSON read the template's scheme for their fields' types; the form has them.
			expect(t.platform.requests.map((r) => [r.method, r.path, r.body])).toEqual([
				...(choice === 'mapper' ? [] : [['GET', schemePath, undefined]]),
				['POST', '/pub/v1/bpm/template/crm/approval/run', { context }],
			]);
		},
	);

	test('a Specify Values the form does not offer fails before any request, naming the choice', async () => {
		const { error } = await start({ subject: 'Mapped' }, { fieldsInputMode: 'all' });
		expect(error?.message).toBe(
			'Invalid "Specify Values" in item 0: expected "mapper", "pairs" or "json", got "all"',
		);
		expect(t.platform.requests).toHaveLength(0);
	});

	test('a mapped value that does not fit its field fails before any request, naming the field and item', async () => {
		const { error } = await start({ days: '1.5' });
		expect(error?.message).toBe(
			'Invalid "Values to Send > Days" in item 0: expected a whole number, got "1.5"',
		);
		expect(t.platform.requests).toHaveLength(0);
	});

	test('without mapped fields, the JSON escape hatch alone is the context', async () => {
		const { error } = await t.run({
			...editor,
			parameters: {
				resource: 'process',
				operation: 'start',
				...located,
				fieldsInputMode: 'json',
				fieldsJson: '{"subject": "Only JSON"}',
			} as never,
		});
		expect(error).toBeUndefined();
		expect(t.platform.requests.map((r) => [r.path, r.body])).toEqual([
			[schemePath, undefined],
			['/pub/v1/bpm/template/crm/approval/run', { context: { subject: 'Only JSON' } }],
		]);
	});
});

describe('user fields (Values to Send > Approvers)', () => {
	const listed = (email: string) => [
		'POST',
		'/pub/v1/user/list',
		{ filter: { tf: { email } }, from: 0, size: MAX_PAGE_SIZE },
	];

	const runs = () =>
		t.platform.requests
			.filter((r) => r.path === '/pub/v1/bpm/template/crm/approval/run')
			.map((r) => r.body);

	test("the field offers the company's users by name and e-mail, valued by UUID", async () => {
		scheme({ context: CONTEXT });
		const { fields } = await mapperOf();
		const approvers = fields.find((field) => field.id === 'approvers');
		expect(approvers?.type).toBe('options');
		expect(approvers?.options).toEqual(
			USERS.map((user) => ({ name: `${user.__name} (${user.email})`, value: user.__id })).sort(
				(a, b) => a.name.localeCompare(b.name),
			),
		);
		expect(t.platform.requests.map((r) => [r.method, r.path, r.body ?? r.query])).toEqual([
			['GET', schemePath, {}],
			USER_OPTIONS_READ,
		]);
	});

	test('a user picked is sent as a list of its UUID', async () => {
		const { error } = await start({ approvers: adam.__id });
		expect(error).toBeUndefined();
		expect(t.platform.requests.map((r) => [r.method, r.path, r.body])).toEqual([
			['POST', '/pub/v1/bpm/template/crm/approval/run', { context: { approvers: [adam.__id] } }],
		]);
	});

	test('an e-mail is resolved to the user once per run, for every item that gives it; a login too', async () => {
		const input = [
			{ json: { who: 'Jane@Example.com' } },
			{ json: { who: 'Jane@Example.com' } },
			{ json: { who: 'Jane@Example.com' } },
		];
		const { error, items } = await start({ approvers: '={{ $json.who }}' }, {}, input);
		expect(error).toBeUndefined();
		expect(items).toHaveLength(3);
		expect(
			t.platform.requests
				.filter((r) => r.path === '/pub/v1/user/list')
				.map((r) => [r.method, r.path, r.body]),
		).toEqual([listed('Jane@Example.com')]);
		expect(runs()).toEqual([0, 1, 2].map(() => ({ context: { approvers: [jane.__id] } })));
		t.platform.reset();
		const both = await start({ approvers: `={{ ["apoe", "${jane.__id}"] }}` });
		expect(both.error).toBeUndefined();
		expect(t.platform.requests.map((r) => [r.method, r.path, r.body])).toEqual([
			[
				'POST',
				'/pub/v1/user/list',
				{ filter: { tf: { login: 'apoe' } }, from: 0, size: MAX_PAGE_SIZE },
			],
			[
				'POST',
				'/pub/v1/bpm/template/crm/approval/run',
				{ context: { approvers: [adam.__id, jane.__id] } },
			],
		]);
	});

	test('an e-mail of no user, or of several, fails its item with the field, item and what was expected; the others run (Continue On Fail)', async () => {
		const input = [
			{ json: { who: 'adam@example.com' } },
			{ json: { who: 'nobody@example.com' } },
			{ json: { who: 'twin@example.com' } },
		];
		const { error, items } = await start({ approvers: '={{ $json.who }}' }, {}, input);
		expect(error).toBeUndefined();
		expect(items.map((item) => [item.json.error, item.json.description, item.pairedItem])).toEqual([
			[undefined, undefined, { item: 0 }],
			[
				'Invalid "Values to Send > Approvers" in item 1: expected a user\'s UUID, or the e-mail or login of exactly one user, got "nobody@example.com"',
				'No user has the e-mail "nobody@example.com".',
				{ item: 1 },
			],
			[
				'Invalid "Values to Send > Approvers" in item 2: expected a user\'s UUID, or the e-mail or login of exactly one user, got "twin@example.com"',
				'2 users have the e-mail "twin@example.com": give the user\'s UUID.',
				{ item: 2 },
			],
		]);
		expect(runs()).toEqual([{ context: { approvers: [adam.__id] } }]);
	});

	test('a name is not a user: refused before any request', async () => {
		const { items } = await start({ approvers: '={{ "Jane Roe" }}' }, {}, [{ json: {} }]);
		expect(items[0].json.error).toBe(
			'Invalid "Values to Send > Approvers" in item 0: expected a user (picked, or a user\'s UUID, e-mail or login), or a list of them, got "Jane Roe"',
		);
		expect(t.platform.requests).toHaveLength(0);
	});

	test('a credential that may not list users still gets the mapper, with the user field typed', async () => {
		scheme({ context: CONTEXT });
		t.platform.script('POST', '/pub/v1/user/list', fail(403, 'access denied'));
		const { fields } = await mapperOf();
		const approvers = fields.find((field) => field.id === 'approvers');
		expect([approvers?.type, approvers?.options]).toEqual(['string', undefined]);
	});
});

describe('process template picker for Get Many', () => {
	const search = (parameters: Record<string, unknown>, filter?: string, paginationToken?: string) =>
		searchList({
			...editor,
			parameters: {
				resource: 'instance',
				operation: 'getAll',
				by: 'template',
				...parameters,
			} as never,
			credential: t.credential(),
			method: 'searchInstanceTemplates',
			filter,
			paginationToken,
		});

	describe('a section with many templates', () => {
		const added: string[] = [];
		beforeAll(() => {
			for (let i = 0; i < 150; i++) {
				const id = newId();
				added.push(id);
				t.platform
					.collection('schemeProcessTemplates')
					.set(`hr/flow${i}`, { __id: id, namespace: 'hr', code: `flow${i}`, name: `Flow ${i}` });
			}
		});
		afterAll(() => {
			for (let i = 0; i < 150; i++)
				t.platform.collection('schemeProcessTemplates').delete(`hr/flow${i}`);
		});

		test('templates of the chosen section, page by page, shown as "Name (code)", valued by ID', async () => {
			const onboarding = t.platform.collection('schemeProcessTemplates').get('hr/onboarding') as {
				__id: string;
			};
			const first = await search({ templateNamespace: picked('hr') });
			expect(first.results).toHaveLength(100);
			expect(first.results.slice(0, 2)).toEqual([
				{ name: 'Onboarding (onboarding)', value: onboarding.__id },
				{ name: 'Flow 0 (flow0)', value: added[0] },
			]);
			expect(first.paginationToken).toBe('100');
			const second = await search({ templateNamespace: picked('hr') }, undefined, '100');
			expect(second.results.map((r) => r.value)).toEqual(added.slice(99));
			expect(second.paginationToken).toBeUndefined();
			const found = await search({ templateNamespace: picked('hr', 'code') }, 'FLOW 14');
			expect(found.results.map((r) => r.name)).toEqual([
				'Flow 14 (flow14)',
				...Array.from({ length: 10 }, (_, i) => `Flow ${140 + i} (flow${140 + i})`),
			]);
			expect(t.platform.requests.map((r) => [r.method, r.path])).toEqual([
				['GET', '/pub/v1/scheme/namespaces/hr/processes'],
				['GET', '/pub/v1/scheme/namespaces/hr/processes'],
				['GET', '/pub/v1/scheme/namespaces/hr/processes'],
			]);
		});
	});

	test('templates of an application for "section.app"', async () => {
		const review = t.platform.collection('schemeProcessTemplates').get('crm.deals/deal_review') as {
			__id: string;
		};
		expect(await search({ templateNamespace: picked('crm.deals', 'code') })).toEqual({
			results: [{ name: 'Deal review (deal_review)', value: review.__id }],
			paginationToken: undefined,
		});
		expect(t.platform.requests.map((r) => r.path)).toEqual([
			'/pub/v1/scheme/namespaces/crm/apps/deals/processes',
		]);
	});

	test('the list is empty until the template section is chosen (not the start namespace), without a request', async () => {
		await expect(search({ namespace: picked('crm') })).resolves.toEqual({ results: [] });
		expect(t.platform.requests).toHaveLength(0);
	});

	test('a credential that may not list the templates gets a readable message', async () => {
		t.platform.script('GET', '/pub/v1/scheme/namespaces/crm/processes', fail(403, 'access denied'));
		await expect(search({ templateNamespace: picked('crm') })).rejects.toMatchObject({
			message:
				'ELMA365: the credential may not list the process templates of section "crm" (HTTP 403)',
			httpCode: '403',
			description: expect.stringContaining('type the value in instead'),
		});
	});

	test.each([
		[
			'picked from the list',
			{ templateNamespace: picked('crm'), templateId: () => picked(approvalId) },
		],
		['typed by ID, without a section', { templateId: () => picked(approvalId, 'id') }],
	])(
		'get many by a template %s sends its ID in the path',
		async (_name, { templateId, ...rest }) => {
			const instances = [0, 1].map((i) => ({
				__id: newId(),
				__templateId: approvalId,
				__name: `Run ${i}`,
			}));
			for (const instance of instances)
				t.platform.collection('processInstances').set(instance.__id, instance);
			const { items, error } = await t.run({
				...editor,
				parameters: {
					resource: 'instance',
					operation: 'getAll',
					by: 'template',
					...rest,
					templateId: templateId(),
					limit: 5,
				} as never,
			});
			expect(error).toBeUndefined();
			expect(t.platform.requests.map((r) => [r.method, r.path, r.query, r.body])).toEqual([
				['POST', `/pub/v1/bpm/instance/bytemplateid/${approvalId}/list`, {}, { from: 0, size: 5 }],
			]);
			expect(jsonOf(items)).toEqual(instances);
		},
	);

	test('a template ID that is not a UUID fails before any request: typed (the picker check) or from an expression', async () => {
		const run = (templateId: unknown) =>
			t.run({
				...editor,
				parameters: {
					resource: 'instance',
					operation: 'getAll',
					by: 'template',
					templateId,
				} as never,
			});
		expect((await run(picked('approval', 'id'))).error?.message).toBe(
			"The 'ELMA365' node has issues:\n- Not a valid UUID",
		);
		expect((await run(picked('={{ "approval" }}', 'id'))).error?.message).toMatch(
			/^Invalid "Template ID" in item 0: expected a UUID/,
		);
		expect(t.platform.requests).toHaveLength(0);
	});
});

describe('instance picker of the single-instance operations', () => {
	const OPERATIONS = [
		'get',
		'interrupt',
		'restartStep',
		'skipStep',
		'moveToVersion',
		'updateContext',
	];
	let runs: Array<{ __id: string; __templateId: string; __name: string }>;
	beforeEach(() => {
		runs = ['Deal 7 approval', 'Deal 9 approval'].map((name) => ({
			__id: newId(),
			__templateId: approvalId,
			__name: name,
		}));
		for (const run of runs) t.platform.collection('processInstances').set(run.__id, run);
		// An instance of another template is not listed.
		const other = { __id: newId(), __templateId: newId(), __name: 'Deal 7 other' };
		t.platform.collection('processInstances').set(other.__id, other);
	});

	const search = (parameters: Record<string, unknown>, filter?: string) =>
		searchList({
			...editor,
			parameters: { resource: 'instance', operation: 'get', ...parameters } as never,
			credential: t.credential(),
			method: 'searchTemplateInstances',
			filter,
		});

	test.each(OPERATIONS.filter((operation) => operation !== 'updateContext'))(
		'%s: Template Section and Process Template fill the Instance list; By ID stays',
		async (operation) => {
			const loader = await loadPackage();
			const properties = (loader.nodeTypes.elma365Process.type.description as INodeTypeDescription)
				.properties;
			const shown = properties.filter((p) =>
				(p.displayOptions?.show?.operation as string[] | undefined)?.includes(operation),
			);
			const instance = shown.find((p) => p.name === 'instanceId');
			expect(instance?.modes?.map((m) => [m.name, m.typeOptions?.searchListMethod])).toEqual([
				['list', 'searchTemplateInstances'],
				['id', undefined],
			]);
			expect(instance?.typeOptions?.loadOptionsDependsOn).toEqual(['templateId.value']);
			expect(
				shown
					.filter((p) => ['templateNamespace', 'templateId'].includes(p.name))
					.map((p) => [p.name, p.required, p.modes?.[0].typeOptions?.searchListMethod]),
			).toEqual([
				['templateNamespace', false, 'searchNamespaces'],
				['templateId', false, 'searchInstanceTemplates'],
			]);
		},
	);

	test('Update Context: the Section and Process Template of its field form also fill the Instance list', async () => {
		const loader = await loadPackage();
		const properties = (loader.nodeTypes.elma365Process.type.description as INodeTypeDescription)
			.properties;
		const shown = properties.filter((p) =>
			(p.displayOptions?.show?.operation as string[] | undefined)?.includes('updateContext'),
		);
		expect(shown.slice(0, 4).map((p) => p.name)).toEqual([
			'namespace',
			'processApplication',
			'processCode',
			'instanceId',
		]);
		const instance = shown.find((p) => p.name === 'instanceId');
		expect(instance?.modes?.map((m) => [m.name, m.typeOptions?.searchListMethod])).toEqual([
			['list', 'searchTemplateCodeInstances'],
			['id', undefined],
		]);
		expect(instance?.typeOptions?.loadOptionsDependsOn).toEqual([
			'namespace.value',
			'processApplication.value',
			'processCode.value',
		]);
		const search = (parameters: Record<string, unknown>, filter?: string) =>
			searchList({
				...editor,
				parameters: { resource: 'instance', operation: 'updateContext', ...parameters } as never,
				credential: t.credential(),
				method: 'searchTemplateCodeInstances',
				filter,
			});
		expect(await search(located, 'Deal 7')).toEqual({
			results: [{ name: 'Deal 7 approval', value: runs[0].__id }],
			paginationToken: undefined,
		});
		await expect(search({ namespace: picked('crm') })).resolves.toEqual({ results: [] });
		expect(t.platform.requests.map((r) => [r.method, r.path, r.body])).toEqual([
			[
				'POST',
				'/pub/v1/bpm/instance/bytemplate/crm/approval/list',
				{ filter: { tf: { __name: 'Deal 7' } }, from: 0, size: LARGE_PAGE_SIZE },
			],
		]);
	});

	test("the instances of the chosen template, by name, from the vendor's list by template ID", async () => {
		expect(await search({ templateId: picked(approvalId) })).toEqual({
			results: [
				{ name: 'Deal 7 approval', value: runs[0].__id },
				{ name: 'Deal 9 approval', value: runs[1].__id },
			],
			paginationToken: undefined,
		});
		expect(await search({ templateId: picked(approvalId, 'id') }, ' deal 9 ')).toEqual({
			results: [{ name: 'Deal 9 approval', value: runs[1].__id }],
			paginationToken: undefined,
		});
		expect(t.platform.requests.map((r) => [r.method, r.path, r.body])).toEqual([
			[
				'POST',
				`/pub/v1/bpm/instance/bytemplateid/${approvalId}/list`,
				{ from: 0, size: PAGE_SIZE },
			],
			[
				'POST',
				`/pub/v1/bpm/instance/bytemplateid/${approvalId}/list`,
				{ filter: { tf: { __name: 'deal 9' } }, from: 0, size: LARGE_PAGE_SIZE },
			],
		]);
	});

	test('the list is empty until a template is chosen, without a request', async () => {
		await expect(search({ templateNamespace: picked('crm') })).resolves.toEqual({ results: [] });
		expect(t.platform.requests).toHaveLength(0);
	});

	test.each(OPERATIONS)(
		'%s sends the same request whether the instance is picked, typed by ID or a plain saved ID',
		async (operation) => {
			const id = runs[0].__id;
			const forms = [
				operation === 'updateContext'
					? { ...located, instanceId: picked(id) }
					: {
							templateNamespace: picked('crm'),
							templateId: picked(approvalId),
							instanceId: picked(id),
						},
				{ instanceId: picked(id, 'id') },
				{ instanceId: id },
			];
			const sent = [];
			for (const form of forms) {
				t.platform.requests.length = 0;
				// Each run finds the instance as seeded (Interrupt stops it).
				t.platform.collection('processInstances').set(id, { ...runs[0] });
				const { error } = await t.run({
					...editor,
					parameters: {
						resource: 'instance',
						operation,
						...form,
						...(operation === 'updateContext'
							? { fieldsInputMode: 'json', fieldsJson: '{"amount": 1}', comment: 'Amount fixed' }
							: {}),
					} as never,
				});
				expect(error).toBeUndefined();
				sent.push(t.platform.requests.map((r) => [r.method, r.path, r.query, r.body]));
			}
			// Update Context with its template picked first reads the template's scheme (for the JSON's types).
			if (operation === 'updateContext')
				expect(sent[0].shift()).toEqual([
					'GET',
					'/pub/v1/scheme/namespaces/crm/processes/approval',
					{},
					undefined,
				]);
			expect(sent[0]).toHaveLength(1);
			expect(sent[0][0][1]).toContain(`/pub/v1/bpm/instance/${id}/`);
			expect(sent[1]).toEqual(sent[0]);
			expect(sent[2]).toEqual(sent[0]);
		},
	);
});

describe("an application's process: Section, then Application, instead of typing section.app", () => {
	const withApp = { namespace: picked('crm'), processApplication: picked('deals') };

	test('Start, Get Many by code, Move All and Update Context show Application between Section and Process Template', async () => {
		const loader = await loadPackage();
		const properties = (loader.nodeTypes.elma365Process.type.description as INodeTypeDescription)
			.properties;
		for (const operation of ['start', 'getAll', 'moveAllToVersion', 'updateContext']) {
			const names = properties
				.filter((p) =>
					(p.displayOptions?.show?.operation as string[] | undefined)?.includes(operation),
				)
				.map((p) => p.name);
			const at = names.indexOf('processApplication');
			expect([operation, names.slice(at - 1, at + 2)]).toEqual([
				operation,
				['namespace', 'processApplication', 'processCode'],
			]);
		}
		const picker = properties.find((p) => p.name === 'processApplication');
		expect(picker).toMatchObject({
			type: 'resourceLocator',
			required: false,
			typeOptions: { loadOptionsDependsOn: ['namespace.value'] },
		});
		expect(picker?.modes?.map((m) => [m.name, m.typeOptions?.searchListMethod])).toEqual([
			['list', 'searchApplications'],
			['code', undefined],
		]);
		const template = properties.find(
			(p) =>
				p.name === 'processCode' &&
				(p.displayOptions?.show?.operation as string[] | undefined)?.includes('start'),
		);
		expect(template?.typeOptions?.loadOptionsDependsOn).toEqual([
			'namespace.value',
			'processApplication.value',
		]);
	});

	test('the applications of the chosen section, then the processes of the chosen application', async () => {
		const apps = await searchList({
			...editor,
			parameters: { resource: 'process', operation: 'start', namespace: picked('crm') } as never,
			credential: t.credential(),
			method: 'searchApplications',
		});
		expect(apps.results).toContainEqual({
			name: expect.stringContaining('(deals)'),
			value: 'deals',
		});
		const templates = await searchList({
			...editor,
			parameters: { resource: 'process', operation: 'start', ...withApp } as never,
			credential: t.credential(),
			method: 'searchProcessTemplates',
		});
		expect(templates).toEqual({
			results: [{ name: 'Deal review (deal_review)', value: 'deal_review' }],
			paginationToken: undefined,
		});
		expect(t.platform.requests.map((r) => [r.method, r.path])).toEqual([
			['GET', '/pub/v1/scheme/namespaces/crm/apps'],
			['GET', '/pub/v1/scheme/namespaces/crm/apps/deals/processes'],
		]);
	});

	test('the context fields are read for "section.app", as a typed one is', async () => {
		t.platform
			.collection('schemeProcessTemplates')
			.set('crm.deals/deal_review', { ...originalReview, context: [CONTEXT[0]] });
		const { fields } = await mapperOf({ ...withApp, processCode: picked('deal_review') });
		expect(fields.map((f) => f.id)).toEqual(['subject']);
		expect(t.platform.requests.map((r) => r.path)).toEqual([
			'/pub/v1/scheme/namespaces/crm.deals/processes/deal_review',
		]);
	});

	test('Start sends the same request with Section + Application as with "crm.deals" typed', async () => {
		const sent = [];
		for (const form of [
			{ ...withApp, processCode: picked('deal_review') },
			{ namespace: picked('crm.deals', 'code'), processCode: picked('deal_review') },
			{ namespace: 'crm', processApplication: 'deals', processCode: 'deal_review' },
		]) {
			t.platform.requests.length = 0;
			const { error } = await t.run({
				...editor,
				parameters: {
					resource: 'process',
					operation: 'start',
					...form,
					fieldsInputMode: 'json',
					fieldsJson: '{"subject": "Deal 7"}',
				} as never,
			});
			expect(error).toBeUndefined();
			sent.push(t.platform.requests.map((r) => [r.method, r.path, r.body]));
		}
		// JSON reads the template's scheme for its fields' types first, at the same section.app.
		expect(sent[0]).toEqual([
			['GET', '/pub/v1/scheme/namespaces/crm.deals/processes/deal_review', undefined],
			[
				'POST',
				'/pub/v1/bpm/template/crm.deals/deal_review/run',
				{ context: { subject: 'Deal 7' } },
			],
		]);
		expect(sent[1]).toEqual(sent[0]);
		expect(sent[2]).toEqual(sent[0]);
	});

	test('Get Many by template code and Move All to Latest Version use "section.app" in the path', async () => {
		const { error } = await t.run({
			...editor,
			parameters: {
				resource: 'instance',
				operation: 'getAll',
				by: 'templateCode',
				...withApp,
				processCode: picked('deal_review'),
				limit: 5,
			} as never,
		});
		expect(error).toBeUndefined();
		const moved = await t.run({
			...editor,
			parameters: {
				resource: 'instance',
				operation: 'moveAllToVersion',
				...withApp,
				processCode: picked('deal_review'),
			} as never,
		});
		expect(moved.error).toBeUndefined();
		expect(jsonOf(moved.items)[0]).toMatchObject({
			namespace: 'crm.deals',
			processCode: 'deal_review',
			updateAllActive: true,
		});
		expect(t.platform.requests.map((r) => [r.method, r.path])).toEqual([
			['POST', '/pub/v1/bpm/instance/bytemplate/crm.deals/deal_review/list'],
			['POST', '/pub/v1/bpm/instance/bytemplate/crm.deals/deal_review/version'],
		]);
	});

	test('an application that is not one path segment fails before any request', async () => {
		const { error } = await t.run({
			...editor,
			parameters: {
				resource: 'process',
				operation: 'start',
				namespace: picked('crm'),
				processApplication: picked('deals/x', 'code'),
				processCode: picked('deal_review'),
				fieldsInputMode: 'json',
				fieldsJson: '{}',
			} as never,
		});
		expect(error?.message).toMatch(/"Application"/);
		expect(t.platform.requests).toHaveLength(0);
	});
});

describe('pairs and JSON (and $fromAI values there) converted by the template scheme', () => {
	const WITH_MONEY = [
		...CONTEXT,
		{ code: 'fee', type: 'MONEY', array: false, view: { name: 'Fee', data: { currency: 'EUR' } } },
		{ code: 'price', type: 'MONEY', array: false, view: { name: 'Price' } },
		// A type the mapper does not convert: its value goes as given.
		{ code: 'wait', type: 'DURATION', array: false, view: { name: 'Wait' } },
	];
	const RUN = '/pub/v1/bpm/template/crm/approval/run';

	/** Process > Start with `fields` as pairs (or `json` as Fields (JSON)), `$fromAI`-style values from the input. */
	async function startWith(
		parameters: Record<string, unknown>,
		input?: Array<{ json: Record<string, unknown> }>,
	) {
		scheme({ context: WITH_MONEY });
		t.platform.reset();
		return await t.run({
			...editor,
			parameters: { resource: 'process', operation: 'start', ...located, ...parameters } as never,
			input,
		});
	}
	const pairs = (entries: Record<string, string>) => ({
		fieldsInputMode: 'pairs',
		fields: { field: Object.entries(entries).map(([name, value]) => ({ name, value })) },
	});

	test('pairs: money as "2500.00 EUR", a bare amount in the currency the scheme gives, a user by e-mail, a date in ISO; the scheme read once per run', async () => {
		const { error } = await startWith(
			pairs({
				fee: '={{ $json.fee }}',
				price: '2500.00 usd',
				approvers: '={{ $json.who }}',
				due: '2027-03-01T10:00:00+03:00',
				days: '3',
				wait: '3600',
				note: 'kept as given',
			}),
			[{ json: { fee: 2500, who: 'adam@example.com' } }, { json: { fee: '12.5', who: jane.__id } }],
		);
		expect(error).toBeUndefined();
		const context = (fee: Record<string, unknown>, approver: string) => ({
			fee,
			price: { cents: 250000, currency: 'USD' },
			approvers: [approver],
			due: '2027-03-01T07:00:00Z',
			days: 3,
			wait: 3600,
			note: 'kept as given',
		});
		expect(t.platform.requests.map((r) => [r.method, r.path, r.body])).toEqual([
			['GET', schemePath, undefined],
			[
				'POST',
				'/pub/v1/user/list',
				{ filter: { tf: { email: 'adam@example.com' } }, from: 0, size: MAX_PAGE_SIZE },
			],
			['POST', RUN, { context: context({ cents: 250000, currency: 'EUR' }, adam.__id) }],
			['POST', RUN, { context: context({ cents: 1250, currency: 'EUR' }, jane.__id) }],
		]);
	});

	test('JSON: n8n DateTime and a {cents, currency} object are sent in the platform shape', async () => {
		const { error } = await startWith({
			fieldsInputMode: 'json',
			fieldsJson:
				'={{ JSON.stringify({ due: "2027-03-01", price: { cents: 5, currency: "RUB" }, fee: "7 EUR" }) }}',
		});
		expect(error).toBeUndefined();
		expect(t.platform.requests.map((r) => [r.method, r.path, r.body])).toEqual([
			['GET', schemePath, undefined],
			[
				'POST',
				RUN,
				{
					context: {
						due: '2027-03-01T00:00:00Z',
						price: { cents: 5, currency: 'RUB' },
						fee: { cents: 700, currency: 'EUR' },
					},
				},
			],
		]);
	});

	test('a value that fits no shape of its type is refused before the run, naming the section, the field, its type and an example', async () => {
		for (const [parameters, message] of [
			[
				pairs({ price: '2500' }),
				'Invalid "Fields > price (MONEY)" in item 0: expected an amount and a currency such as 2500.00 EUR, or {"cents": 250000, "currency": "EUR"}, got 2500',
			],
			[
				pairs({ fee: 'lots' }),
				'Invalid "Fields > fee (MONEY)" in item 0: expected an amount such as 2500.00 (in EUR), an amount and a currency such as 2500.00 EUR, or {"cents": 250000, "currency": "EUR"}, got "lots"',
			],
			[
				pairs({ due: '01.03.2027' }),
				'Invalid "Fields > due (DATETIME)" in item 0: expected an ISO 8601 date-time such as 2027-01-01T00:00:00Z, got "01.03.2027"',
			],
			[
				{ fieldsInputMode: 'json', fieldsJson: '{"deal": "Acme"}' },
				'Invalid "Fields (JSON) > deal (SYS_COLLECTION)" in item 0: expected a UUID or a list of UUIDs, got "Acme"',
			],
		] as const) {
			const { error } = await startWith(parameters);
			expect(error?.message).toBe(message);
			expect(t.platform.requests.map((r) => r.path)).toEqual([schemePath]);
		}
	});

	test('a user e-mail that names no user is refused before the run', async () => {
		const { error } = await startWith(pairs({ approvers: 'nobody@example.com' }));
		expect(error?.message).toBe(
			'Invalid "Fields > approvers (SYS_USER)" in item 0: expected a user\'s UUID, or the e-mail or login of exactly one user, got "nobody@example.com"',
		);
		expect(t.platform.requests.map((r) => r.path)).toEqual([schemePath, '/pub/v1/user/list']);
	});

	test('where the scheme cannot be read, pairs are sent as given (the raw way), and the platform judges them', async () => {
		scheme({ context: WITH_MONEY });
		const raw = async (entries: Record<string, string>) => {
			t.platform.reset();
			t.platform.script('GET', schemePath, fail(403, 'access denied'));
			return await t.run({
				...editor,
				parameters: {
					resource: 'process',
					operation: 'start',
					...located,
					...pairs(entries),
				} as never,
			});
		};
		const { error } = await raw({ due: '2027-03-01T10:00:00+03:00', who: 'x' });
		expect(error).toBeUndefined();
		expect(t.platform.requests.map((r) => [r.method, r.path, r.body])).toEqual([
			['GET', schemePath, undefined],
			['POST', RUN, { context: { due: '2027-03-01T10:00:00+03:00', who: 'x' } }],
		]);
		// A bare amount is not money: the double refuses it as the platform's field types do.
		const refused = await raw({ fee: '2500' });
		expect(refused.error?.message).toBe(
			'ELMA365 400: fee: cannot unmarshal number into field of type MONEY',
		);
		expect(t.platform.requests.map((r) => [r.method, r.path, r.body])).toEqual([
			['GET', schemePath, undefined],
			['POST', RUN, { context: { fee: 2500 } }],
		]);
	});
});
