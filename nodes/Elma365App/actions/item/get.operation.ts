import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { showFor } from '../../../shared/display';
import { itemOutputChoice, itemOutputOf } from '../../../shared/options/output';
import { itemIdFields, locationFields, readItemPath } from '../../../shared/items/appItems';
import { apiRequest, jsonBody, unwrapItem } from '../../../shared/transport';
import { appItems } from './itemKind';
import { concurrency, optionsCollection } from '../../../shared/options/options';
import { ADAPTIVE_CEILING } from '../../../shared/limits';

export const defaultConcurrency = ADAPTIVE_CEILING;

export const description: INodeProperties[] = showFor('item', 'get', [
	...locationFields(appItems),
	...itemIdFields(appItems, 'to get'),
	...itemOutputChoice,
	optionsCollection([concurrency(defaultConcurrency)]),
]);

/** POST /app/{namespace}/{code}/{id}/get with `{}`: a read, although sent as POST, so safe to repeat. */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const path = readItemPath(this, itemIndex, appItems, 'get');
	const output = itemOutputOf(this, itemIndex);
	const response = await apiRequest(this, {
		method: 'POST',
		path,
		...jsonBody({}),
		idempotent: true,
		itemIndex,
	});
	return output(unwrapItem(response));
}
