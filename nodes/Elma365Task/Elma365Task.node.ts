import type {
	IExecuteFunctions,
	INodeExecutionData,
	INodeType,
	INodeTypeDescription,
} from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';
import { router } from './actions/router';
import { credentialTest, listSearch } from './methods';
import { requestOptions } from '../shared/options/requestOptions';
import * as task from './actions/task';

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
		builderHint: {
			searchHint:
				"ELMA365 (BRIX365) tasks of business processes: list a user's or the credential user's tasks, get a task, get its exits (the buttons that finish it), complete it through an exit, reassign it, and set its dates or percent complete. Complete needs the exit ID from Get Exits; Reassign and Set Percent need the task's process instance ID.",
			relatedNodes: [
				{
					nodeType: 'n8n-nodes-elma365.elma365TaskTrigger',
					relationHint: 'Starts a workflow when a user receives a new task',
				},
				{
					nodeType: 'n8n-nodes-elma365.elma365Process',
					relationHint: 'Starts the process whose tasks are handled here',
				},
				{
					nodeType: 'n8n-nodes-elma365.elma365User',
					relationHint: 'Finds the user ID to reassign a task to',
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
