import type { IDataObject, IHookFunctions, IWebhookFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';
import { apiPath, apiRequest, jsonBody } from '../shared/transport';

/** The connector module's API methods (docs/nodes/event-trigger.md; elma365-module/). */
type ModuleMethod = 'subscribe' | 'unsubscribe' | 'list' | 'ping';

/** One subscription as the module's `list` returns it. */
export interface Subscription {
	id: string;
	url: string;
	events: string[];
	applications: string[];
}

/**
 * Calls an API method of the connector module: `POST {company}/api/extensions/<module>/script/<method>`
 * with the credential's key (vendor help `extention-api`: External methods take the user token as
 * `Authorization: Bearer`), on the company's own origin like every other request.
 */
export async function callModule(
	ctx: IHookFunctions | IWebhookFunctions,
	method: ModuleMethod,
	body: IDataObject,
): Promise<IDataObject> {
	const moduleId = readModuleId(ctx);
	const sent = method === 'ping' ? body : { ...body, key: await readSubscribeKey(ctx) };
	return await apiRequest(ctx, {
		method: 'POST',
		path: apiPath`/api/extensions/${moduleId}/script/${method}`,
		outsidePublicApi: true,
		idempotent: method !== 'subscribe',
		...jsonBody(sent),
	});
}

/**
 * The key the module's administrator set (its `subscribe_key` setting), without which the module
 * refuses subscribe, list and unsubscribe. Kept in the ELMA365 API credential, encrypted by n8n and
 * shared apart from workflows, never in the node's parameters (so in no workflow export or history).
 */
async function readSubscribeKey(ctx: IHookFunctions | IWebhookFunctions): Promise<string> {
	const credentials = await ctx.getCredentials('elma365Api');
	const key = typeof credentials.subscribeSecret === 'string' ? credentials.subscribeSecret : '';
	if (key.trim() === '')
		throw new NodeOperationError(
			ctx.getNode(),
			'Connector Subscribe Key is empty in the ELMA365 API credential',
			{
				description:
					"Open the trigger's ELMA365 API credential and set Connector Subscribe Key to the key the company's administrator set in the connector module's settings (subscribe_key).",
			},
		);
	return key;
}

/** The subscriptions the module holds (`list`). */
export async function listSubscriptions(ctx: IHookFunctions): Promise<Subscription[]> {
	const answer = await callModule(ctx, 'list', {});
	return Array.isArray(answer.subscriptions) ? (answer.subscriptions as Subscription[]) : [];
}

function readModuleId(ctx: IHookFunctions | IWebhookFunctions): string {
	const value = ctx.getNodeParameter('module', '', { extractValue: true });
	const id = typeof value === 'string' ? value.trim() : '';
	if (id === '')
		throw new NodeOperationError(ctx.getNode(), 'Module is empty', {
			description:
				'Pick the n8n connector module (Administration > Modules in ELMA365) or type its ID.',
		});
	return id;
}
