import type { INodeProperties } from 'n8n-workflow';
import { showFor } from '../../../shared/descriptions/common';
import { concurrencyOption, requestOperation } from '../../../shared/execution/operations';
import { moduleCodeFields } from './bindingFields.description';
import { bindingsOf, bindingsPath, readModuleCode } from './bindings';

export const description: INodeProperties[] = showFor('binding', 'get', [
	...moduleCodeFields,
	concurrencyOption,
]);

export const { execute } = requestOperation({
	method: 'GET',
	path: (ctx, itemIndex) => bindingsPath(readModuleCode(ctx, itemIndex)),
	output: (response) => ({ bindings: bindingsOf(response) }),
});
