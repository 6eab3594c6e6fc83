import type {
	IExecuteFunctions,
	INodeExecutionData,
	INodeType,
	INodeTypeDescription,
} from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';
import { router } from './actions/router';
import { credentialTest, listSearch, loadOptions, resourceMapping } from './methods';
import { requestOptions } from '../shared/options/requestOptions';
import * as item from './actions/item';

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
		builderHint: {
			searchHint:
				'ELMA365 (BRIX365) contract items: items of contract-type applications (agreements). Use it to create, get, list, update and create-or-update contracts, addressed by Section (namespace code) + Contract (application code) + Item (__id). Ordinary application items are ELMA365 App.',
			relatedNodes: [
				{
					nodeType: 'n8n-nodes-elma365.elma365App',
					relationHint: 'Works on ordinary application items the same way',
				},
				{
					nodeType: 'n8n-nodes-elma365.elma365Scheme',
					relationHint: 'Lists the contract applications of a section and their field codes',
				},
				{
					nodeType: 'n8n-nodes-elma365.elma365File',
					relationHint: 'Uploads the contract document for a file field',
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
