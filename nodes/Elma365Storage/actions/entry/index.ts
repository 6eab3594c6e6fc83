import type { INodeProperties } from 'n8n-workflow';
import * as deleteEntry from './delete.operation';
import * as get from './get.operation';
import * as set from './set.operation';

export const operations = { delete: deleteEntry, get, set };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['entry'] } },
		options: [
			{
				name: 'Delete',
				value: 'delete',
				description: 'Delete the value stored under a key',
				action: 'Delete a stored value',
			},
			{
				name: 'Get',
				value: 'get',
				description: 'Get the value stored under a key',
				action: 'Get a stored value',
			},
			{
				name: 'Set',
				value: 'set',
				description: 'Store a value under a key (replacing any value it had)',
				action: 'Set a stored value',
			},
		],
		default: 'get',
	},
	...get.description,
	...set.description,
	...deleteEntry.description,
];
