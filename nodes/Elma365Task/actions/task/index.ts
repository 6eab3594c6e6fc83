import type { INodeProperties } from 'n8n-workflow';
import * as complete from './complete.operation';
import * as get from './get.operation';
import * as getAll from './getAll.operation';
import * as getExits from './getExits.operation';
import * as reassign from './reassign.operation';
import * as setDates from './setDates.operation';
import * as setPercent from './setPercent.operation';

export const operations = { complete, get, getAll, getExits, reassign, setDates, setPercent };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['task'] } },
		options: [
			{
				name: 'Complete',
				value: 'complete',
				description: 'Complete a task through one of its exits, with its form fields',
				action: 'Complete a task through one of its exits',
			},
			{ name: 'Get', value: 'get', description: 'Get a task', action: 'Get a task' },
			{
				name: 'Get Exits',
				value: 'getExits',
				description: "List a task's exits (the buttons that complete it)",
				action: 'Get the exits of a task',
			},
			{
				name: 'Get Many',
				value: 'getAll',
				description: 'Get many tasks: all, or those of a user',
				action: 'Get many tasks',
			},
			{
				name: 'Reassign',
				value: 'reassign',
				description: 'Give a task to another user',
				action: 'Reassign a task',
			},
			{
				name: 'Set Dates',
				value: 'setDates',
				description: 'Change when a task starts and is due',
				action: 'Set the dates of a task',
			},
			{
				name: 'Set Percent Complete',
				value: 'setPercent',
				description: 'Set how much of a task is done (0 to 100)',
				action: 'Set the percent complete of a task',
			},
		],
		default: 'getAll',
	},
	...getAll.description,
	...get.description,
	...getExits.description,
	...complete.description,
	...reassign.description,
	...setDates.description,
	...setPercent.description,
];
