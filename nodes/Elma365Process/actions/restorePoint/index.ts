import type { INodeProperties } from 'n8n-workflow';
import * as restore from './restore.operation';

export const operations = { restore };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['restorePoint'] } },
		options: [
			{
				name: 'Restore',
				value: 'restore',
				description: 'Bring a process instance back to a restore point',
				action: 'Restore a process from a restore point',
			},
		],
		default: 'restore',
	},
	...restore.description,
];
