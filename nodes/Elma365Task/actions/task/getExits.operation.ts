import type { INodeProperties } from 'n8n-workflow';
import { showFor } from '../../../shared/descriptions/common';
import {
	ADAPTIVE_CEILING,
	adaptiveConcurrency,
	concurrencyOption,
	requestOperation,
} from '../../../shared/execution/operations';
import { readListPage } from '../../../shared/lists/listPage';
import { taskField } from './taskField.description';
import { readTaskPath } from './taskRequests';

/** Options > Concurrency when the user has not set it: the adaptive window's ceiling. */
export const defaultConcurrency = ADAPTIVE_CEILING;

export const description: INodeProperties[] = showFor('task', 'getExits', [
	taskField('whose exits to list'),
	adaptiveConcurrency(concurrencyOption),
]);

/** One output item per exit: the buttons a person would press to complete the task. */
export const { execute } = requestOperation({
	method: 'GET',
	path: (ctx, itemIndex) => readTaskPath(ctx, itemIndex, '/exits'),
	output: (response) => readListPage(response).items,
});
