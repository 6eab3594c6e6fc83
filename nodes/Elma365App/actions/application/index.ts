import type { INodeProperties } from 'n8n-workflow';
import * as getAll from './getAll.operation';
import * as getStatus from './getStatus.operation';

export const operations = { getAll, getStatus };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['application'] } },
		options: [
			{
				name: 'Get Many',
				value: 'getAll',
				description: 'List applications',
				action: 'Get many applications',
			},
			{
				name: 'Get Status',
				value: 'getStatus',
				description: 'Get the statuses and status groups of an application',
				action: 'Get the statuses of an application',
			},
		],
		default: 'getAll',
	},
	...getAll.description,
	...getStatus.description,
];
