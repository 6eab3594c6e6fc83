/**
 * examples/receive-webhook-block.json, the path that needs no module installed in ELMA365: imported
 * into the real n8n as a user would (the sandbox credential on its ELMA365 node), activated, and
 * called the ways the vendor's help says the process Webhook block and a pipeline stage's Webhook
 * action call a URL (platform/360024383972, crm/360012693559): GET, or POST as JSON, FORM or TEXT,
 * with no header of the user's choosing. The help does not name the content types; each test names
 * the one it sends. Each call: n8n's answer, the one execution it made (the item the fields became,
 * the deal read) and the request the sandbox received.
 */
import fs from 'node:fs';
import path from 'node:path';
import { clearSandboxRequests, n8nApi, PACKAGE, sandboxRequests, state } from './helpers';

const deal = '7a000000-0000-4000-8000-0000000000a1';
const dealItem = {
	__id: deal,
	__name: 'Office chairs',
	amount: { cents: 120000, currency: 'EUR' },
};
const readDeal = ['POST', `/pub/v1/app/crm/deals/${deal}/get`, {}];

interface Execution {
	id: string;
	status: string;
	stoppedAt: string | null;
	data: {
		resultData: {
			error?: { message: string };
			runData: Record<string, Array<{ data?: { main: Array<Array<{ json: unknown }>> } }>>;
		};
	};
}

let workflowId: string;
let hook: string;

beforeAll(async () => {
	const file = path.resolve(__dirname, '..', 'examples', 'receive-webhook-block.json');
	const workflow = JSON.parse(fs.readFileSync(file, 'utf8')) as {
		nodes: Array<{ type: string; parameters: Record<string, unknown>; credentials?: unknown }>;
	};
	for (const node of workflow.nodes) {
		if (node.type.startsWith(`${PACKAGE}.`))
			node.credentials = { elma365Api: { id: state.credentialId, name: 'ELMA365 sandbox' } };
	}
	hook = workflow.nodes.find((node) => node.type === 'n8n-nodes-base.webhook')!.parameters
		.path as string;
	const created = await n8nApi('POST', '/workflows', workflow);
	expect(created.status).toBe(200);
	workflowId = created.json.id as string;
	expect((await n8nApi('POST', `/workflows/${workflowId}/activate`)).status).toBe(200);
	// n8n registers a production webhook shortly after activation: wait until a CORS preflight
	// (which runs nothing) lists both methods for the path.
	for (let attempt = 0; attempt < 40; attempt++) {
		const response = await fetch(`${state.n8nUrl}/webhook/${hook}`, {
			method: 'OPTIONS',
			headers: { origin: 'https://elma365.example', 'access-control-request-method': 'POST' },
		});
		const allowed = response.headers.get('access-control-allow-methods') ?? '';
		if (allowed.includes('GET') && allowed.includes('POST')) break;
		await new Promise((resolve) => setTimeout(resolve, 250));
	}
});

async function finishedExecutions(): Promise<Execution[]> {
	const { json } = await n8nApi(
		'GET',
		`/executions?workflowId=${workflowId}&includeData=true&limit=100`,
	);
	return (json.data as Execution[]).filter((execution) => execution.stoppedAt);
}

/** Calls the webhook as the block would; returns n8n's answer, the one new execution and the sandbox's requests. */
async function send(query: string, init: RequestInit) {
	const before = new Set((await finishedExecutions()).map((execution) => execution.id));
	await clearSandboxRequests();
	const response = await fetch(`${state.n8nUrl}/webhook/${hook}${query}`, init);
	const answer = { status: response.status, text: await response.text() };
	const requests = (await sandboxRequests()).map((r) => [r.method, r.path, r.body]);
	let added: Execution[] = [];
	for (let attempt = 0; attempt < 40 && added.length === 0; attempt++) {
		if (attempt) await new Promise((resolve) => setTimeout(resolve, 250));
		added = (await finishedExecutions()).filter((execution) => !before.has(execution.id));
	}
	expect(added).toHaveLength(1);
	const [execution] = added;
	const output = (node: string) =>
		execution.data.resultData.runData[node]?.[0].data?.main[0].map((item) => item.json);
	return {
		...answer,
		requests,
		execution: execution.status,
		error: execution.data.resultData.error?.message,
		fields: output('One item of the fields'),
		read: output('Get the deal'),
	};
}

test('GET: the Data parameters arrive in the query string; one item, the deal read, 200 with no body', async () => {
	const result = await send(`?id=${deal}&stage=Negotiation`, { method: 'GET' });
	expect(result).toMatchObject({ status: 200, text: '', execution: 'success' });
	expect(result.fields).toEqual([{ id: deal, stage: 'Negotiation' }]);
	expect(result.requests).toEqual([readDeal]);
	expect(result.read).toEqual([dealItem]);
});

test('POST JSON (application/json): the body is the item, its types kept', async () => {
	const result = await send('', {
		method: 'POST',
		headers: { 'content-type': 'application/json' },
		body: JSON.stringify({ id: deal, stage: 'Negotiation', amount: 1200 }),
	});
	expect(result).toMatchObject({ status: 200, text: '', execution: 'success' });
	expect(result.fields).toEqual([{ id: deal, stage: 'Negotiation', amount: 1200 }]);
	expect(result.requests).toEqual([readDeal]);
	expect(result.read).toEqual([dealItem]);
});

test('POST FORM (application/x-www-form-urlencoded): the form fields are the item, as text', async () => {
	const result = await send('', {
		method: 'POST',
		headers: { 'content-type': 'application/x-www-form-urlencoded' },
		body: new URLSearchParams({ id: deal, stage: 'Negotiation', amount: '1200' }).toString(),
	});
	expect(result).toMatchObject({ status: 200, text: '', execution: 'success' });
	expect(result.fields).toEqual([{ id: deal, stage: 'Negotiation', amount: '1200' }]);
	expect(result.requests).toEqual([readDeal]);
	expect(result.read).toEqual([dealItem]);
});

test('POST FORM (multipart/form-data): the same item', async () => {
	const form = new FormData();
	form.set('id', deal);
	form.set('stage', 'Negotiation');
	const result = await send('', { method: 'POST', body: form });
	expect(result).toMatchObject({ status: 200, text: '', execution: 'success' });
	expect(result.fields).toEqual([{ id: deal, stage: 'Negotiation' }]);
	expect(result.requests).toEqual([readDeal]);
});

test('POST TEXT (text/plain) with a JSON template: the template read as JSON is the item', async () => {
	const result = await send('', {
		method: 'POST',
		headers: { 'content-type': 'text/plain; charset=utf-8' },
		body: `{"id": "${deal}", "stage": "Переговоры"}`,
	});
	expect(result).toMatchObject({ status: 200, text: '', execution: 'success' });
	expect(result.fields).toEqual([{ id: deal, stage: 'Переговоры' }]);
	expect(result.requests).toEqual([readDeal]);
	expect(result.read).toEqual([dealItem]);
});

test('POST TEXT with a content type n8n does not parse (it arrives as a file): read the same way', async () => {
	const result = await send('', {
		method: 'POST',
		headers: { 'content-type': 'application/octet-stream' },
		body: `{"id": "${deal}"}`,
	});
	expect(result).toMatchObject({ status: 200, text: '', execution: 'success' });
	expect(result.fields).toEqual([{ id: deal }]);
	expect(result.requests).toEqual([readDeal]);
});

test('POST TEXT that is not JSON: the item is { text }; with no id the read fails before any request, and n8n answers 500, an error to the block', async () => {
	const result = await send('', {
		method: 'POST',
		headers: { 'content-type': 'text/plain' },
		body: 'Deal moved to Negotiation',
	});
	expect(result).toMatchObject({
		status: 500,
		execution: 'error',
		error:
			'Invalid "Item ID" in item 0: expected a UUID such as 3fa85f64-5717-4562-b3fc-2c963f66afa6, got nothing',
	});
	expect(result.fields).toEqual([{ text: 'Deal moved to Negotiation' }]);
	expect(result.requests).toEqual([]);
});

test('the path without the secret, or with another secret: 404 and no execution', async () => {
	const before = (await finishedExecutions()).length;
	const base = hook.slice(0, hook.lastIndexOf('/'));
	for (const wrong of [
		base,
		`${base}/${'0'.repeat(64)}`,
		`${base}/${hook.slice(base.length + 2)}`,
	]) {
		for (const method of ['GET', 'POST']) {
			const response = await fetch(`${state.n8nUrl}/webhook/${wrong}?id=${deal}`, {
				method,
				...(method === 'POST'
					? { headers: { 'content-type': 'application/json' }, body: `{"id": "${deal}"}` }
					: {}),
			});
			expect([wrong, method, response.status]).toEqual([wrong, method, 404]);
			await response.arrayBuffer();
		}
	}
	await new Promise((resolve) => setTimeout(resolve, 1000));
	expect(await finishedExecutions()).toHaveLength(before);
});
