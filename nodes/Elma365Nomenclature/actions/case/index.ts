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
		displayOptions: { show: { resource: ['case'] } },
		options: [
			{ name: 'Create', value: 'create', description: 'Create a case', action: 'Create a case' },
			{ name: 'Get Many', value: 'getAll', description: 'List cases', action: 'Get many cases' },
			{
				name: 'Update',
				value: 'update',
				description: 'Update a case',
				action: 'Update a nomenclature case',
			},
		],
		default: 'update',
	},
	...create.description,
	...update.description,
	...getAll.description,
];
