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
		displayOptions: { show: { resource: ['comment'] } },
		options: [
			{
				name: 'Create',
				value: 'create',
				description: 'Comment on a message in a channel',
				action: 'Comment on a channel message',
			},
			{
				name: 'Get Many',
				value: 'getAll',
				description: "List a channel message's comments",
				action: 'Get many comments of a channel message',
			},
		],
		default: 'create',
	},
	...create.description,
	...getAll.description,
];
