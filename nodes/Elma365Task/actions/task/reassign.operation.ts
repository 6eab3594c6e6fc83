import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { showFor } from '../../../shared/descriptions/common';
import { uuidLocator } from '../../../shared/descriptions/locators';
import { readUuidLocator } from '../../../shared/readers/locators';
import { withAdditionalBody } from '../../../shared/readers/additionalBody';
import { processInstanceField, readProcessInstanceId, taskField } from './taskField';
import { readTaskId } from './taskRequests';
import { apiPath, apiRequest, unwrapItem } from '../../../shared/transport';
import {
	additionalBody,
	concurrency,
	optionsCollection,
} from '../../../shared/descriptions/options';

export const description: INodeProperties[] = showFor('task', 'reassign', [
	taskField('to reassign'),
	uuidLocator({
		displayName: 'New Performer',
		name: 'userId',
		searchListMethod: 'searchUsers',
		description: 'The user the task goes to',
	}),
	processInstanceField,
	{
		displayName: 'Comment',
		name: 'comment',
		type: 'string',
		default: '',
		description: 'Why the task is reassigned; sent only when not empty',
	},
	optionsCollection([concurrency(), additionalBody]),
]);

/** The body this operation sends, read (and checked) before the request. */
function readBody(ctx: IExecuteFunctions, itemIndex: number): IDataObject {
	const body: IDataObject = {
		userId: readUuidLocator(ctx, itemIndex, 'userId', 'New Performer'),
		instanceId: readProcessInstanceId(ctx, itemIndex),
	};
	const comment = String(ctx.getNodeParameter('comment', itemIndex, '') ?? '');
	if (comment.trim() !== '') body.comment = comment;
	return withAdditionalBody(ctx, itemIndex, body);
}

/** POST /tasks/{id}/reassign {userId, instanceId, comment?}: the vendor's reference page "tasks/tasksreassign". */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const taskId = readTaskId(this, itemIndex);
	const body = readBody(this, itemIndex);
	const response = await apiRequest(this, {
		method: 'POST',
		path: apiPath`/tasks/${taskId}/reassign`,
		body,
		// Reassigning to the same user twice leaves the task where the first request put it.
		idempotent: true,
		itemIndex,
	});
	// The output names the task changed beside what the platform answers (often only `success`).
	return { taskId, ...body, ...unwrapItem(response) };
}
