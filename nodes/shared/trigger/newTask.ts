import type { INodeProperties } from 'n8n-workflow';
import { uuidLocator } from '../pickers/locators';
import { apiPath } from '../transport';
import { requireUuid } from '../validation';
import type { TriggerEventDefinition } from './types';

/** Whose tasks New Task watches. */
export const taskParameters: INodeProperties[] = [
	{
		displayName: 'Tasks Of',
		name: 'taskPerformer',
		type: 'options',
		default: 'me',
		options: [
			{
				name: "The Credential's User",
				value: 'me',
				description: "Every new task the credential's user can see",
			},
			{
				name: 'A Chosen User',
				value: 'user',
				description: "New tasks in the chosen user's task list",
			},
		],
		displayOptions: { show: { event: ['newTask'] } },
	},
	{
		...uuidLocator({
			displayName: 'User',
			name: 'performerId',
			searchListMethod: 'searchUsers',
			description: 'The user whose new tasks start the workflow',
		}),
		displayOptions: { show: { event: ['newTask'], taskPerformer: ['user'] } },
	},
];

/**
 * New Task, by `__createdAt`: every task the credential's user can see (`/tasks/list`, operation
 * tasksList), or the chosen user's tasks (`/tasks/list/of/{id}`, operation tasksListOfUser).
 */
export const newTask: TriggerEventDefinition = {
	option: {
		name: 'New Task',
		value: 'newTask',
		action: 'On new task',
		description:
			"A task appeared for the credential's user or a chosen user (by its __createdAt); fires once per task",
	},
	watch: (ctx) => {
		let path = '/tasks/list';
		if (ctx.getNodeParameter('taskPerformer', 'me') === 'user') {
			const userId = ctx.getNodeParameter('performerId', '', { extractValue: true });
			path = apiPath`/tasks/list/of/${requireUuid('User', userId)}`;
		}
		return { path, field: '__createdAt', rangeField: '__createdAt', body: {} };
	},
};
