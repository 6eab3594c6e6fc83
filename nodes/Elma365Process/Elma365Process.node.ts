import type {
	IExecuteFunctions,
	INodeExecutionData,
	INodeType,
	INodeTypeDescription,
} from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';
import * as instance from './actions/instance';
import * as processTemplate from './actions/process';
import * as restorePoint from './actions/restorePoint';
import { router } from './actions/router';
import { credentialTest, listSearch, resourceMapping } from './methods';
import { requestOptions } from '../shared/descriptions/requestOptions';

export class Elma365Process implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'ELMA365 Process',
		name: 'elma365Process',
		icon: { light: 'file:../../icons/process.svg', dark: 'file:../../icons/process.dark.svg' },
		group: ['transform'],
		version: 1,
		subtitle: '={{$parameter["operation"] + ": " + $parameter["resource"]}}',
		description:
			'Start business processes, read, change and control process instances, and restore them in ELMA365',
		defaults: { name: 'ELMA365 Process' },
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
					{ name: 'Process', value: 'process', description: 'Business process template, to start' },
					{
						name: 'Instance',
						value: 'instance',
						description: 'Running or finished process instance',
					},
					{
						name: 'Restore Point',
						value: 'restorePoint',
						description: 'Saved state of a process instance, to bring it back to',
					},
				],
				default: 'process',
			},
			...processTemplate.description,
			...instance.description,
			...restorePoint.description,
			requestOptions,
		],
	};

	methods = { credentialTest, listSearch, resourceMapping };

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		return await router.call(this);
	}
}
