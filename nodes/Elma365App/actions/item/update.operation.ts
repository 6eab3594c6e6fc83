import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { showFor } from '../../../shared/display';
import { itemUpdateFields, readContextBody, readItemPath } from '../../../shared/items/appItems';
import { apiRequest, unwrapItem } from '../../../shared/transport';
import { appItems } from './itemKind';
import { ADAPTIVE_CEILING } from '../../../shared/limits';

export const defaultConcurrency = ADAPTIVE_CEILING;

export const description: INodeProperties[] = showFor('item', 'update', itemUpdateFields(appItems));

/** Updates of one item keep their input order at any Concurrency. */
export function orderKey(ctx: IExecuteFunctions, itemIndex: number): string {
	return readItemPath(ctx, itemIndex, appItems, '');
}

/** POST /app/{namespace}/{code}/{id}/update with `{"context": {...}}`: only the fields given change. */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const path = readItemPath(this, itemIndex, appItems, 'update');
	const body = await readContextBody(this, itemIndex, appItems);
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
