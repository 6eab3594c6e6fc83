import type { INodeProperties } from 'n8n-workflow';
import * as getAll from './getAll.operation';

export const operations = { getAll };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['channel'] } },
		options: [
			{
				name: 'Get Many',
				value: 'getAll',
				description: "List the channels the credential's user sees",
				action: 'Get many channels',
			},
		],
		default: 'getAll',
	},
	...getAll.description,
];
