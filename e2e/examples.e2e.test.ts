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
	expect(json).toEqual([{ __id: bob, __name: 'Bob Jones', email: 'bob@example.com' }]);
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
