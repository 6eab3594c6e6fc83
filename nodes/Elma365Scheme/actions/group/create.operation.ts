import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { showFor } from '../../../shared/display';
import { apiPath, apiRequest, unwrapItem } from '../../../shared/transport';
import { pathParamProperties, readPathParam } from '../pathParams';
import { buildCreateBody, createFields } from './groupFields';
import {
	concurrency,
	CREATED_IN_ANOTHER_ORDER,
	optionsCollection,
} from '../../../shared/options/options';

export const entry = { operation: 'create', name: 'Create', action: 'Create a group' };

export const description: INodeProperties[] = showFor('group', 'create', [
	...pathParamProperties('namespace'),
	...createFields,
	optionsCollection([concurrency(1, CREATED_IN_ANOTHER_ORDER)]),
]);

/**
 * POST /scheme/namespaces/{namespace}/groups with `{__name, description?, isDefault?, isRole?}` and
 * the Additional Fields (JSON) (api.elma365.com/en/public-api/reference/scheme/groupcreate): a new
 * group of the section; the output is the answer without its envelope.
 */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const namespace = readPathParam(this, itemIndex, 'namespace');
	const body = buildCreateBody(this, itemIndex);
	const response = await apiRequest(this, {
		method: 'POST',
		path: apiPath`/scheme/namespaces/${namespace}/groups`,
		body,
		itemIndex,
	});
	return unwrapItem(response);
}
