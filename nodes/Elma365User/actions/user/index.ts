import type { INodeProperties } from 'n8n-workflow';
import * as getAll from './getAll.operation';

export const operations = { getAll };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['user'] } },
		options: [
			{
				name: 'Get Many',
				value: 'getAll',
				description: 'List users, filtered by any field or by IDs',
				action: 'Get many users',
			},
		],
		default: 'getAll',
	},
	...getAll.description,
];
