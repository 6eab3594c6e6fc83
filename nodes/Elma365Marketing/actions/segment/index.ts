import type { INodeProperties } from 'n8n-workflow';
import * as addSubscribers from './addSubscribers.operation';
import * as create from './create.operation';
import * as get from './get.operation';
import * as getAll from './getAll.operation';
import * as getSubscribers from './getSubscribers.operation';
import * as removeSubscribers from './removeSubscribers.operation';

export const operations = {
	addSubscribers,
	create,
	get,
	getAll,
	getSubscribers,
	removeSubscribers,
};

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['segment'] } },
		options: [
			{
				name: 'Add Subscribers',
				value: 'addSubscribers',
				description: 'Add subscribers to a static segment',
				action: 'Add subscribers to a segment',
			},
			{
				name: 'Create',
				value: 'create',
				description: 'Create a static segment',
				action: 'Create a segment',
			},
			{ name: 'Get', value: 'get', description: 'Get a segment', action: 'Get a segment' },
			{
				name: 'Get Many',
				value: 'getAll',
				description: 'List segments',
				action: 'Get many segments',
			},
			{
				name: 'Get Subscribers',
				value: 'getSubscribers',
				description: 'List the subscribers of a segment',
				action: 'Get subscribers of a segment',
			},
			{
				name: 'Remove Subscribers',
				value: 'removeSubscribers',
				description: 'Remove subscribers from a static segment',
				action: 'Remove subscribers from a segment',
			},
		],
		default: 'getAll',
	},
	...create.description,
	...get.description,
	...getAll.description,
	...getSubscribers.description,
	...addSubscribers.description,
	...removeSubscribers.description,
];
