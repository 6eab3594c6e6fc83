import type {
	IExecuteFunctions,
	INodeExecutionData,
	INodeType,
	INodeTypeDescription,
} from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';
import { router } from './actions/router';
import { credentialTest, listSearch, loadOptions, resourceMapping } from './methods';
import { requestOptions } from '../shared/options/requestOptions';
import * as application from './actions/application';
import * as comment from './actions/comment';
import * as item from './actions/item';

export class Elma365App implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'ELMA365 App',
		name: 'elma365App',
		icon: { light: 'file:../../icons/app.svg', dark: 'file:../../icons/app.dark.svg' },
		group: ['transform'],
		version: 1,
		subtitle: '={{$parameter["operation"] + ": " + $parameter["resource"]}}',
		description:
			'Create, read, update, import, comment on and set the status of application items in ELMA365',
		defaults: { name: 'ELMA365 App' },
		builderHint: {
			searchHint:
				"ELMA365 (BRIX365) application items: the records of the platform's low-code apps (deals, requests, orders...). Use it to create, get, list, update, create-or-update, import and set the status of items, to list applications and their statuses, and to comment in an item's activity stream. An item is addressed by Section (namespace code, e.g. crm) + Application (code, e.g. deals) + Item (__id). Fields are the application's own field codes. For contract applications use ELMA365 Contract, for reports ELMA365 Report; to react to new or changed items use ELMA365 App Trigger.",
			relatedNodes: [
				{
					nodeType: 'n8n-nodes-elma365.elma365AppTrigger',
					relationHint:
						'Starts a workflow when items of an application appear, change or enter a status',
				},
				{
					nodeType: 'n8n-nodes-elma365.elma365Scheme',
					relationHint:
						'Lists sections and applications and reads an application scheme (its field codes)',
				},
				{
					nodeType: 'n8n-nodes-elma365.elma365Process',
					relationHint: 'Starts a business process for an item',
				},
				{
					nodeType: 'n8n-nodes-elma365.elma365User',
					relationHint: 'Finds the user ID to put into a user field',
				},
				{
					nodeType: 'n8n-nodes-elma365.elma365File',
					relationHint: 'Uploads a file whose ID goes into a file field',
				},
				{
					nodeType: 'n8n-nodes-base.scheduleTrigger',
					relationHint: 'Runs a periodic sync of items',
				},
			],
		},
		usableAsTool: true,
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'elma365Api', required: true, testedBy: 'elma365ApiTest' }],
		properties: [
			{
				displayName: 'Resource',
				name: 'resource',
				type: 'options',
				noDataExpression: true,
				options: [
					{
						name: 'Application',
						value: 'application',
						description: 'Applications and their statuses',
					},
					{
						name: 'Comment',
						value: 'comment',
						description: "Comment in an item's activity stream",
					},
					{ name: 'Item', value: 'item', description: 'Item of an application' },
				],
				default: 'item',
			},
			...item.description,
			...application.description,
			...comment.description,
			requestOptions,
		],
	};

	methods = { credentialTest, listSearch, loadOptions, resourceMapping };

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		return await router.call(this);
	}
}
