/**
 * What the ELMA365 Event Trigger's end-to-end tests (eventTrigger.e2e.test.ts, queue/) share: the
 * sandbox's connector module (sandboxConnector.ts), the trigger's workflows and their executions.
 */
import { createHmac, randomUUID } from 'node:crypto';
import { activateWorkflow, elma365Node, n8nApi, state } from './helpers';
import { SUBSCRIBE_KEY } from '../elma365-module/test/emulation.ts';
import type { ApiEvent, Delivery } from './sandboxConnector';

export type { ApiEvent, Delivery };

export { SUBSCRIBE_KEY };

export const MODULE_ID = '5b0e7c1a-2f3d-4e6a-9b8c-7d1e0f2a3b4c';
export const SCRIPT = `/api/extensions/${MODULE_ID}/script`;

/** A subscription as the module's store holds it (`Namespace.storage`, elma365-module/src/store.ts). */
export interface StoredSubscription {
	id: string;
	url: string;
	events: string[];
	applications: string[];
	secret: string;
}

export interface Execution {
	id: string;
	status: string;
	mode: string;
	data: {
		resultData: {
			runData: Record<string, Array<{ data: { main: Array<Array<{ json: unknown }>> } }>>;
		};
	};
}

async function sandboxCall(method: string, url: string, body?: unknown) {
	const response = await fetch(`${state.sandboxUrl}${url}`, {
		method,
		headers: { authorization: `Bearer ${state.sandboxKey}`, 'content-type': 'application/json' },
		body: body === undefined ? undefined : JSON.stringify(body),
	});
	const json = (await response.json()) as Record<string, unknown>;
	if (response.status !== 200)
		throw new Error(`${url}: ${response.status} ${JSON.stringify(json)}`);
	return json;
}

/** Runs the module's handler of `event` with this handler context: what it sent and logged. */
export async function emit(
	event: string,
	data: Record<string, unknown>,
): Promise<{ deliveries: Delivery[]; errors: string[] }> {
	const answer = await sandboxCall('POST', '/__sandbox/connector/emit', { event, data });
	return answer as unknown as { deliveries: Delivery[]; errors: string[] };
}

/** Runs the module's "Send to n8n" activity with this payload: its outputs, what it sent and logged. */
export async function runActivity(payload: string) {
	const answer = await sandboxCall('POST', '/__sandbox/connector/activity', { payload });
	return answer as unknown as {
		outputs: Record<string, unknown>;
		deliveries: Delivery[];
		errors: string[];
	};
}

/** The handler runs the sandbox's item API started so far, oldest first. */
export async function apiEvents(): Promise<ApiEvent[]> {
	return (await sandboxCall('GET', '/__sandbox/connector/events')).events as ApiEvent[];
}

export async function storedSubscriptions(): Promise<StoredSubscription[]> {
	return (await sandboxCall('GET', '/__sandbox/connector/subscriptions'))
		.subscriptions as StoredSubscription[];
}

export const TRIGGER_CREDENTIAL = 'ELMA365 sandbox with the connector key';
let triggerCredential: Promise<string> | undefined;

/**
 * The ID of an ELMA365 API credential of the sandbox company that also holds the connector's
 * subscribe key (Connector Subscribe Key), made once through n8n's public API: the key is kept
 * where n8n keeps secrets, apart from the shared sandbox credential the other nodes use.
 */
export function connectorCredentialId(): Promise<string> {
	triggerCredential ??= (async () => {
		const data = {
			baseUrl: state.sandboxUrl,
			apiKey: state.sandboxKey,
			subscribeSecret: SUBSCRIBE_KEY,
		};
		let created = await n8nApi('POST', '/credentials', {
			name: TRIGGER_CREDENTIAL,
			type: 'elma365Api',
			data,
		});
		// Again with n8n's own field of HTTP credentials, where a version asks for it (as scripts/start.mjs does).
		if (created.status !== 200)
			created = await n8nApi('POST', '/credentials', {
				name: TRIGGER_CREDENTIAL,
				type: 'elma365Api',
				data: { ...data, allowedHttpRequestDomains: 'all' },
			});
		if (created.status !== 200)
			throw new Error(`credential: ${created.status} ${JSON.stringify(created.json)}`);
		return created.json.id as string;
	})();
	return triggerCredential;
}

/** The ELMA365 Event Trigger (named ELMA365) with the connector module picked, on the key's credential. */
export async function eventTrigger(parameters: Record<string, unknown>) {
	return {
		...elma365Node(
			'elma365EventTrigger',
			{ module: { __rl: true, mode: 'list', value: MODULE_ID }, ...parameters },
			[0, 0],
		),
		credentials: {
			elma365Api: { id: await connectorCredentialId(), name: TRIGGER_CREDENTIAL },
		},
		webhookId: randomUUID(),
	};
}

/** Activates a workflow of the trigger (and `more` nodes after it); returns its id and webhook URL. */
export async function activateTrigger(
	name: string,
	parameters: Record<string, unknown>,
	more: Array<Record<string, unknown>> = [],
): Promise<{ workflowId: string; url: string }> {
	const trigger = await eventTrigger(parameters);
	const connections =
		more.length === 0
			? {}
			: { ELMA365: { main: [[{ node: more[0].name as string, type: 'main', index: 0 }]] } };
	const workflowId = await activateWorkflow({ name, nodes: [trigger, ...more], connections });
	const url = `${state.n8nUrl}/webhook/${trigger.webhookId}/webhook`;
	await untilSubscribed(workflowId, url);
	return { workflowId, url };
}

/**
 * Until the activation is complete: n8n answers it before the trigger has subscribed, saved the
 * subscription in the static data (where a delivery's secret is checked) and served the webhook
 * (an unsigned POST is then answered 401, before that 404; it starts no execution).
 */
async function untilSubscribed(workflowId: string, url: string): Promise<void> {
	const deadline = Date.now() + 20_000;
	for (;;) {
		const held = (await storedSubscriptions()).some((s) => s.url === url);
		const { json } = await n8nApi('GET', `/workflows/${workflowId}`);
		const saved = (json.staticData as Record<string, { secret?: string }> | null)?.['node:ELMA365']
			?.secret;
		const response = await fetch(url, { method: 'POST' });
		await response.arrayBuffer();
		if (held && saved && response.status !== 404) return;
		if (Date.now() > deadline) throw new Error(`${url}: the activation did not complete`);
		await new Promise((resolve) => setTimeout(resolve, 100));
	}
}

export async function deactivate(workflowId: string): Promise<void> {
	const { status, json } = await n8nApi('POST', `/workflows/${workflowId}/deactivate`);
	if (status !== 200) throw new Error(`deactivate: ${status} ${JSON.stringify(json)}`);
}

/** Until the module's store is empty: n8n answers a deactivation before its webhooks are removed. */
export async function untilUnsubscribed(seconds = 20): Promise<void> {
	const deadline = Date.now() + seconds * 1000;
	while ((await storedSubscriptions()).length > 0) {
		if (Date.now() > deadline)
			throw new Error(`the module still holds subscriptions after ${seconds} s`);
		await new Promise((resolve) => setTimeout(resolve, 100));
	}
}

export async function executionsOf(workflowId: string): Promise<Execution[]> {
	const { status, json } = await n8nApi(
		'GET',
		`/executions?workflowId=${workflowId}&includeData=true&limit=250`,
	);
	if (status !== 200) throw new Error(`executions: ${status} ${JSON.stringify(json)}`);
	return (json.data as Execution[]).sort((a, b) => Number(a.id) - Number(b.id));
}

/** Waits (up to `seconds`) until the workflow has `count` finished executions; returns them all. */
export async function finished(
	workflowId: string,
	count: number,
	seconds = 60,
): Promise<Execution[]> {
	const deadline = Date.now() + seconds * 1000;
	for (;;) {
		const executions = await executionsOf(workflowId);
		const done = executions.filter((e) => !['new', 'running', 'waiting'].includes(e.status));
		if (done.length >= count) return executions;
		if (Date.now() > deadline)
			throw new Error(
				`workflow ${workflowId}: ${done.length} of ${count} executions finished after ${seconds} s`,
			);
		await new Promise((resolve) => setTimeout(resolve, 100));
	}
}

/** The items the trigger put out in an execution (none when it dropped a repeated event). */
export function triggerItems(execution: Execution): unknown[] {
	return execution.data.resultData.runData.ELMA365[0].data.main[0].map(
		(item: { json: unknown }) => item.json,
	);
}

/** The first item the trigger put out in an execution. */
export function triggerItem(execution: Execution): unknown {
	return triggerItems(execution)[0];
}

/**
 * The module's signed headers for `body` (timestamp and signature, never the secret), each part
 * replaceable to forge a delivery: `secret` signs with another key.
 */
export function signedHeaders(
	secret: string,
	body: string,
	change: { timestamp?: number; secret?: string; signature?: string } = {},
): Record<string, string> {
	const timestamp = String(change.timestamp ?? Math.floor(Date.now() / 1000));
	const key = change.secret ?? secret;
	const hmac = createHmac('sha256', key).update(`${timestamp}.${body}`).digest('hex');
	return {
		'Content-Type': 'application/json',
		'X-Elma365-Timestamp': timestamp,
		'X-Elma365-Signature': change.signature ?? `sha256=${hmac}`,
	};
}
