import type { INodeProperties, IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { idLocator, uuidLocator, readUuidLocator } from '../../../shared/pickers/locators';
import { additionalBody, concurrency, optionsCollection } from '../../../shared/options/options';
import { withAdditionalBody } from '../../../shared/options/additionalBody';

/** The task an operation works on: picked from the credential's user's tasks, or typed as an ID. */
export function taskField(purpose: string): INodeProperties {
	return uuidLocator({
		displayName: 'Task',
		name: 'taskId',
		searchListMethod: 'searchTasks',
		description: `The task ${purpose}: from the tasks the credential's user can see, or by ID (e.g. {{ $json.__id }} of a listed task)`,
	});
}

/** Where a task's process instance ID comes from, for n8n's AI Workflow Builder. */
export const PROCESS_INSTANCE_SOURCE =
	"the process instance ID the task carries: a field of ELMA365 Task > Task > Get, Get Many or ELMA365 Task Trigger's output";

/**
 * The process instance a task belongs to, which Reassign and Set Percent send (the platform
 * requires it). The platform lists no instances without a template to search in: typed as an ID.
 */
export const processInstanceField: INodeProperties = idLocator({
	displayName: 'Process Instance',
	name: 'instanceId',
	description:
		'The process instance the task belongs to (the platform requires it): map it from the task, e.g. from Get Task',
	source: PROCESS_INSTANCE_SOURCE,
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

/** The item's Task (picked or typed), checked as a UUID. */
export function readTaskId(ctx: IExecuteFunctions, itemIndex: number): string {
	return readUuidLocator(ctx, itemIndex, 'taskId', 'Task', 'searchTasks');
}

/** Items that change the same task run one after the other, in input order, at any Concurrency. */
export function taskOrderKey(ctx: IExecuteFunctions, itemIndex: number): string | undefined {
	const value = ctx.getNodeParameter('taskId', itemIndex, '', { extractValue: true });
	return typeof value === 'string' ? value.trim().toLowerCase() : undefined;
}

/** The item's Process Instance, checked as a UUID. */
export function readProcessInstanceId(ctx: IExecuteFunctions, itemIndex: number): string {
	return readUuidLocator(ctx, itemIndex, 'instanceId', 'Process Instance');
}

/**
 * The body of Reassign or Set Percent, read (and checked) before the request: the operation's own
 * fields, then `instanceId`, `comment` when not empty, and Additional Body (JSON) over them.
 */
export function readTaskChangeBody(
	ctx: IExecuteFunctions,
	itemIndex: number,
	own: IDataObject,
): IDataObject {
	const body: IDataObject = { ...own, instanceId: readProcessInstanceId(ctx, itemIndex) };
	const comment = String(ctx.getNodeParameter('comment', itemIndex, '') ?? '');
	if (comment.trim() !== '') body.comment = comment;
	return withAdditionalBody(ctx, itemIndex, body);
}
