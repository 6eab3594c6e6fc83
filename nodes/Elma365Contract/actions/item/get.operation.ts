import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { showFor } from '../../../shared/descriptions/common';
import { itemSimplifyOption } from '../../../shared/descriptions/simplify';
import { simplifiedItem } from '../../../shared/readers/simplify';
import { itemIdFields, locationFields, readItemPath } from '../../../shared/items/appItems';
import { apiRequest, unwrapItem } from '../../../shared/transport';
import { contractItems } from './itemKind';
import { concurrency, optionsCollection } from '../../../shared/descriptions/options';
import { ADAPTIVE_CEILING } from '../../../shared/execution/router';

/** Options > Concurrency when the user has not set it: the adaptive window's ceiling. */
export const defaultConcurrency = ADAPTIVE_CEILING;

export const description: INodeProperties[] = showFor('item', 'get', [
	...locationFields(contractItems),
	...itemIdFields(contractItems, 'to get'),
	itemSimplifyOption,
	optionsCollection([concurrency(defaultConcurrency)]),
]);

/** GET /contracts/{namespace}/{code}/{id}/get: contract items are read with GET, not POST as app items. */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const path = readItemPath(this, itemIndex, contractItems, 'get');
	const response = await apiRequest(this, { method: 'GET', path, idempotent: true, itemIndex });
	return simplifiedItem(this, itemIndex, unwrapItem(response));
}
