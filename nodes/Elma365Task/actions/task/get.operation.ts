import type { INodeProperties } from 'n8n-workflow';
import { showFor } from '../../../shared/descriptions/common';
import {
	concurrencyByVersion,
	concurrencyOption,
	requestOperation,
} from '../../../shared/execution/operations';
import { ADAPTIVE_VERSION } from '../../versions';
import { taskField } from './taskField.description';
import { readTaskPath } from './taskRequests';

const concurrency = concurrencyByVersion(concurrencyOption, { adaptive: ADAPTIVE_VERSION });

/** Options > Concurrency when the user has not set it: the adaptive window's ceiling from ADAPTIVE_VERSION, 1 before. */
export const defaultConcurrency = concurrency.defaultConcurrency;

export const description: INodeProperties[] = showFor('task', 'get', [
	taskField('to read'),
	...concurrency.options,
]);

/** GET /tasks/{id}/get: the vendor publishes this read as GET only (operation tasksGet). */
export const { execute } = requestOperation({
	method: 'GET',
	path: (ctx, itemIndex) => readTaskPath(ctx, itemIndex, '/get'),
});
