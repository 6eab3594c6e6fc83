import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { showFor } from '../../../shared/display';
import { uuidLocator, readUuidLocator } from '../../../shared/pickers/locators';
import { taskChangeFields, taskField, readTaskChangeBody, readTaskId } from './taskFields';
import { apiPath, apiRequest, unwrapItem } from '../../../shared/transport';

export const description: INodeProperties[] = showFor('task', 'reassign', [
	taskField('to reassign'),
	uuidLocator({
		displayName: 'New Performer',
		name: 'userId',
		searchListMethod: 'searchUsers',
		description: 'The user the task goes to',
	}),
	...taskChangeFields('Why the task is reassigned; sent only when not empty'),
]);

/** POST /tasks/{id}/reassign {userId, instanceId, comment?}: the vendor's reference page "tasks/tasksreassign". */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const taskId = readTaskId(this, itemIndex);
	const body = readTaskChangeBody(this, itemIndex, {
		userId: readUuidLocator(this, itemIndex, 'userId', 'New Performer', 'searchUsers'),
	});
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
