import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { idLocator, uuidLocator } from '../../../shared/descriptions/locators';
import { readUuidLocator } from '../../../shared/readers/locators';

/** The task an operation works on: picked from the credential's user's tasks, or typed as an ID. */
export function taskField(purpose: string): INodeProperties {
	return uuidLocator({
		displayName: 'Task',
		name: 'taskId',
		searchListMethod: 'searchTasks',
		description: `The task ${purpose}: from the tasks the credential's user can see, or by ID (e.g. {{ $json.__id }} of a listed task)`,
	});
}

/** Items that change the same task run one after the other, in input order, at any Concurrency. */
export function taskOrderKey(ctx: IExecuteFunctions, itemIndex: number): string | undefined {
	const value = ctx.getNodeParameter('taskId', itemIndex, '', { extractValue: true });
	return typeof value === 'string' ? value.trim().toLowerCase() : undefined;
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
});

/** The item's Process Instance, checked as a UUID. */
export function readProcessInstanceId(ctx: IExecuteFunctions, itemIndex: number): string {
	return readUuidLocator(ctx, itemIndex, 'instanceId', 'Process Instance');
}
