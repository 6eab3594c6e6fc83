/**
 * Every ELMA365 node of the packed package, loaded by a real n8n from <user folder>/.n8n/nodes,
 * run in a Webhook-triggered workflow against the sandbox: the node's output as n8n returns it,
 * and the request the sandbox received.
 */
import fs from 'node:fs';
import path from 'node:path';
import {
	callWebhook,
	byCode,
	locator,
	n8nApi,
	runThroughN8n,
	sandboxData,
	sandboxRequests,
	clearSandboxRequests,
	state,
	webhookWorkflow,
} from './helpers';

const S = {
	letters: '5b000000-0000-4000-8000-0000000000d2',
	contracts: '5a000000-0000-4000-8000-0000000000d1',
	incoming: '6b000000-0000-4000-8000-0000000000c2',
	serial: '6f000000-0000-4000-8000-00000000005e',
	alice: '0a000000-0000-4000-8000-00000000a11c',
	segment: '9a000000-0000-4000-8000-0000000000e1',
	diskDirectory: 'aa000000-0000-4000-8000-0000000000d1',
	contract: '7c000000-0000-4000-8000-0000000000c7',
	/** The process instance every sandbox task belongs to (e2e/sandbox.ts). */
	processInstance: 'ba000000-0000-4000-8000-0000000000b2',
};
const auth = () => `Bearer ${state.sandboxKey}`;
const wire = (
	requests: Array<{
		method: string;
		path: string;
		query: unknown;
		headers: Record<string, string>;
	}>,
) => requests.map((r) => [r.method, r.path, r.query, r.headers.authorization]);

describe('ELMA365 Nomenclature in n8n', () => {
	test('the sample workflow was saved with the node type from the installed package', async () => {
		const { status, json } = await n8nApi('GET', `/workflows/${state.sampleWorkflowId}`);
		expect(status).toBe(200);
		const nodes = json.nodes as Array<{ type: string; parameters: Record<string, unknown> }>;
		expect(nodes.map((n) => n.type)).toEqual([
			'n8n-nodes-base.manualTrigger',
			'n8n-nodes-elma365.elma365Nomenclature',
		]);
	});

	test('case update: every field reaches the sandbox as the spec names it, and the case is changed', async () => {
		const { status, json, requests } = await runThroughN8n(
			'e2e-case-update',
			'elma365Nomenclature',
			{
				resource: 'case',
				operation: 'update',
				caseId: locator(S.incoming),
				directoryId: locator(S.letters),
				docflow: 'output',
				name: 'Outgoing letters 2026',
				registrationSettings: {
					templateEnabled: true,
					template: 'OUT-{$__index}',
					minLength: 5,
					reserveEnabled: true,
					editAfterRegistration: false,
					resetInPeriod: true,
					through: false,
					throughSerialId: S.serial,
					resetSettings: {
						resetPeriod: 'week',
						resetPeriodCount: 3,
						nextResetAt: '2027-01-01T00:00:00Z',
					},
				},
			},
		);
		expect(status).toBe(200);
		expect(requests).toHaveLength(1);
		const [request] = requests;
		expect(request.method).toBe('PUT');
		expect(request.path).toBe(`/pub/v1/nomenclature/${S.incoming}`);
		expect(request.query).toEqual({});
		expect(request.headers.authorization).toBe(auth());
		expect(request.headers['content-type']).toMatch(/^application\/json/);
		const body = request.body as Record<string, unknown>;
		expect(Object.keys(body).sort()).toEqual([
			'directoryId',
			'docflow',
			'name',
			'registrationSettings',
		]);
		expect(body.directoryId).toBe(S.letters);
		expect(body.docflow).toBe('output');
		expect(body.name).toBe('Outgoing letters 2026');
		const settings = body.registrationSettings as Record<string, unknown>;
		expect(Object.keys(settings).sort()).toEqual([
			'editAfterRegistration',
			'minLength',
			'reserveEnabled',
			'resetInPeriod',
			'resetSettings',
			'template',
			'templateEnabled',
			'through',
			'throughSerialId',
		]);
		expect(settings.editAfterRegistration).toBe(false);
		expect(settings.minLength).toBe(5);
		expect(settings.reserveEnabled).toBe(true);
		expect(settings.resetInPeriod).toBe(true);
		expect(settings.template).toBe('OUT-{$__index}');
		expect(settings.templateEnabled).toBe(true);
		expect(settings.through).toBe(false);
		expect(settings.throughSerialId).toBe(S.serial);
		const reset = settings.resetSettings as Record<string, unknown>;
		expect(Object.keys(reset).sort()).toEqual(['nextResetAt', 'resetPeriod', 'resetPeriodCount']);
		expect(reset.resetPeriod).toBe('week');
		expect(reset.resetPeriodCount).toBe(3);
		expect(new Date(reset.nextResetAt as string).toISOString()).toBe('2027-01-01T00:00:00.000Z');
		const stored = (await sandboxData('nomenclatureCases')).find((c) => c.__id === S.incoming);
		expect(stored).toEqual({ ...body, __id: S.incoming });
		expect(json).toEqual([stored]);
	});

	test('case update with a bad directory: the platform 400 text reaches n8n and nothing changes', async () => {
		const before = await sandboxData('nomenclatureCases');
		await webhookWorkflow('e2e-case-update-bad', 'elma365Nomenclature', {
			resource: 'case',
			operation: 'update',
			caseId: locator(S.incoming),
			directoryId: locator('00000000-0000-4000-8000-000000000000'),
			docflow: 'input',
			name: 'x',
		});
		await clearSandboxRequests();
		const { status } = await callWebhook('e2e-case-update-bad');
		expect(status).toBe(500);
		expect(wire(await sandboxRequests())).toEqual([
			['PUT', `/pub/v1/nomenclature/${S.incoming}`, {}, auth()],
		]);
		expect(await sandboxData('nomenclatureCases')).toEqual(before);
		const { json } = await n8nApi('GET', '/executions?status=error&includeData=true&limit=1');
		const [execution] = json.data as Array<{
			data: { resultData: { error: { message: string } } };
		}>;
		expect(execution.data.resultData.error.message).toBe(
			'ELMA365 400: directory 00000000-0000-4000-8000-000000000000 not found',
		);
	});

	test('directory list', async () => {
		const { status, json, requests } = await runThroughN8n(
			'e2e-directories',
			'elma365Nomenclature',
			{ resource: 'directory', operation: 'getAll', returnAll: true },
		);
		expect(status).toBe(200);
		expect(json).toEqual([
			{ __id: S.contracts, name: 'Contracts' },
			{ __id: S.letters, name: 'Letters' },
		]);
		expect(requests.map((r) => [r.method, r.path])).toEqual([
			['GET', '/pub/v1/nomenclature/directory'],
		]);
	});
});

const cases: Array<{
	title: string;
	node: string;
	parameters: Record<string, unknown>;
	wire: unknown[];
	output: (json: unknown) => void;
}> = [
	{
		title: 'ELMA365 App: list applications',
		node: 'elma365App',
		parameters: { resource: 'application', operation: 'getAll', returnAll: true },
		wire: [['GET', '/pub/v1/app/list', {}]],
		output: (json) =>
			expect((json as Array<{ code: string }>).map((a) => a.code)).toEqual([
				'deals',
				'companies',
				'contracts',
				'products',
			]),
	},
	{
		title: 'ELMA365 Contract: list contract items',
		node: 'elma365Contract',
		parameters: {
			resource: 'item',
			operation: 'getAll',
			namespace: byCode('legal'),
			application: byCode('contracts'),
			returnAll: true,
		},
		wire: [['POST', '/pub/v1/contracts/legal/contracts/list', {}]],
		output: (json) =>
			expect(json).toEqual([{ __id: S.contract, __name: 'Supply contract', amount: 1000 }]),
	},
	{
		title: 'ELMA365 Report: list report rows',
		node: 'elma365Report',
		parameters: {
			resource: 'item',
			operation: 'getAll',
			namespace: byCode('sales'),
			report: byCode('monthly'),
			returnAll: true,
		},
		wire: [['POST', '/pub/v1/reports/sales/monthly/list', {}]],
		output: (json) =>
			expect(json).toEqual([
				{ __id: 'r1', month: '2026-01', total: 10 },
				{ __id: 'r2', month: '2026-02', total: 12 },
			]),
	},
	{
		title: 'ELMA365 Process: start a process',
		node: 'elma365Process',
		parameters: {
			resource: 'process',
			operation: 'start',
			namespace: byCode('crm'),
			processCode: byCode('approval'),
			fieldsInputMode: 'json',
			fieldsJson: '{"note": "from n8n"}',
		},
		// JSON values are typed by the template's scheme, read first.
		wire: [
			['GET', '/pub/v1/scheme/namespaces/crm/processes/approval', {}],
			['POST', '/pub/v1/bpm/template/crm/approval/run', {}],
		],
		output: (json) => {
			const [started] = json as Array<{ instanceId: string; context: Record<string, unknown> }>;
			expect(started.context).toEqual({ note: 'from n8n', __id: started.instanceId });
		},
	},
	{
		title: 'ELMA365 User: list users',
		node: 'elma365User',
		parameters: { resource: 'user', operation: 'getAll', returnAll: true },
		wire: [['POST', '/pub/v1/user/list', {}]],
		output: (json) =>
			expect((json as Array<{ email: string }>).map((u) => u.email)).toEqual([
				'alice@example.com',
				'bob@example.com',
				'carol@example.com',
			]),
	},
	{
		title: 'ELMA365 Telephony: read the extension bindings',
		node: 'elma365Telephony',
		parameters: { resource: 'binding', operation: 'get', moduleCode: byCode('voip_main') },
		wire: [['GET', '/pub/v1/integration/voip_main/voip/bindings', {}]],
		output: (json) => expect(json).toEqual([{ bindings: [{ extension: '101', userId: S.alice }] }]),
	},
	{
		title: 'ELMA365 Marketing: get a segment',
		node: 'elma365Marketing',
		parameters: { resource: 'segment', operation: 'get', segmentId: locator(S.segment) },
		wire: [['GET', `/pub/v1/marketing/segment/${S.segment}`, {}]],
		output: (json) => expect(json).toEqual([{ __id: S.segment, name: 'Newsletter' }]),
	},
	{
		title: 'ELMA365 File: get a directory',
		node: 'elma365File',
		parameters: { resource: 'directory', operation: 'get', directoryId: locator(S.diskDirectory) },
		wire: [['GET', `/pub/v1/disk/directory/${S.diskDirectory}`, {}]],
		output: (json) => expect(json).toEqual([{ __id: S.diskDirectory, name: 'Documents' }]),
	},
	{
		title: 'ELMA365 Scheme: list sections',
		node: 'elma365Scheme',
		parameters: { resource: 'namespace', operation: 'getAll', returnAll: true },
		wire: [['GET', '/pub/v1/scheme/namespaces', { from: '0', size: '10000' }]],
		output: (json) =>
			expect((json as Array<{ code: string }>).map((n) => n.code)).toEqual([
				'crm',
				'hr',
				'sales',
				'legal',
			]),
	},
];

describe.each(cases)('$title', ({ node, parameters, wire: expected, output }) => {
	test('runs in n8n against the sandbox', async () => {
		const { status, json, requests } = await runThroughN8n(
			`e2e-${node}-${String(parameters.operation)}`,
			node,
			parameters,
		);
		expect(status).toBe(200);
		expect(requests.map((r) => [r.method, r.path, r.query])).toEqual(expected);
		for (const request of requests) expect(request.headers.authorization).toBe(auth());
		output(json);
	});
});

describe('Approve from a webhook (e2e/workflows/approve-from-webhook.json)', () => {
	const task = 'ca000000-0000-4000-8000-0000000000a1';
	const deal = '7a000000-0000-4000-8000-0000000000a1';

	test('Webhook -> ELMA365 Task: Complete -> ELMA365 App: Comment, imported as saved and run once', async () => {
		const workflow = JSON.parse(
			fs.readFileSync(path.join(__dirname, 'workflows', 'approve-from-webhook.json'), 'utf8'),
		);
		for (const node of workflow.nodes) {
			if (node.type.startsWith('n8n-nodes-elma365.'))
				node.credentials = { elma365Api: { id: state.credentialId, name: 'ELMA365 sandbox' } };
		}
		const created = await n8nApi('POST', '/workflows', workflow);
		expect(created.status).toBe(200);
		expect((await n8nApi('POST', `/workflows/${created.json.id as string}/activate`)).status).toBe(
			200,
		);
		await clearSandboxRequests();

		const { status, json } = await callWebhook('approve-task', {
			taskId: task,
			exit: 'approve',
			comment: 'Fine by me',
			dealId: deal,
		});
		expect(status).toBe(200);
		const requests = await sandboxRequests();
		expect(
			requests.map((r) => [r.method, r.path, r.query, r.headers.authorization, r.body]),
		).toEqual([
			// The task read once for its process instance, then completed with it.
			['GET', `/pub/v1/tasks/${task}/get`, {}, auth(), undefined],
			[
				'PUT',
				`/pub/v1/tasks/${task}/submit`,
				{},
				auth(),
				{ exitId: 'approve', instanceId: S.processInstance, context: { comment: 'Fine by me' } },
			],
			[
				'POST',
				`/pub/v1/feed/crm/deals/${deal}/message`,
				{},
				auth(),
				{ body: 'Task approve from n8n: Fine by me' },
			],
		]);
		expect((await sandboxData('tasks')).find((t) => t.__id === task)).toMatchObject({
			state: 'closed',
			submitted: { exitId: 'approve' },
		});
		// The deal's comments: the sandbox's first note on it, then the one the workflow posted.
		const comments = (await sandboxData('comments')).filter(
			(comment) => comment.item === `crm/deals/${deal}`,
		);
		expect(json).toEqual(comments.slice(1));
		expect(comments).toEqual([
			expect.objectContaining({ item: `crm/deals/${deal}`, body: 'Opened "Office chairs"' }),
			expect.objectContaining({
				item: `crm/deals/${deal}`,
				body: 'Task approve from n8n: Fine by me',
			}),
		]);

		// The same call again: the task is closed, the platform says so and nothing more is posted.
		await clearSandboxRequests();
		const again = await callWebhook('approve-task', {
			taskId: task,
			exit: 'approve',
			comment: 'Twice',
			dealId: deal,
		});
		expect(again.status).toBe(500);
		// The exits are read after the refusal: the exit given is one of them, so the words stay the platform's.
		expect((await sandboxRequests()).map((r) => [r.method, r.path])).toEqual([
			['GET', `/pub/v1/tasks/${task}/get`],
			['PUT', `/pub/v1/tasks/${task}/submit`],
			['GET', `/pub/v1/tasks/${task}/exits`],
		]);
	});
});
