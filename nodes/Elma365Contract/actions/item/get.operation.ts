import type { INodeProperties } from 'n8n-workflow';
import { showFor } from '../../../shared/descriptions/common';
import { itemSimplifyOption, simplifiedItem } from '../../../shared/descriptions/simplify';
import {
	ADAPTIVE_CEILING,
	adaptiveConcurrency,
	concurrencyOption,
	requestOperation,
} from '../../../shared/execution/operations';
import { itemIdFields, locationFields, readItemPath } from '../../../shared/items/appItems';
import { unwrapItem } from '../../../shared/transport';
import { contractItems } from './itemKind';

/** Options > Concurrency when the user has not set it: the adaptive window's ceiling. */
export const defaultConcurrency = ADAPTIVE_CEILING;

export const description: INodeProperties[] = showFor('item', 'get', [
	...locationFields(contractItems),
	...itemIdFields(contractItems, 'to get'),
	itemSimplifyOption,
	adaptiveConcurrency(concurrencyOption),
]);

/** GET /contracts/{namespace}/{code}/{id}/get: contract items are read with GET, not POST as app items. */
export const { execute } = requestOperation({
	method: 'GET',
	path: (ctx, itemIndex) => readItemPath(ctx, itemIndex, contractItems, 'get'),
	idempotent: true,
	output: (response, ctx, itemIndex) => simplifiedItem(ctx, itemIndex, unwrapItem(response)),
});
