import type { INodeProperties } from 'n8n-workflow';
import * as create from './create.operation';
import * as getAll from './getAll.operation';
import * as update from './update.operation';

export const operations = { create, getAll, update };

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
				description: 'Create a nomenclature directory',
				action: 'Create a directory',
			},
			{
				name: 'Get Many',
				value: 'getAll',
				description: 'List nomenclature directories',
				action: 'Get many directories',
			},
			{
				name: 'Update',
				value: 'update',
				description: 'Update a nomenclature directory',
				action: 'Update a directory',
			},
		],
		default: 'getAll',
	},
	...create.description,
	...update.description,
	...getAll.description,
];
