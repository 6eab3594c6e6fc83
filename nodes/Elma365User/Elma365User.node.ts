import type {
	IExecuteFunctions,
	INodeExecutionData,
	INodeType,
	INodeTypeDescription,
} from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';
import { router } from './actions/router';
import { requestOptions } from '../shared/options/requestOptions';
import { credentialTest } from './methods';
import * as user from './actions/user';

export class Elma365User implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'ELMA365 User',
		name: 'elma365User',
		icon: { light: 'file:../../icons/user.svg', dark: 'file:../../icons/user.dark.svg' },
		group: ['transform'],
		version: 1,
		subtitle: '={{$parameter["operation"] + ": " + $parameter["resource"]}}',
		description: 'List and find users in ELMA365',
		defaults: { name: 'ELMA365 User' },
		builderHint: {
			searchHint:
				'ELMA365 (BRIX365) users: list and find users (filter by email, name or IDs). Use it to turn an email or name into the user __id that user fields, task reassignment and group membership take.',
			relatedNodes: [
				{
					nodeType: 'n8n-nodes-elma365.elma365App',
					relationHint: 'Puts a user ID into a user field of an item',
				},
				{
					nodeType: 'n8n-nodes-elma365.elma365Task',
					relationHint: 'Reassigns a task to the user found',
				},
				{ nodeType: 'n8n-nodes-elma365.elma365Scheme', relationHint: 'Adds the user to a group' },
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
				options: [{ name: 'User', value: 'user', description: 'Platform user' }],
				default: 'user',
			},
			...user.description,
			requestOptions,
		],
	};

	methods = { credentialTest };

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		return await router.call(this);
	}
}
