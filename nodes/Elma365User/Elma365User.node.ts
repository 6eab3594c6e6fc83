import type {
	IExecuteFunctions,
	INodeExecutionData,
	INodeType,
	INodeTypeDescription,
} from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';
import { router } from './actions/router';
import * as user from './actions/user';
import { requestOptions } from '../shared/descriptions/requestOptions';
import { credentialTest } from './methods';

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
