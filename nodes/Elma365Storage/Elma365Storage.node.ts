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
import * as entry from './actions/entry';

export class Elma365Storage implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'ELMA365 Storage',
		name: 'elma365Storage',
		icon: { light: 'file:../../icons/storage.svg', dark: 'file:../../icons/storage.dark.svg' },
		group: ['transform'],
		version: 1,
		subtitle: '={{$parameter["operation"] + ": " + $parameter["scope"]}}',
		description:
			"Read, write and delete values by key in ELMA365's system, section and application storage",
		defaults: { name: 'ELMA365 Storage' },
		builderHint: {
			searchHint:
				"ELMA365 (BRIX365) key-value storage: read, write and delete values by key in the system storage, a section's storage or an application's storage. Use it to keep state between workflow runs or share settings with ELMA365 scripts.",
			relatedNodes: [
				{
					nodeType: 'n8n-nodes-elma365.elma365App',
					relationHint: 'Works on the application whose storage holds the key',
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
						name: 'Entry',
						value: 'entry',
						description: 'A value stored under a key',
					},
				],
				default: 'entry',
			},
			...entry.description,
			requestOptions,
		],
	};

	methods = { credentialTest, listSearch };

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		return await router.call(this);
	}
}
