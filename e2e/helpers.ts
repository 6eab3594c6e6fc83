/** What the e2e tests use to drive the running n8n (public API, webhooks) and to read the sandbox. */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

export interface State {
	n8nUrl: string;
	sandboxUrl: string;
	sandboxKey: string;
	apiKey: string;
	cookie: string;
	credentialId: string;
	sampleWorkflowId: string;
	/** Every sample workflow the start script imported, by its file in e2e/workflows. */
	sampleWorkflows: Record<string, { id: string; name: string }>;
	owner: { email: string; password: string };
	/** n8n's user folder (outside the repository, as a real install's). */
	userFolder: string;
}

export interface SandboxRequest {
	method: string;
	path: string;
	query: Record<string, string>;
	headers: Record<string, string>;
	body: unknown;
}

export const state: State = JSON.parse(
	fs.readFileSync(
		process.env.E2E_STATE ?? path.resolve(__dirname, '..', '.e2e', 'e2e-state.json'),
		'utf8',
	),
);

export const PACKAGE = 'n8n-nodes-elma365';

async function json(response: Response): Promise<unknown> {
	const text = await response.text();
	try {
		return JSON.parse(text);
	} catch {
		return text;
	}
}

/** n8n's public API with the owner's API key. */
export async function n8nApi(
	method: string,
	url: string,
	body?: unknown,
): Promise<{ status: number; json: Record<string, unknown> }> {
	const response = await fetch(`${state.n8nUrl}/api/v1${url}`, {
		method,
		headers: { 'content-type': 'application/json', 'X-N8N-API-KEY': state.apiKey },
		body: body === undefined ? undefined : JSON.stringify(body),
	});
	return { status: response.status, json: (await json(response)) as Record<string, unknown> };
}

export async function sandbox(method: string, url: string): Promise<Record<string, unknown>> {
	const response = await fetch(`${state.sandboxUrl}${url}`, {
		method,
		headers: { authorization: `Bearer ${state.sandboxKey}` },
	});
	return (await json(response)) as Record<string, unknown>;
}

export async function sandboxRequests(): Promise<SandboxRequest[]> {
	return (await sandbox('GET', '/__sandbox/requests')).requests as SandboxRequest[];
}

export async function clearSandboxRequests(): Promise<void> {
	await sandbox('DELETE', '/__sandbox/requests');
}

export async function sandboxData(collection: string): Promise<Array<Record<string, unknown>>> {
	return (await sandbox('GET', `/__sandbox/data/${encodeURIComponent(collection)}`)).items as Array<
		Record<string, unknown>
	>;
}

/** An ELMA365 node of the installed package with the sandbox credential. */
export function elma365Node(
	nodeName: string,
	parameters: Record<string, unknown>,
	position = [260, 0],
) {
	return {
		parameters,
		id: randomUUID(),
		name: 'ELMA365',
		type: `${PACKAGE}.${nodeName}`,
		typeVersion: 1,
		position,
		credentials: { elma365Api: { id: state.credentialId, name: 'ELMA365 sandbox' } },
	};
}

/** Creates a workflow through the public API and activates it; returns its id. */
export async function activateWorkflow(workflow: Record<string, unknown>): Promise<string> {
	const created = await n8nApi('POST', '/workflows', {
		settings: { executionOrder: 'v1' },
		...workflow,
	});
	if (created.status !== 200)
		throw new Error(`create workflow: ${created.status} ${JSON.stringify(created.json)}`);
	const id = created.json.id as string;
	const activated = await n8nApi('POST', `/workflows/${id}/activate`);
	if (activated.status !== 200)
		throw new Error(`activate workflow: ${activated.status} ${JSON.stringify(activated.json)}`);
	return id;
}

/**
 * Creates and activates `Webhook (POST /webhook/<path>) -> ELMA365 <node>` through the public API;
 * the webhook answers with every item the ELMA365 node put out (`webhook` overrides its parameters).
 */
export async function webhookWorkflow(
	hookPath: string,
	nodeName: string,
	parameters: Record<string, unknown>,
	webhook: Record<string, unknown> = {},
): Promise<string> {
	return await activateWorkflow({
		name: `e2e ${hookPath}`,
		nodes: [
			{
				parameters: {
					httpMethod: 'POST',
					path: hookPath,
					responseMode: 'lastNode',
					responseData: 'allEntries',
					options: {},
					...webhook,
				},
				id: randomUUID(),
				name: 'Webhook',
				type: 'n8n-nodes-base.webhook',
				typeVersion: 2,
				position: [0, 0],
				webhookId: randomUUID(),
			},
			elma365Node(nodeName, parameters),
		],
		connections: { Webhook: { main: [[{ node: 'ELMA365', type: 'main', index: 0 }]] } },
	});
}

/** POSTs to a production webhook, retrying briefly while n8n is still registering it after activation. */
export async function postWebhook(
	hookPath: string,
	init: { headers: Record<string, string>; body: RequestInit['body'] },
): Promise<Response> {
	for (let attempt = 0; ; attempt++) {
		const response = await fetch(`${state.n8nUrl}/webhook/${hookPath}`, {
			method: 'POST',
			...init,
		});
		if (response.status !== 404 || attempt >= 20) return response;
		await response.arrayBuffer();
		await new Promise((resolve) => setTimeout(resolve, 250));
	}
}

/** Calls a production webhook with a JSON body. */
export async function callWebhook(
	hookPath: string,
	body: unknown = {},
): Promise<{ status: number; json: unknown }> {
	const response = await postWebhook(hookPath, {
		headers: { 'content-type': 'application/json' },
		body: JSON.stringify(body),
	});
	return { status: response.status, json: await json(response) };
}

/** Runs `Webhook -> node` once and returns what the node put out and what reached the sandbox. */
export async function runThroughN8n(
	hookPath: string,
	nodeName: string,
	parameters: Record<string, unknown>,
) {
	await webhookWorkflow(hookPath, nodeName, parameters);
	await clearSandboxRequests();
	const answer = await callWebhook(hookPath);
	return { ...answer, requests: await sandboxRequests() };
}

export const locator = (value: string) => ({ __rl: true, mode: 'id', value });

/** A locator set by code, as a workflow saved with a typed section, application or template code holds it. */
export const byCode = (value: string) => ({ __rl: true, mode: 'code', value });
