import type { INodeProperties } from 'n8n-workflow';
import * as create from './create.operation';
import * as getAll from './getAll.operation';

export const operations = { create, getAll };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['message'] } },
		options: [
			{
				name: 'Get Many',
				value: 'getAll',
				description: "List a channel's messages",
				action: 'Get many messages of a channel',
			},
			{
				name: 'Post',
				value: 'create',
				description: 'Post a message in a channel',
				action: 'Post a message in a channel',
			},
		],
		default: 'create',
	},
	...create.description,
	...getAll.description,
];
