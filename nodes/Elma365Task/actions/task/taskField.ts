import type { INodeProperties } from 'n8n-workflow';
import { idLocator, uuidLocator } from '../../../shared/pickers/locators';
import { additionalBody, concurrency, optionsCollection } from '../../../shared/options/options';

/** The task an operation works on: picked from the credential's user's tasks, or typed as an ID. */
export function taskField(purpose: string): INodeProperties {
	return uuidLocator({
		displayName: 'Task',
		name: 'taskId',
		searchListMethod: 'searchTasks',
		description: `The task ${purpose}: from the tasks the credential's user can see, or by ID (e.g. {{ $json.__id }} of a listed task)`,
	});
}

/**
 * The process instance a task belongs to, which Reassign and Set Percent send (the platform
 * requires it). The platform lists no instances without a template to search in: typed as an ID.
 */
export const processInstanceField: INodeProperties = idLocator({
	displayName: 'Process Instance',
	name: 'instanceId',
	description:
		'The process instance the task belongs to (the platform requires it): map it from the task, e.g. from Get Task',
	source:
		"the process instance ID the task carries: a field of ELMA365 Task > Task > Get, Get Many or ELMA365 Task Trigger's output",
});

/**
 * What Reassign and Set Percent show after their own field: the Process Instance, the Comment (with
 * what it is for) and Options with Concurrency and Additional Body (JSON).
 */
export function taskChangeFields(comment: string, concurrencyDefault?: number): INodeProperties[] {
	return [
		processInstanceField,
		{
			displayName: 'Comment',
			name: 'comment',
			type: 'string',
			default: '',
			description: comment,
		},
		optionsCollection([concurrency(concurrencyDefault), additionalBody]),
	];
}
