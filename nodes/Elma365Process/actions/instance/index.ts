import type { INodeProperties } from 'n8n-workflow';
import * as get from './get.operation';
import * as getAll from './getAll.operation';

export const operations = { get, getAll };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['instance'] } },
		options: [
			{ name: 'Get', value: 'get', description: 'Get a process instance', action: 'Get a process instance' },
			{ name: 'Get Many', value: 'getAll', description: 'List process instances of a template or a target', action: 'Get many process instances' },
		],
		default: 'get',
	},
	...get.description,
	...getAll.description,
];
