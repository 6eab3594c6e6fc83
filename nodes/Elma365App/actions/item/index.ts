import type { INodeProperties } from 'n8n-workflow';
import * as create from './create.operation';
import * as get from './get.operation';
import * as getAll from './getAll.operation';
import * as getImportStatus from './getImportStatus.operation';
import * as importFile from './import.operation';
import * as setStatus from './setStatus.operation';
import * as update from './update.operation';
import * as upsert from './upsert.operation';

export const operations = {
	create,
	get,
	getAll,
	update,
	setStatus,
	import: importFile,
	getImportStatus,
	upsert,
};

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
				description: 'Create an application item',
				action: 'Create an item',
			},
			{
				name: 'Create or Update',
				value: 'upsert',
				description: 'Create a new record, or update the current one if it already exists (upsert)',
				action: 'Create or update an item',
			},
			{
				name: 'Get',
				value: 'get',
				description: 'Get an application item by ID',
				action: 'Get an item',
			},
			{
				name: 'Get Import Status',
				value: 'getImportStatus',
				description: 'Get the status of an import into the application',
				action: 'Get the import status',
			},
			{
				name: 'Get Many',
				value: 'getAll',
				description: 'List application items',
				action: 'Get many items of an application',
			},
			{
				name: 'Import',
				value: 'import',
				description: 'Import items from a file',
				action: 'Import items from a file',
			},
			{
				name: 'Set Status',
				value: 'setStatus',
				description: 'Set the status of an application item',
				action: 'Set the status of an item',
			},
			{
				name: 'Update',
				value: 'update',
				description: 'Update fields of an application item',
				action: 'Update an item',
			},
		],
		default: 'getAll',
	},
	...create.description,
	...get.description,
	...getAll.description,
	...update.description,
	...setStatus.description,
	...importFile.description,
	...getImportStatus.description,
	...upsert.description,
];
