import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { showFor } from '../../../shared/descriptions/common';
import {
	concurrencyByVersion,
	concurrencyOption,
	requestOperation,
} from '../../../shared/execution/operations';
import { ADAPTIVE_VERSION } from '../../versions';
import { apiPath } from '../../../shared/transport';
import { pathParamProperties, readPathParam } from '../pathParams';
import { buildUpdateBody } from './groupBody';
import { updateFields } from './groupFields.description';

export const entry = { operation: 'update', name: 'Update', action: 'Update a group' };

const concurrency = concurrencyByVersion(concurrencyOption, { adaptive: ADAPTIVE_VERSION });

/** Options > Concurrency when the user has not set it: the adaptive window's ceiling from ADAPTIVE_VERSION, 1 before. */
export const defaultConcurrency = concurrency.defaultConcurrency;

export const description: INodeProperties[] = showFor('group', 'update', [
	...pathParamProperties('groupId'),
	...updateFields,
	...concurrency.options,
]);

export function orderKey(ctx: IExecuteFunctions, itemIndex: number): string {
	return readPathParam(ctx, itemIndex, 'groupId');
}

export const { execute } = requestOperation({
	method: 'PUT',
	path: (ctx, itemIndex) => apiPath`/scheme/groups/${readPathParam(ctx, itemIndex, 'groupId')}`,
	body: buildUpdateBody,
});
