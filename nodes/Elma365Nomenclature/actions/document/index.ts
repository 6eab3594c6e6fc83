import type { INodeProperties } from 'n8n-workflow';
import * as getLists from './getLists.operation';
import * as getRegistrations from './getRegistrations.operation';

export const operations = { getLists, getRegistrations };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['document'] } },
		options: [
			{
				name: 'Get Document Lists',
				value: 'getLists',
				description: 'Get the document-flow lists a document is on',
				action: 'Get the document lists of a document',
			},
			{
				name: 'Get Registrations',
				value: 'getRegistrations',
				description: 'Get the registrations of a document',
				action: 'Get the registrations of a document',
			},
		],
		default: 'getRegistrations',
	},
	...getLists.description,
	...getRegistrations.description,
];
