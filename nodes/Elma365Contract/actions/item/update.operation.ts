import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { showFor } from '../../../shared/display';
import { itemUpdateFields, readContextBody, readItemPath } from '../../../shared/items/appItems';
import { apiRequest, unwrapItem } from '../../../shared/transport';
import { contractItems } from './itemKind';
import { ADAPTIVE_CEILING } from '../../../shared/limits';

export const defaultConcurrency = ADAPTIVE_CEILING;

export const description: INodeProperties[] = showFor(
	'item',
	'update',
	itemUpdateFields(contractItems),
);

/** Updates of one item keep their input order at any Concurrency. */
export function orderKey(ctx: IExecuteFunctions, itemIndex: number): string {
	return readItemPath(ctx, itemIndex, contractItems, '');
}

/**
 * POST /contracts/{namespace}/{code}/{id}/update with `{"context": {...}}`
 * (api.elma365.com/en/public-api/reference/contracts/contractsitemupdate): only the fields given change.
 */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const path = readItemPath(this, itemIndex, contractItems, 'update');
	const body = await readContextBody(this, itemIndex, contractItems);
	// Setting the same fields twice gives the same item.
	const response = await apiRequest(this, {
		method: 'POST',
		path,
		body,
		idempotent: true,
		itemIndex,
	});
	return unwrapItem(response);
}
