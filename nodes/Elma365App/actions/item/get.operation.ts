import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { showFor } from '../../../shared/descriptions/common';
import { itemSimplifyOption } from '../../../shared/descriptions/simplify';
import { simplifiedItem } from '../../../shared/readers/simplify';
import { itemIdFields, locationFields, readItemPath } from '../../../shared/items/appItems';
import { apiRequest, jsonBody, unwrapItem } from '../../../shared/transport';
import { appItems } from './itemKind';
import { concurrency, optionsCollection } from '../../../shared/descriptions/options';
import { ADAPTIVE_CEILING } from '../../../shared/execution/router';

/** Options > Concurrency when the user has not set it: the adaptive window's ceiling. */
export const defaultConcurrency = ADAPTIVE_CEILING;

export const description: INodeProperties[] = showFor('item', 'get', [
	...locationFields(appItems),
	...itemIdFields(appItems, 'to get'),
	itemSimplifyOption,
	optionsCollection([concurrency(defaultConcurrency)]),
]);

/** POST /app/{namespace}/{code}/{id}/get with `{}`: a read, although sent as POST, so safe to repeat. */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const path = readItemPath(this, itemIndex, appItems, 'get');
	const response = await apiRequest(this, {
		method: 'POST',
		path,
		...jsonBody({}),
		idempotent: true,
		itemIndex,
	});
	return simplifiedItem(this, itemIndex, unwrapItem(response));
}
