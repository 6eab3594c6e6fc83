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
import * as method from './actions/method';

export class Elma365Module implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'ELMA365 Module',
		name: 'elma365Module',
		icon: { light: 'file:../../icons/module.svg', dark: 'file:../../icons/module.dark.svg' },
		group: ['transform'],
		version: 1,
		subtitle: '={{$parameter["operation"] + ": " + $parameter["method"]}}',
		description: "Call the API methods of a company's own ELMA365 modules",
		defaults: { name: 'ELMA365 Module' },
		builderHint: {
			searchHint:
				"ELMA365 (BRIX365) custom modules: call an External API method of a company's module (POST /api/extensions/<module>/script/<method>) with a JSON body and get its answer as JSON, text or a file. Use it for logic the company built into its own modules.",
			relatedNodes: [
				{
					nodeType: 'n8n-nodes-elma365.elma365Scheme',
					relationHint: "Lists the company's modules and their IDs (Module > Get Many)",
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
					{
						name: 'API Method',
						value: 'method',
						description: "An External API method of a company's module",
					},
				],
				default: 'method',
			},
			...method.description,
			requestOptions,
		],
	};

	methods = { credentialTest, listSearch };

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		return await router.call(this);
	}
}
