import type { INodeProperties } from 'n8n-workflow';
import { showFor } from '../../../shared/descriptions/common';
import { concurrencyOption, requestOperation } from '../../../shared/execution/operations';
import { taskField } from './taskField.description';
import { readTaskPath } from './taskRequests';

export const description: INodeProperties[] = showFor('task', 'get', [
	taskField('to read'),
	concurrencyOption,
]);

/** GET /tasks/{id}/get: the vendor publishes this read as GET only (operation tasksGet). */
export const { execute } = requestOperation({
	method: 'GET',
	path: (ctx, itemIndex) => readTaskPath(ctx, itemIndex, '/get'),
});
