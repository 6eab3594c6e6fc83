import type { INodeProperties } from 'n8n-workflow';
import { showFor } from '../../../shared/descriptions/common';
import {
	ADAPTIVE_CEILING,
	adaptiveConcurrency,
	concurrencyOption,
	requestOperation,
} from '../../../shared/execution/operations';
import { taskField } from './taskField.description';
import { readTaskPath } from './taskRequests';

/** Options > Concurrency when the user has not set it: the adaptive window's ceiling. */
export const defaultConcurrency = ADAPTIVE_CEILING;

export const description: INodeProperties[] = showFor('task', 'get', [
	taskField('to read'),
	adaptiveConcurrency(concurrencyOption),
]);

/** GET /tasks/{id}/get: the vendor publishes this read as GET only (operation tasksGet). */
export const { execute } = requestOperation({
	method: 'GET',
	path: (ctx, itemIndex) => readTaskPath(ctx, itemIndex, '/get'),
});
