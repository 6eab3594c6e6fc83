import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { showFor } from '../../../shared/descriptions/common';
import { concurrencyOption, requestOperation } from '../../../shared/execution/operations';
import {
	itemFields,
	itemIdFields,
	locationFields,
	readContextBody,
	readItemPath,
} from '../../../shared/items/appItems';
import { contractItems } from './itemKind';

export const description: INodeProperties[] = showFor('item', 'update', [
	...locationFields(contractItems),
	...itemIdFields(contractItems, 'to update'),
	...itemFields(contractItems, 'map'),
	concurrencyOption,
]);

/** Updates of one item keep their input order at any Concurrency. */
export const orderKey = (ctx: IExecuteFunctions, itemIndex: number) =>
	readItemPath(ctx, itemIndex, contractItems, '');

/**
 * POST /contracts/{namespace}/{code}/{id}/update with `{"context": {...}}`
 * (api.elma365.com/en/public-api/reference/contracts/contractsitemupdate): only the fields given change.
 */
export const { execute } = requestOperation({
	method: 'POST',
	path: (ctx, itemIndex) => readItemPath(ctx, itemIndex, contractItems, 'update'),
	body: (ctx, itemIndex) => readContextBody(ctx, itemIndex, contractItems),
	// Setting the same fields twice gives the same item.
	idempotent: true,
});
