import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { showFor } from '../../../shared/display';
import { readListPage } from '../../../shared/lists/listPage';
import { taskField, readTaskId } from './taskFields';
import { apiPath, apiRequest } from '../../../shared/transport';
import { concurrency, optionsCollection } from '../../../shared/options/options';
import { ADAPTIVE_CEILING } from '../../../shared/limits';

export const defaultConcurrency = ADAPTIVE_CEILING;

export const description: INodeProperties[] = showFor('task', 'getExits', [
	taskField('whose exits to list'),
	optionsCollection([concurrency(defaultConcurrency)]),
]);

/** GET /tasks/{id}/exits: one output item per exit, the buttons a person would press to complete the task. */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const taskId = readTaskId(this, itemIndex);
	const response = await apiRequest(this, {
		method: 'GET',
		path: apiPath`/tasks/${taskId}/exits`,
		itemIndex,
	});
	return readListPage(response).items;
}
