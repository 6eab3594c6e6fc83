import type { INodeProperties } from 'n8n-workflow';
import { showFor } from '../../../shared/descriptions/common';
import {
	concurrencyByVersion,
	concurrencyOption,
	requestOperation,
} from '../../../shared/execution/operations';
import { ADAPTIVE_VERSION } from '../../versions';
import { moduleCodeFields } from './bindingFields.description';
import { bindingsOf, bindingsPath, readModuleCode } from './bindings';

const concurrency = concurrencyByVersion(concurrencyOption, { adaptive: ADAPTIVE_VERSION });

/** Options > Concurrency when the user has not set it: the adaptive window's ceiling from ADAPTIVE_VERSION, 1 before. */
export const defaultConcurrency = concurrency.defaultConcurrency;

export const description: INodeProperties[] = showFor('binding', 'get', [
	...moduleCodeFields,
	...concurrency.options,
]);

export const { execute } = requestOperation({
	method: 'GET',
	path: (ctx, itemIndex) => bindingsPath(readModuleCode(ctx, itemIndex)),
	output: (response) => ({ bindings: bindingsOf(response) }),
});
