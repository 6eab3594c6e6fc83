import type { IExecuteFunctions, INodeExecutionData, INodeType, INodeTypeDescription } from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';
import * as application from './actions/application';
import * as item from './actions/item';
import { router } from './actions/router';
import {
	getApplicationFields,
	getFieldCodes,
	getStatuses,
	getStatusGroups,
	searchApplications,
	searchItems,
	searchNamespaces,
} from '../shared/schemeSearch';
import { requestOptions } from '../shared/requestOptions';
import { credentialTest } from '../shared/credentialTest';

export class Elma365App implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'ELMA365 App',
		name: 'elma365App',
		icon: { light: 'file:../../icons/elma365.svg', dark: 'file:../../icons/elma365.dark.svg' },
		group: ['transform'],
		version: [1, 1.1, 1.2],
		defaultVersion: 1.2,
		subtitle: '={{$parameter["operation"] + ": " + $parameter["resource"]}}',
		description: 'Create, read, update, import and set the status of application items in ELMA365',
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
					{ name: 'Application', value: 'application', description: 'Applications and their statuses' },
					{ name: 'Item', value: 'item', description: 'Item of an application' },
				],
				default: 'item',
			},
			...item.description,
			...application.description,
			requestOptions,
		],
	};

	methods = {
		credentialTest,
		listSearch: { searchNamespaces, searchApplications, searchItems },
		loadOptions: { getFieldCodes, getStatuses, getStatusGroups },
		resourceMapping: { getApplicationFields },
	};

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		return await router.call(this);
	}
}
