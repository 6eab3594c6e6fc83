import type {
	IExecuteFunctions,
	INodeExecutionData,
	INodeType,
	INodeTypeDescription,
} from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';
import * as instance from './actions/instance';
import * as processTemplate from './actions/process';
import { router } from './actions/router';
import { getProcessContextFields } from '../shared/methods/processContextFields';
import {
	searchInstanceTemplates,
	searchProcessTemplates,
} from '../shared/methods/processTemplateSearch';
import { searchNamespaces } from '../shared/methods/sectionSearch';
import { requestOptions } from '../shared/transport/requestOptions';
import { credentialTest } from '../shared/methods/credentialTest';

export class Elma365Process implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'ELMA365 Process',
		name: 'elma365Process',
		icon: { light: 'file:../../icons/elma365.svg', dark: 'file:../../icons/elma365.dark.svg' },
		group: ['transform'],
		version: [1, 1.1, 1.2, 1.3],
		defaultVersion: 1.3,
		subtitle: '={{$parameter["operation"] + ": " + $parameter["resource"]}}',
		description: 'Start business processes, read process instances and interrupt them in ELMA365',
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
				],
				default: 'process',
			},
			...processTemplate.description,
			...instance.description,
			requestOptions,
		],
	};

	methods = {
		credentialTest,
		listSearch: { searchNamespaces, searchProcessTemplates, searchInstanceTemplates },
		resourceMapping: { getProcessContextFields },
	};

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		return await router.call(this);
	}
}
