/**
 * Runs an instant (webhook) trigger of this package with n8n-core's real contexts: the lifecycle
 * (`webhookMethods.default.checkExists/create/delete`) in a `HookContext`, as n8n calls it when a
 * workflow is activated or deactivated, and `webhook()` in a `WebhookContext`, as n8n's webhook
 * server calls it for a request. What is not n8n's own here: the call of the node's methods (n8n's
 * ActiveWorkflowManager and WebhookService make it), and the express request and response, which
 * are small objects with what the contexts hand the node (`rawBody`, `body`, `headers`, and a
 * response that records `status()` and `json()`).
 *
 * The node's static data lives in a WebhookStore that outlives the contexts; after each call it is
 * round-tripped through JSON, as n8n saves it to its database and loads it for the next request.
 */
import { HookContext, WebhookContext, WorkflowExecute } from 'n8n-core';
import type {
	IDataObject,
	INodeExecutionData,
	INodeType,
	IWebhookData,
	IWebhookDescription,
	IWebhookResponseData,
	WorkflowExecuteMode,
} from 'n8n-workflow';
import { createRunExecutionData } from 'n8n-workflow';
import type { RunOptions } from './engine';
import { prepare } from './engine';

export class WebhookStore {
	/** The workflow's static data (`node:<name>` holds the node's). */
	data: IDataObject = {};

	/** The node's static data as n8n would save it. */
	node(): IDataObject {
		return (JSON.parse(JSON.stringify(this.data))['node:ELMA365'] ?? {}) as IDataObject;
	}
}

export const WEBHOOK_ID = '7e1c2d3f-4a5b-4c6d-8e9f-0a1b2c3d4e5f';

export interface WebhookOptions extends RunOptions {
	store: WebhookStore;
}

/** What an n8n webhook server's request would be: the bytes as they came and their headers. */
export interface Delivery {
	raw: Buffer;
	headers: Record<string, string>;
}

export interface DeliveryResult {
	/** What the node returned to n8n. */
	response: IWebhookResponseData;
	/** The answer the node wrote itself (a refusal), if any. */
	answered?: { status: number; body: unknown };
}

async function contextParts(options: WebhookOptions, mode: WorkflowExecuteMode) {
	const parts = await prepare(options);
	const node = parts.workflow.getNode(parts.node.name)!;
	node.webhookId = WEBHOOK_ID;
	parts.workflow.overrideStaticData(options.store.data);
	const nodeType = parts.workflow.nodeTypes.getByNameAndVersion(node.type, 1) as INodeType;
	const description = nodeType.description.webhooks![0] as IWebhookDescription;
	const webhookData: IWebhookData = {
		httpMethod: 'POST',
		node: node.name,
		path: `${WEBHOOK_ID}/webhook`,
		webhookDescription: description,
		workflowId: parts.workflow.id,
		workflowExecuteAdditionalData: parts.additionalData,
	};
	const save = () => {
		options.store.data = JSON.parse(JSON.stringify(parts.workflow.staticData)) as IDataObject;
	};
	return { ...parts, node, nodeType, webhookData, mode, save };
}

/** Calls one lifecycle method as n8n does on activation (`checkExists`, then `create` if false) or deactivation (`delete`). */
export async function lifecycle(
	options: WebhookOptions,
	method: 'checkExists' | 'create' | 'delete',
): Promise<boolean> {
	const { workflow, node, additionalData, nodeType, webhookData, save } = await contextParts(
		options,
		'trigger',
	);
	const context = new HookContext(
		workflow,
		node,
		additionalData,
		'trigger',
		'activate',
		webhookData,
	);
	try {
		return await nodeType.webhookMethods!.default![method]!.call(context);
	} finally {
		save();
	}
}

/** The node's webhook URL as n8n builds it (what the node subscribes with). */
export async function webhookUrl(options: WebhookOptions): Promise<string> {
	const { workflow, node, additionalData, webhookData } = await contextParts(options, 'trigger');
	const context = new HookContext(
		workflow,
		node,
		additionalData,
		'trigger',
		'activate',
		webhookData,
	);
	return context.getNodeWebhookUrl('default')!;
}

/** The Respond mode n8n reads from the webhook description for this node's parameters. */
export async function responseMode(options: WebhookOptions): Promise<unknown> {
	const { workflow, node, webhookData } = await contextParts(options, 'webhook');
	return workflow.expression.getSimpleParameterValue(
		node,
		webhookData.webhookDescription.responseMode,
		'webhook',
		{},
		undefined,
		'onReceived',
	);
}

/** One request to the node's webhook, through `webhook()` in n8n-core's WebhookContext. */
export async function deliver(
	options: WebhookOptions,
	delivery: Delivery,
): Promise<DeliveryResult> {
	const { workflow, node, additionalData, nodeType, webhookData, save } = await contextParts(
		options,
		'webhook',
	);
	let answered: DeliveryResult['answered'];
	const response = {
		status(status: number) {
			return {
				json(body: unknown) {
					answered = { status, body };
				},
			};
		},
	};
	let body: unknown;
	try {
		body = JSON.parse(delivery.raw.toString('utf8'));
	} catch {
		body = {};
	}
	const request = {
		method: 'POST',
		headers: Object.fromEntries(
			Object.entries(delivery.headers).map(([name, value]) => [name.toLowerCase(), value]),
		),
		body,
		rawBody: delivery.raw,
		query: {},
		params: {},
	};
	const data = { ...additionalData, httpRequest: request, httpResponse: response } as never;
	const context = new WebhookContext(workflow, node, data, 'webhook', webhookData, [], null);
	try {
		const result = await nodeType.webhook!.call(context);
		return { response: result, answered };
	} finally {
		save();
	}
}

/**
 * The execution a delivery starts, as n8n runs it: the trigger node first, in `webhook` mode, with
 * the delivered items as its input; the static data is saved afterwards only when the execution
 * changed it (n8n's `workflowExecuteAfter` hook takes `newStaticData` only then). Returns the
 * trigger node's output.
 */
export async function startedExecution(
	options: WebhookOptions,
	items: INodeExecutionData[],
): Promise<INodeExecutionData[]> {
	const { node, workflow, additionalData } = await prepare(options);
	workflow.overrideStaticData(options.store.data);
	// n8n's runner builds the execution's Workflow from the loaded static data: unchanged at start.
	workflow.staticData.__dataChanged = false;
	const stack = [{ node, data: { main: [items] }, source: null }];
	const runData = createRunExecutionData({ executionData: { nodeExecutionStack: stack } });
	const run = await new WorkflowExecute(additionalData, 'webhook', runData).processRunExecutionData(
		workflow,
	);
	const changed = workflow.staticData.__dataChanged as boolean;
	if (changed) options.store.data = JSON.parse(JSON.stringify(workflow.staticData)) as IDataObject;
	const task = run.data.resultData.runData[node.name]?.[0];
	if (task?.error) throw task.error;
	return task?.data?.main?.[0] ?? [];
}
