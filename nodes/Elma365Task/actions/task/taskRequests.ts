import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { withAdditionalBody } from '../../../shared/options/additionalBody';
import { readUuidLocator } from '../../../shared/pickers/locators';

/** The item's Task (picked or typed), checked as a UUID. */
export function readTaskId(ctx: IExecuteFunctions, itemIndex: number): string {
	return readUuidLocator(ctx, itemIndex, 'taskId', 'Task');
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
