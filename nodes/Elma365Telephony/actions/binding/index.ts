import type { INodeProperties } from 'n8n-workflow';
import * as get from './get.operation';
import * as update from './update.operation';

export const operations = { get, update };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['binding'] } },
		options: [
			{
				name: 'Get',
				value: 'get',
				description: 'Get the mapping of extensions to users of a telephony module',
				action: 'Get extension bindings',
			},
			{
				name: 'Update',
				value: 'update',
				description: 'Change the mapping of extensions to users of a telephony module',
				action: 'Update extension bindings',
			},
		],
		default: 'get',
	},
	...get.description,
	...update.description,
];
