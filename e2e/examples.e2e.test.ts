/**
 * The importable example workflows of examples/ (linked from the README), imported into a real n8n
 * as a user would (with the sandbox credential attached), activated, and run through their webhook:
 * n8n's answer and the request the sandbox received.
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import {
	activateWorkflow,
	callWebhook,
	clearSandboxRequests,
	elma365Node,
	n8nApi,
	PACKAGE,
	sandboxData,
	sandboxRequests,
	state,
} from './helpers';

const EXAMPLES = path.resolve(__dirname, '..', 'examples');
const bob = '0b000000-0000-4000-8000-000000000b0b';

interface Workflow {
	name: string;
	nodes: Array<{ type: string; parameters: Record<string, unknown>; credentials?: unknown }>;
}

/** Imports and activates an example, the ELMA365 nodes given the sandbox credential; returns its webhook path. */
async function importExample(file: string): Promise<string> {
	const workflow = JSON.parse(fs.readFileSync(path.join(EXAMPLES, file), 'utf8')) as Workflow;
	for (const node of workflow.nodes) {
		if (node.type.startsWith(`${PACKAGE}.`))
			node.credentials = { elma365Api: { id: state.credentialId, name: 'ELMA365 sandbox' } };
	}
	const created = await n8nApi('POST', '/workflows', workflow);
	expect(created.status).toBe(200);
	const activated = await n8nApi('POST', `/workflows/${created.json.id as string}/activate`);
	expect(activated.status).toBe(200);
	return workflow.nodes.find((node) => node.type === 'n8n-nodes-base.webhook')!.parameters
		.path as string;
}

async function run(file: string, body: unknown) {
	const hook = await importExample(file);
	await clearSandboxRequests();
	const answer = await callWebhook(hook, body);
	return { ...answer, requests: await sandboxRequests() };
}

test('every example is linked from the README', () => {
	const readme = fs.readFileSync(path.resolve(__dirname, '..', 'README.md'), 'utf8');
	for (const file of fs.readdirSync(EXAMPLES)) expect(readme).toContain(`](examples/${file})`);
});

test('find-user-by-email: the e-mail from the request filters the user list; the answer is the simplified user', async () => {
	const { status, json, requests } = await run('find-user-by-email.json', {
		email: 'bob@example.com',
	});
	expect(status).toBe(200);
	expect(requests.map((r) => [r.method, r.path, r.body])).toEqual([
		[
			'POST',
			'/pub/v1/user/list',
			{ filter: { tf: { email: 'bob@example.com' } }, from: 0, size: 1 },
		],
	]);
	expect(json).toEqual([
		{ __id: bob, __name: 'Bob Jones', login: 'bob', email: 'bob@example.com' },
	]);
});

test('start-process-from-webhook: the fields from the request become the mapped process context', async () => {
	const amount = { cents: 120000, currency: 'EUR' };
	const { status, json, requests } = await run('start-process-from-webhook.json', {
		subject: 'Approve the Q3 deal',
		amount,
	});
	expect(status).toBe(200);
	expect(requests.map((r) => [r.method, r.path, r.body])).toEqual([
		[
			'POST',
			'/pub/v1/bpm/template/crm/approval/run',
			{ context: { subject: 'Approve the Q3 deal', amount } },
		],
	]);
	const [started] = json as Array<{ instanceId: string; context: Record<string, unknown> }>;
	expect(started.context).toEqual({
		subject: 'Approve the Q3 deal',
		amount,
		__id: started.instanceId,
	});
});

test('list-report-rows: every row of the report', async () => {
	const { status, json, requests } = await run('list-report-rows.json', {});
	expect(status).toBe(200);
	expect(requests.map((r) => [r.method, r.path])).toEqual([
		['POST', '/pub/v1/reports/sales/monthly/list'],
	]);
	expect(json).toEqual([
		{ __id: 'r1', month: '2026-01', total: 10 },
		{ __id: 'r2', month: '2026-02', total: 12 },
	]);
});

const WORKFLOWS = path.join(__dirname, 'workflows');
const TRIGGER = 'n8n-nodes-base.manualTrigger';

interface SavedNode {
	name: string;
	type: string;
	parameters: Record<string, unknown>;
	notes?: string;
	credentials?: unknown;
	[key: string]: unknown;
}

interface SavedWorkflow {
	name: string;
	nodes: SavedNode[];
	connections: Record<string, unknown>;
	settings?: Record<string, unknown>;
}

function sampleOf(file: string): SavedWorkflow {
	return JSON.parse(fs.readFileSync(path.join(WORKFLOWS, file), 'utf8')) as SavedWorkflow;
}

/** Every resource locator of a node's parameters, however deep. */
function locatorsOf(value: unknown): Array<{ mode: string; value: unknown }> {
	if (!value || typeof value !== 'object') return [];
	if ((value as { __rl?: unknown }).__rl === true)
		return [value as { mode: string; value: unknown }];
	return Object.values(value).flatMap(locatorsOf);
}

/**
 * Runs a sample workflow as saved, once: its manual trigger is replaced by a webhook of the same
 * name (so its connections stay), the ELMA365 nodes get the sandbox credential. Returns n8n's
 * answer (the last node's items, or its first item's file with `binary`) and what reached the sandbox.
 */
async function runSample(file: string, binary = false) {
	const sample = sampleOf(file);
	const hook = `e2e-${path.basename(file, '.json')}`;
	const credentials = { elma365Api: { id: state.credentialId, name: 'ELMA365 sandbox' } };
	const nodes = sample.nodes.map((node) => {
		if (node.type === TRIGGER)
			return {
				...node,
				type: 'n8n-nodes-base.webhook',
				typeVersion: 2,
				webhookId: randomUUID(),
				parameters: {
					httpMethod: 'POST',
					path: hook,
					responseMode: 'lastNode',
					responseData: binary ? 'firstEntryBinary' : 'allEntries',
					...(binary ? { responseBinaryPropertyName: 'data' } : {}),
					options: {},
				},
			};
		return node.type.startsWith(`${PACKAGE}.`) ? { ...node, credentials } : node;
	});
	await activateWorkflow({ ...sample, name: `e2e ${sample.name}`, nodes });
	await clearSandboxRequests();
	const answer = await callWebhook(hook);
	return { ...answer, requests: await sandboxRequests() };
}

test('npm start imports every sample workflow, on pickers, without notes about versions', async () => {
	const files = fs.readdirSync(WORKFLOWS).filter((file) => file.startsWith('sample-'));
	expect(Object.keys(state.sampleWorkflows).sort()).toEqual(files.sort());
	for (const file of files) {
		const sample = sampleOf(file);
		const imported = await n8nApi('GET', `/workflows/${state.sampleWorkflows[file].id}`);
		expect(imported.status).toBe(200);
		expect(imported.json.name).toBe(sample.name);
		expect(sample.nodes.filter((node) => node.type === TRIGGER)).toHaveLength(1);
		for (const node of sample.nodes) {
			expect(node.notes ?? '').not.toMatch(/version/i);
			if (!node.type.startsWith(`${PACKAGE}.`)) continue;
			// A value typed in (not an expression) is one the picker chose.
			const typed = locatorsOf(node.parameters).filter(
				(locator) => !String(locator.value).startsWith('='),
			);
			expect(typed.map((locator) => locator.mode)).toEqual(typed.map(() => 'list'));
		}
	}
});

test('sample-process-start: starts CRM > Approval with the mapped context and reads the new instance back', async () => {
	const { status, json, requests } = await runSample('sample-process-start.json');
	expect(status).toBe(200);
	const context = {
		subject: 'Office chairs for the new team',
		amount: { cents: 240000, currency: 'EUR' },
		due: '2026-12-15T00:00:00Z',
	};
	const [start, read] = requests;
	expect(requests).toHaveLength(2);
	expect([start.method, start.path, start.body]).toEqual([
		'POST',
		'/pub/v1/bpm/template/crm/approval/run',
		{ context },
	]);
	const [instance] = json as Array<Record<string, unknown>>;
	expect([read.method, read.path]).toEqual(['POST', `/pub/v1/bpm/instance/${instance.__id}/get`]);
	expect(json).toEqual([
		{
			...context,
			__id: instance.__id,
			__templateId: '8a000000-0000-4000-8000-0000000000b1',
			__createdAt: expect.any(String),
			__updatedAt: expect.any(String),
			__state: 'exec',
		},
	]);
});

test('sample-task-complete: completes the onboarding checklist through Approve and reads it back closed', async () => {
	const task = 'cc000000-0000-4000-8000-0000000000a3';
	const { status, json, requests } = await runSample('sample-task-complete.json');
	expect(status).toBe(200);
	const submitted = { exitId: 'approve', context: { comment: 'Checklist reviewed in n8n' } };
	// The task is read first for its process instance (docs/nodes/task.md, Complete > instanceId).
	expect(requests.map((r) => [r.method, r.path])).toEqual([
		['GET', `/pub/v1/tasks/${task}/get`],
		['PUT', `/pub/v1/tasks/${task}/submit`],
		['GET', `/pub/v1/tasks/${task}/get`],
	]);
	expect(requests[1].body).toEqual({
		...submitted,
		instanceId: 'ba000000-0000-4000-8000-0000000000b2',
	});
	expect(json).toEqual([
		expect.objectContaining({
			__id: task,
			__name: 'Review the onboarding checklist',
			state: 'closed',
			submitted,
		}),
	]);
});

test('sample-file-upload-download: a text file uploaded into Documents comes back with the same bytes', async () => {
	const documents = 'aa000000-0000-4000-8000-0000000000d1';
	const { status, json, requests } = await runSample('sample-file-upload-download.json', true);
	expect(status).toBe(200);
	expect(json).toBe('Hello from n8n: uploaded to the ELMA365 sandbox and read back.');
	// The stored file's ID is the one the download asked a link for.
	const id = requests[1]?.path.split('/')[5];
	expect(requests.map((r) => [r.method, r.path])).toEqual([
		['POST', `/pub/v1/disk/directory/${documents}/upload`],
		['POST', `/pub/v1/disk/file/${id}/get-link`],
		['GET', `/pub/v1/disk/download/${id}`],
	]);
	expect((await sandboxData('diskFiles')).find((file) => file.__id === id)).toMatchObject({
		originalName: 'hello-from-n8n.txt',
		directory: documents,
		mimeType: 'text/plain',
	});
});

test("the sample workflow's case update, as saved: the case's own directory and document flow are kept, one PUT with the settings set", async () => {
	const sample = JSON.parse(
		fs.readFileSync(path.join(__dirname, 'workflows', 'sample-case-update.json'), 'utf8'),
	) as { nodes: Array<{ type: string; typeVersion: number; parameters: Record<string, unknown> }> };
	const update = sample.nodes.find((node) => node.type === `${PACKAGE}.elma365Nomenclature`)!;
	expect(update.typeVersion).toBe(1);
	const incoming = '6b000000-0000-4000-8000-0000000000c2';
	const letters = '5b000000-0000-4000-8000-0000000000d2';
	const before = (await sandboxData('nomenclatureCases')).find((c) => c.__id === incoming)!;
	await activateWorkflow({
		name: 'e2e sample case update',
		nodes: [
			{
				parameters: {
					httpMethod: 'POST',
					path: 'e2e-sample-case-update',
					responseMode: 'lastNode',
					responseData: 'allEntries',
					options: {},
				},
				id: randomUUID(),
				name: 'Webhook',
				type: 'n8n-nodes-base.webhook',
				typeVersion: 2,
				position: [0, 0],
				webhookId: randomUUID(),
			},
			elma365Node('elma365Nomenclature', update.parameters),
		],
		connections: { Webhook: { main: [[{ node: 'ELMA365', type: 'main', index: 0 }]] } },
	});
	await clearSandboxRequests();
	const { status } = await callWebhook('e2e-sample-case-update');
	expect(status).toBe(200);
	const requests = await sandboxRequests();
	const put = requests.filter((r) => r.method === 'PUT');
	expect(put.map((r) => r.path)).toEqual([`/pub/v1/nomenclature/${incoming}`]);
	const body = put[0].body as Record<string, unknown>;
	expect(body).toMatchObject({
		directoryId: before.directoryId ?? letters,
		docflow: before.docflow,
		name: 'Incoming letters 2026',
	});
	expect((body.registrationSettings as Record<string, unknown>).template).toBe('IN-{$__index}');
});
