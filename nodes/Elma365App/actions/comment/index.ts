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
				description: 'Post a comment on an item',
				action: 'Post a comment on an item',
			},
			{
				name: 'Get Many',
				value: 'getAll',
				description: "List an item's comments",
				action: 'Get many comments of an item',
			},
		],
		default: 'create',
	},
	...create.description,
	...getAll.description,
];
