import type {
	IExecuteFunctions,
	INodeExecutionData,
	INodeType,
	INodeTypeDescription,
} from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';
import { router } from './actions/router';
import { credentialTest, listSearch, resourceMapping } from './methods';
import { requestOptions } from '../shared/options/requestOptions';
import * as instance from './actions/instance';
import * as processTemplate from './actions/process';
import * as restorePoint from './actions/restorePoint';

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
		builderHint: {
			searchHint:
				'ELMA365 (BRIX365) business processes (BPM). Use it to start a process from its template (Section + Process Template code, with context fields), to read and list process instances, to interrupt them, skip or restart a step, move them to a template version, update their context, and to restore one from a restore point. Start outputs the instanceId that the instance operations take. Tasks of a process are handled by ELMA365 Task.',
			relatedNodes: [
				{
					nodeType: 'n8n-nodes-elma365.elma365Task',
					relationHint: 'Completes or reassigns the tasks the process creates',
				},
				{
					nodeType: 'n8n-nodes-elma365.elma365ProcessTrigger',
					relationHint: 'Starts a workflow when a process of a template starts',
				},
				{
					nodeType: 'n8n-nodes-elma365.elma365App',
					relationHint: 'Reads or updates the item the process works on',
				},
				{
					nodeType: 'n8n-nodes-elma365.elma365Scheme',
					relationHint: 'Lists process templates and reads their context fields',
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
