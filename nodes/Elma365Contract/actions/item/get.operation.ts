import type { INodeProperties } from 'n8n-workflow';
import { showFor } from '../../../shared/descriptions/common';
import { itemSimplifyOption, simplifiedItem } from '../../../shared/descriptions/simplify';
import {
	concurrencyByVersion,
	concurrencyOption,
	requestOperation,
} from '../../../shared/execution/operations';
import { itemIdFields, locationFields, readItemPath } from '../../../shared/items/appItems';
import { unwrapItem } from '../../../shared/transport';
import { ADAPTIVE_GET_VERSION } from '../../versions';
import { contractItems } from './itemKind';

const concurrency = concurrencyByVersion(concurrencyOption, { adaptive: ADAPTIVE_GET_VERSION });

/** Options > Concurrency when the user has not set it: the adaptive window's ceiling from ADAPTIVE_GET_VERSION, 1 before. */
export const defaultConcurrency = concurrency.defaultConcurrency;

export const description: INodeProperties[] = showFor('item', 'get', [
	...locationFields(contractItems),
	...itemIdFields(contractItems, 'to get'),
	itemSimplifyOption,
	...concurrency.options,
]);

/** GET /contracts/{namespace}/{code}/{id}/get: contract items are read with GET, not POST as app items. */
export const { execute } = requestOperation({
	method: 'GET',
	path: (ctx, itemIndex) => readItemPath(ctx, itemIndex, contractItems, 'get'),
	idempotent: true,
	output: (response, ctx, itemIndex) => simplifiedItem(ctx, itemIndex, unwrapItem(response)),
});
