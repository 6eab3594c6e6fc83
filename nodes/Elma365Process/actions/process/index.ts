import type { INodeProperties } from 'n8n-workflow';
import * as start from './start.operation';

export const operations = { start };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['process'] } },
		options: [
			{
				name: 'Start',
				value: 'start',
				description: 'Start a process from its template',
				action: 'Start a process from its template',
			},
		],
		default: 'start',
	},
	...start.description,
];
