import type {
	IExecuteFunctions,
	IHookFunctions,
	INodeExecutionData,
	INodeType,
	INodeTypeDescription,
	IWebhookFunctions,
	IWebhookResponseData,
	NodeApiError,
} from 'n8n-workflow';
import { NodeConnectionTypes, NodeOperationError } from 'n8n-workflow';
import { credentialTest } from '../shared/methods/credentialTest';
import { callModule, listSubscriptions } from './connector';
import { newSecret } from './delivery';
import { properties } from './description';
import { getApplications, searchConnectorModules } from './methods';
import { dropRepeats } from './repeats';
import { receiveDelivery } from './webhook';

export class Elma365EventTrigger implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'ELMA365 Event Trigger',
		name: 'elma365EventTrigger',
		icon: { light: 'file:../../icons/event.svg', dark: 'file:../../icons/event.dark.svg' },
		group: ['trigger'],
		version: 1,
		subtitle: '={{"event: " + $parameter["events"].join(", ")}}',
		description:
			'Starts the workflow the moment an ELMA365 item or user changes, or a process asks n8n (beta, needs the connector module)',
		defaults: { name: 'ELMA365 Event Trigger' },
		builderHint: {
			searchHint:
				'Instant (webhook) trigger for ELMA365 (BRIX365), beta: starts the workflow when an application item is created, updated, changes status, is deleted or commented, when a user is created or updated (unverified), or when a process reaches the connector module\'s "Send to n8n" activity and waits for the answer. Needs the n8n connector module installed in the company. Each output item is one event envelope (id, event, time, namespace, application, item with __id, or context).',
			relatedNodes: [
				{
					nodeType: 'n8n-nodes-elma365.elma365App',
					relationHint: 'Reads or updates the item the event is about',
				},
				{
					nodeType: 'n8n-nodes-elma365.elma365AppTrigger',
					relationHint: 'Polls for item changes where the connector module is not installed',
				},
				{
					nodeType: 'n8n-nodes-base.respondToWebhook',
					relationHint:
						"Sends the process activity its answer (Respond: Using 'Respond to Webhook' Node)",
				},
			],
		},
		inputs: [],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'elma365Api', required: true, testedBy: 'elma365ApiTest' }],
		webhooks: [
			{
				name: 'default',
				httpMethod: 'POST',
				// Respond is shown only with the process activity; hidden, n8n drops it: answer at once.
				responseMode: '={{$parameter["responseMode"] || "onReceived"}}',
				path: 'webhook',
			},
		],
		properties,
	};

	methods = {
		credentialTest,
		// Named as the shared Module picker, so the builder hint says where a typed ID comes from.
		listSearch: { searchModules: searchConnectorModules },
		loadOptions: { getApplications },
	};

	webhookMethods = {
		default: {
			/** Ours exists when the module lists our subscription for this URL with the chosen events and applications. */
			async checkExists(this: IHookFunctions): Promise<boolean> {
				const data = this.getWorkflowStaticData('node');
				if (typeof data.subscriptionId !== 'string' || typeof data.secret !== 'string')
					return false;
				const url = this.getNodeWebhookUrl('default');
				const wanted = subscriptionOf(this);
				const mine = (await listSubscriptions(this)).find(
					(subscription) =>
						subscription.id === data.subscriptionId &&
						subscription.url === url &&
						sameSet(subscription.events, wanted.events) &&
						sameSet(subscription.applications, wanted.applications),
				);
				return mine !== undefined;
			},
			/** Subscribes with a new secret; n8n keeps the ID and secret in the node's static data. */
			async create(this: IHookFunctions): Promise<boolean> {
				const data = this.getWorkflowStaticData('node');
				const secret = newSecret();
				const url = this.getNodeWebhookUrl('default');
				const wanted = subscriptionOf(this);
				let answer;
				try {
					answer = await callModule(this, 'subscribe', { url, ...wanted, secret });
				} catch (error) {
					throw subscribeError(this, error);
				}
				if (typeof answer.id !== 'string' || answer.id === '')
					throw new NodeOperationError(
						this.getNode(),
						'The connector module answered the subscription without an ID',
						{ description: `It answered: ${JSON.stringify(answer).slice(0, 200)}` },
					);
				data.subscriptionId = answer.id;
				data.secret = secret;
				return true;
			},
			/** Unsubscribes and forgets the ID and secret; a failed unsubscribe keeps them for the next try. */
			async delete(this: IHookFunctions): Promise<boolean> {
				const data = this.getWorkflowStaticData('node');
				if (typeof data.subscriptionId === 'string') {
					try {
						await callModule(this, 'unsubscribe', { id: data.subscriptionId });
					} catch (error) {
						// Already gone (removed by an administrator, or the module was reinstalled).
						if ((error as NodeApiError).httpCode !== '404') {
							this.logger.warn(
								`ELMA365 Event Trigger: the connector module did not remove subscription ${data.subscriptionId}: ${(error as Error).message}`,
							);
							return false;
						}
					}
				}
				delete data.subscriptionId;
				delete data.secret;
				return true;
			},
		},
	};

	async webhook(this: IWebhookFunctions): Promise<IWebhookResponseData> {
		return await receiveDelivery(this);
	}

	/**
	 * Runs first in the execution a delivery started, with the event as input, and passes it on
	 * unless n8n's deduplication store (the one of Remove Duplicates: in n8n's database, shared by
	 * the main and the workers, kept across restarts) has seen its ID: the module retries a delivery
	 * whose answer it did not get. The checks of one trigger run one after the other in a process,
	 * and a check that cannot decide lets the event run (repeats.ts). Not in `webhook`: there n8n
	 * offers only static data, which n8n 2.41 does not save when the webhook starts an execution,
	 * and which a queue-mode worker cannot save without overwriting the subscription's secret.
	 */
	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		return [await dropRepeats(this, this.getInputData())];
	}
}

/** The events and applications the trigger subscribes to (no application: all). */
function subscriptionOf(ctx: IHookFunctions): { events: string[]; applications: string[] } {
	const events = ctx.getNodeParameter('events', []) as string[];
	if (events.length === 0)
		throw new NodeOperationError(ctx.getNode(), 'Events is empty', {
			description: 'Choose at least one event that starts the workflow.',
		});
	const applications = ctx.getNodeParameter('applications', []) as string[];
	return { events, applications };
}

/** What a failed `subscribe` tells the user: a 404 means the module is not the connector. */
function subscribeError(ctx: IHookFunctions, error: unknown): Error {
	const httpCode = (error as NodeApiError).httpCode;
	if (httpCode === '403')
		return new NodeOperationError(
			ctx.getNode(),
			"The connector module refused the credential's Connector Subscribe Key",
			{
				description:
					"Set Connector Subscribe Key in the trigger's ELMA365 API credential to the key the company's administrator set in the connector module's settings (subscribe_key).",
			},
		);
	if (httpCode !== '404') return error as Error;
	return new NodeOperationError(
		ctx.getNode(),
		'The module chosen in Module is not the n8n connector module',
		{
			description:
				'ELMA365 answered 404 to its "subscribe" API method. Pick a module marked "n8n connector" in Module (the connector module must be installed and enabled: see the node\'s documentation).',
		},
	);
}

function sameSet(given: unknown, wanted: string[]): boolean {
	if (!Array.isArray(given) || given.length !== wanted.length) return false;
	return wanted.every((value) => given.includes(value));
}
