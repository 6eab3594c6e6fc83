import type {
	IExecuteFunctions,
	INodeExecutionData,
	INodeType,
	INodeTypeDescription,
} from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';
import * as item from './actions/item';
import { router } from './actions/router';
import { credentialTest, listSearch, loadOptions, resourceMapping } from './methods';
import { requestOptions } from '../shared/descriptions/requestOptions';

export class Elma365Contract implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'ELMA365 Contract',
		name: 'elma365Contract',
		icon: { light: 'file:../../icons/contract.svg', dark: 'file:../../icons/contract.dark.svg' },
		group: ['transform'],
		version: 1,
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

	methods = { credentialTest, listSearch, loadOptions, resourceMapping };

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		return await router.call(this);
	}
}
