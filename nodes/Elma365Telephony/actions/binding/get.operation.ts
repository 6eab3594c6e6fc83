import type { INodeProperties } from 'n8n-workflow';
import { showFor } from '../../../shared/descriptions/common';
import {
	ADAPTIVE_CEILING,
	adaptiveConcurrency,
	concurrencyOption,
	requestOperation,
} from '../../../shared/execution/operations';
import { moduleCodeFields } from './bindingFields.description';
import { bindingsOf, bindingsPath, readModuleCode } from './bindings';

/** Options > Concurrency when the user has not set it: the adaptive window's ceiling. */
export const defaultConcurrency = ADAPTIVE_CEILING;

export const description: INodeProperties[] = showFor('binding', 'get', [
	...moduleCodeFields,
	adaptiveConcurrency(concurrencyOption),
]);

export const { execute } = requestOperation({
	method: 'GET',
	path: (ctx, itemIndex) => bindingsPath(readModuleCode(ctx, itemIndex)),
	output: (response) => ({ bindings: bindingsOf(response) }),
});
