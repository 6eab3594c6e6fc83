import type {
	IExecuteFunctions,
	INodeExecutionData,
	INodeType,
	INodeTypeDescription,
} from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';
import * as application from './actions/application';
import * as comment from './actions/comment';
import * as item from './actions/item';
import { router } from './actions/router';
import { credentialTest, listSearch, loadOptions, resourceMapping } from './methods';
import { requestOptions } from '../shared/descriptions/requestOptions';

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
