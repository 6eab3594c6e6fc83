import type { INodeProperties } from 'n8n-workflow';
import * as create from './create.operation';
import * as get from './get.operation';
import * as getAll from './getAll.operation';

export const operations = { create, get, getAll };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['directory'] } },
		options: [
			{
				name: 'Create',
				value: 'create',
				description: 'Create a directory',
				action: 'Create a directory',
			},
			{ name: 'Get', value: 'get', description: 'Get a directory', action: 'Get a directory' },
			{
				name: 'Get Many',
				value: 'getAll',
				description: 'List directories',
				action: 'Get many directories',
			},
		],
		default: 'getAll',
	},
	...create.description,
	...get.description,
	...getAll.description,
];
