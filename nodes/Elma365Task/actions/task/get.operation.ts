import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { showFor } from '../../../shared/display';
import { taskField, readTaskId } from './taskFields';
import { apiPath, apiRequest, unwrapItem } from '../../../shared/transport';
import { concurrency, optionsCollection } from '../../../shared/options/options';
import { ADAPTIVE_CEILING } from '../../../shared/limits';

export const defaultConcurrency = ADAPTIVE_CEILING;

export const description: INodeProperties[] = showFor('task', 'get', [
	taskField('to read'),
	optionsCollection([concurrency(defaultConcurrency)]),
]);

/** GET /tasks/{id}/get: the vendor publishes this read as GET only (operation tasksGet). */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const taskId = readTaskId(this, itemIndex);
	const response = await apiRequest(this, {
		method: 'GET',
		path: apiPath`/tasks/${taskId}/get`,
		itemIndex,
	});
	return unwrapItem(response);
}
