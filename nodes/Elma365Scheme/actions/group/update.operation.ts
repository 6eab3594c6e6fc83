import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { showFor } from '../../../shared/descriptions/common';
import {
	ADAPTIVE_CEILING,
	adaptiveConcurrency,
	concurrencyOption,
	requestOperation,
} from '../../../shared/execution/operations';
import { apiPath } from '../../../shared/transport';
import { pathParamProperties, readPathParam } from '../pathParams';
import { buildUpdateBody } from './groupBody';
import { updateFields } from './groupFields.description';

export const entry = { operation: 'update', name: 'Update', action: 'Update a group' };

/** Options > Concurrency when the user has not set it: the adaptive window's ceiling. */
export const defaultConcurrency = ADAPTIVE_CEILING;

export const description: INodeProperties[] = showFor('group', 'update', [
	...pathParamProperties('groupId'),
	...updateFields,
	adaptiveConcurrency(concurrencyOption),
]);

export function orderKey(ctx: IExecuteFunctions, itemIndex: number): string {
	return readPathParam(ctx, itemIndex, 'groupId');
}

export const { execute } = requestOperation({
	method: 'PUT',
	path: (ctx, itemIndex) => apiPath`/scheme/groups/${readPathParam(ctx, itemIndex, 'groupId')}`,
	body: buildUpdateBody,
});
