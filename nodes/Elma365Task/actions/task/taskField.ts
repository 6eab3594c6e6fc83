import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { uuidLocator } from '../../../shared/descriptions/locators';

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
