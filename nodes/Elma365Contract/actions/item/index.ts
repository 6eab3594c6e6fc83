import type { INodeProperties } from 'n8n-workflow';
import * as create from './create.operation';
import * as get from './get.operation';
import * as getAll from './getAll.operation';
import * as update from './update.operation';
import * as upsert from './upsert.operation';

export const operations = { create, get, getAll, update, upsert };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['item'] } },
		options: [
			{
				name: 'Create',
				value: 'create',
				description: 'Create a contract item',
				action: 'Create a contract item',
			},
			{
				name: 'Create or Update',
				value: 'upsert',
				description: 'Create a new record, or update the current one if it already exists (upsert)',
				action: 'Create or update a contract item',
			},
			{
				name: 'Get',
				value: 'get',
				description: 'Get a contract item by ID',
				action: 'Get a contract item',
			},
			{
				name: 'Get Many',
				value: 'getAll',
				description: 'List contract items',
				action: 'Get many contract items',
			},
			{
				name: 'Update',
				value: 'update',
				description: 'Update fields of a contract item',
				action: 'Update a contract item',
			},
		],
		default: 'getAll',
	},
	...create.description,
	...get.description,
	...getAll.description,
	...update.description,
	...upsert.description,
];
