import type {
	IExecuteFunctions,
	INodeExecutionData,
	INodeType,
	INodeTypeDescription,
} from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';
import { router } from './actions/router';
import * as task from './actions/task';
import { credentialTest, listSearch } from './methods';
import { requestOptions } from '../shared/descriptions/requestOptions';

export class Elma365Task implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'ELMA365 Task',
		name: 'elma365Task',
		icon: { light: 'file:../../icons/task.svg', dark: 'file:../../icons/task.dark.svg' },
		group: ['transform'],
		version: 1,
		subtitle: '={{$parameter["operation"] + ": " + $parameter["resource"]}}',
		description: 'List, read, complete and reassign the tasks of business processes in ELMA365',
		defaults: { name: 'ELMA365 Task' },
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
					{ name: 'Task', value: 'task', description: 'A process step waiting for a person' },
				],
				default: 'task',
			},
			...task.description,
			requestOptions,
		],
	};

	methods = { credentialTest, listSearch };

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		return await router.call(this);
	}
}
