import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { showFor } from '../../../shared/display';
import { itemOutputChoice, itemOutputOf } from '../../../shared/options/output';
import { itemIdFields, locationFields, readItemPath } from '../../../shared/items/appItems';
import { apiRequest, unwrapItem } from '../../../shared/transport';
import { contractItems } from './itemKind';
import { concurrency, optionsCollection } from '../../../shared/options/options';
import { ADAPTIVE_CEILING } from '../../../shared/limits';

export const defaultConcurrency = ADAPTIVE_CEILING;

export const description: INodeProperties[] = showFor('item', 'get', [
	...locationFields(contractItems),
	...itemIdFields(contractItems, 'to get'),
	...itemOutputChoice,
	optionsCollection([concurrency(defaultConcurrency)]),
]);

/** GET /contracts/{namespace}/{code}/{id}/get: contract items are read with GET, not POST as app items. */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const path = readItemPath(this, itemIndex, contractItems, 'get');
	const output = itemOutputOf(this, itemIndex);
	const response = await apiRequest(this, { method: 'GET', path, idempotent: true, itemIndex });
	return output(unwrapItem(response));
}
