/**
 * The importable example workflows of examples/ (linked from the README), imported into a real n8n
 * as a user would (with the sandbox credential attached), activated, and run through their webhook:
 * n8n's answer and the request the sandbox received.
 */
import fs from 'node:fs';
import path from 'node:path';
import {
	callWebhook,
	clearSandboxRequests,
	n8nApi,
	PACKAGE,
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
