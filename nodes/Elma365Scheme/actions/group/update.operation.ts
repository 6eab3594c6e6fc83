import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { showFor } from '../../../shared/display';
import { apiPath, apiRequest, unwrapItem } from '../../../shared/transport';
import { pathParamProperties, readPathParam } from '../pathParams';
import { buildUpdateBody, updateFields } from './groupFields';
import { concurrency, optionsCollection } from '../../../shared/options/options';
import { ADAPTIVE_CEILING } from '../../../shared/limits';

export const entry = { operation: 'update', name: 'Update', action: 'Update a group' };

export const defaultConcurrency = ADAPTIVE_CEILING;

export const description: INodeProperties[] = showFor('group', 'update', [
	...pathParamProperties('groupId'),
	...updateFields,
	optionsCollection([concurrency(defaultConcurrency)]),
]);

/** Updates of one group run one after the other, in input order. */
export function orderKey(ctx: IExecuteFunctions, itemIndex: number): string {
	return readPathParam(ctx, itemIndex, 'groupId');
}

/**
 * PUT /scheme/groups/{id} with only the fields the user added (`__name`, `description`, `isDefault`)
 * and the Additional Fields (JSON) (api.elma365.com/en/public-api/reference/scheme/updaterequest);
 * the output is the answer without its envelope.
 */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const groupId = readPathParam(this, itemIndex, 'groupId');
	const body = buildUpdateBody(this, itemIndex);
	const response = await apiRequest(this, {
		method: 'PUT',
		path: apiPath`/scheme/groups/${groupId}`,
		body,
		itemIndex,
	});
	return unwrapItem(response);
}
