import type { INodeProperties } from 'n8n-workflow';
import * as getAll from './getAll.operation';

export const operations = { getAll };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['item'] } },
		options: [
			{
				name: 'Get Many',
				value: 'getAll',
				description: 'List report items',
				action: 'Get many report items',
			},
		],
		default: 'getAll',
	},
	...getAll.description,
];
