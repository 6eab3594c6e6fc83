import type { INodeProperties } from 'n8n-workflow';
import { showFor } from '../../../shared/descriptions/common';
import {
	concurrencyByVersion,
	concurrencyOption,
	requestOperation,
} from '../../../shared/execution/operations';
import { ADAPTIVE_VERSION } from '../../versions';
import { readListPage } from '../../../shared/lists/listPage';
import { taskField } from './taskField.description';
import { readTaskPath } from './taskRequests';

const concurrency = concurrencyByVersion(concurrencyOption, { adaptive: ADAPTIVE_VERSION });

/** Options > Concurrency when the user has not set it: the adaptive window's ceiling from ADAPTIVE_VERSION, 1 before. */
export const defaultConcurrency = concurrency.defaultConcurrency;

export const description: INodeProperties[] = showFor('task', 'getExits', [
	taskField('whose exits to list'),
	...concurrency.options,
]);

/** One output item per exit: the buttons a person would press to complete the task. */
export const { execute } = requestOperation({
	method: 'GET',
	path: (ctx, itemIndex) => readTaskPath(ctx, itemIndex, '/exits'),
	output: (response) => readListPage(response).items,
});
