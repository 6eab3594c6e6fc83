import type {
	IExecuteFunctions,
	INodeExecutionData,
	INodeType,
	INodeTypeDescription,
} from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';
import * as item from './actions/item';
import { router } from './actions/router';
import { getApplicationFields, getContractFieldCodes } from '../shared/methods/applicationFields';
import { searchContractItems } from '../shared/methods/itemSearch';
import { searchApplications, searchNamespaces } from '../shared/methods/sectionSearch';
import { getContractStatuses, getContractStatusGroups } from '../shared/methods/statusOptions';
import { requestOptions } from '../shared/transport/requestOptions';
import { credentialTest } from '../shared/methods/credentialTest';

export class Elma365Contract implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'ELMA365 Contract',
		name: 'elma365Contract',
		icon: { light: 'file:../../icons/elma365.svg', dark: 'file:../../icons/elma365.dark.svg' },
		group: ['transform'],
		version: [1, 1.1, 1.2, 1.3],
		defaultVersion: 1.3,
		subtitle: '={{$parameter["operation"] + ": " + $parameter["resource"]}}',
		description: 'Create, read, update and list contract items in ELMA365',
		defaults: { name: 'ELMA365 Contract' },
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
				options: [{ name: 'Item', value: 'item', description: 'Item of a contract application' }],
				default: 'item',
			},
			...item.description,
			requestOptions,
		],
	};

	methods = {
		credentialTest,
		listSearch: { searchNamespaces, searchApplications, searchContractItems },
		// The list options' dropdowns (1.2) call these by the names every list uses.
		loadOptions: {
			getFieldCodes: getContractFieldCodes,
			getStatuses: getContractStatuses,
			getStatusGroups: getContractStatusGroups,
		},
		// Create and Update map fields (1.3) from the contract application's scheme, as App items do.
		resourceMapping: { getApplicationFields },
	};

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		return await router.call(this);
	}
}
