import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { showFor } from '../../../shared/display';
import {
	itemFields,
	locationFields,
	readApplicationPath,
	readContextBody,
} from '../../../shared/items/appItems';
import { apiRequest, unwrapItem } from '../../../shared/transport';
import { contractItems } from './itemKind';
import { concurrency, optionsCollection } from '../../../shared/options/options';

export const description: INodeProperties[] = showFor('item', 'create', [
	...locationFields(contractItems),
	...itemFields(contractItems, 'add'),
	optionsCollection([concurrency()]),
]);

/**
 * POST /contracts/{namespace}/{code}/create with `{"context": {...}}`
 * (api.elma365.com/en/public-api/reference/contracts/contractsitemcreate); outputs the created item.
 */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const path = readApplicationPath(this, itemIndex, contractItems, '/create');
	const body = await readContextBody(this, itemIndex, contractItems);
	const response = await apiRequest(this, {
		method: 'POST',
		path,
		body,
		idempotent: false,
		itemIndex,
	});
	return unwrapItem(response);
}
