import type { INodeProperties } from 'n8n-workflow';
import { showFor } from '../../../shared/descriptions/common';
import { itemSimplifyOption, simplifiedItem } from '../../../shared/descriptions/simplify';
import {
	ADAPTIVE_CEILING,
	adaptiveConcurrency,
	concurrencyOption,
	postOperation,
} from '../../../shared/execution/operations';
import { itemIdFields, locationFields, readItemPath } from '../../../shared/items/appItems';
import { appItems } from './itemKind';

/** Options > Concurrency when the user has not set it: the adaptive window's ceiling. */
export const defaultConcurrency = ADAPTIVE_CEILING;

export const description: INodeProperties[] = showFor('item', 'get', [
	...locationFields(appItems),
	...itemIdFields(appItems, 'to get'),
	itemSimplifyOption,
	adaptiveConcurrency(concurrencyOption),
]);

/** POST /app/{namespace}/{code}/{id}/get with `{}`: a read, although sent as POST, so safe to repeat. */
export const { execute } = postOperation({
	path: (ctx, itemIndex) => readItemPath(ctx, itemIndex, appItems, 'get'),
	body: () => ({}),
	idempotent: true,
	output: simplifiedItem,
});
