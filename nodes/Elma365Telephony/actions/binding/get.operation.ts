import type { INodeProperties } from 'n8n-workflow';
import { showFor } from '../../../shared/descriptions';
import { requestOperation } from '../../../shared/operations';
import { bindingsOf, bindingsPath, moduleCodeField, readModuleCode } from './bindingForm';

export const description: INodeProperties[] = showFor('binding', 'get', [moduleCodeField]);

export const { execute } = requestOperation({
	method: 'GET',
	path: (ctx, itemIndex) => bindingsPath(readModuleCode(ctx, itemIndex)),
	output: (response) => ({ bindings: bindingsOf(response) }),
});
