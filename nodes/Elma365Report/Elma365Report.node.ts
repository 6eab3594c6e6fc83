import type {
	IExecuteFunctions,
	INodeExecutionData,
	INodeType,
	INodeTypeDescription,
} from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';
import * as item from './actions/item';
import { router } from './actions/router';
import { getReportFieldCodes } from '../shared/methods/applicationFields';
import { searchApplications, searchNamespaces } from '../shared/methods/sectionSearch';
import { requestOptions } from '../shared/transport/requestOptions';
import { credentialTest } from '../shared/methods/credentialTest';

export class Elma365Report implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'ELMA365 Report',
		name: 'elma365Report',
		icon: { light: 'file:../../icons/elma365.svg', dark: 'file:../../icons/elma365.dark.svg' },
		group: ['transform'],
		version: [1, 1.1, 1.2, 1.3],
		defaultVersion: 1.3,
		subtitle: '={{$parameter["operation"] + ": " + $parameter["resource"]}}',
		description: 'List report items in ELMA365',
		defaults: { name: 'ELMA365 Report' },
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
				options: [{ name: 'Item', value: 'item', description: 'Item (row) of a report' }],
				default: 'item',
			},
			...item.description,
			requestOptions,
		],
	};

	methods = {
		credentialTest,
		listSearch: { searchNamespaces, searchApplications },
		// The list options' field dropdowns (1.2) read the report parameter.
		loadOptions: { getFieldCodes: getReportFieldCodes },
	};

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		return await router.call(this);
	}
}
