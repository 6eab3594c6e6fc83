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
import * as binding from './actions/binding';

export class Elma365Telephony implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'ELMA365 Telephony',
		name: 'elma365Telephony',
		icon: { light: 'file:../../icons/telephony.svg', dark: 'file:../../icons/telephony.dark.svg' },
		group: ['transform'],
		version: 1,
		subtitle: '={{$parameter["operation"] + ": " + $parameter["resource"]}}',
		description: 'Read and change which ELMA365 user each internal phone extension belongs to',
		defaults: { name: 'ELMA365 Telephony' },
		builderHint: {
			searchHint:
				'ELMA365 (BRIX365) telephony: read and change which ELMA365 user each internal phone extension belongs to in a telephony integration module. Use it to sync extension assignments from a PBX.',
			relatedNodes: [
				{
					nodeType: 'n8n-nodes-elma365.elma365User',
					relationHint: 'Finds the user ID an extension is bound to',
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
						name: 'Binding',
						value: 'binding',
						description: 'Mapping of internal extensions to platform users of a telephony module',
					},
				],
				default: 'binding',
			},
			...binding.description,
			requestOptions,
		],
	};

	methods = { credentialTest, listSearch };

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		return await router.call(this);
	}
}
