import type { INodeProperties } from 'n8n-workflow';
import * as call from './call.operation';

export const operations = { call };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['method'] } },
		options: [
			{
				name: 'Call',
				value: 'call',
				description: "Call one of a module's External API methods and output its answer",
				action: 'Call a module method',
			},
		],
		default: 'call',
	},
	...call.description,
];
