import type { INodeProperties } from 'n8n-workflow';
import { showFor } from '../../../shared/descriptions/common';
import { itemSimplifyOption, simplifiedItem } from '../../../shared/descriptions/simplify';
import {
	concurrencyByVersion,
	concurrencyOption,
	postOperation,
} from '../../../shared/execution/operations';
import { itemIdFields, locationFields, readItemPath } from '../../../shared/items/appItems';
import { ADAPTIVE_GET_STATUS_VERSION } from '../../versions';
import { appItems } from './itemKind';

const concurrency = concurrencyByVersion(concurrencyOption, {
	adaptive: ADAPTIVE_GET_STATUS_VERSION,
});

/** Options > Concurrency when the user has not set it: the adaptive window's ceiling from ADAPTIVE_GET_STATUS_VERSION, 1 before. */
export const defaultConcurrency = concurrency.defaultConcurrency;

export const description: INodeProperties[] = showFor('item', 'get', [
	...locationFields(appItems),
	...itemIdFields(appItems, 'to get'),
	itemSimplifyOption,
	...concurrency.options,
]);

/** POST /app/{namespace}/{code}/{id}/get with `{}`: a read, although sent as POST, so safe to repeat. */
export const { execute } = postOperation({
	path: (ctx, itemIndex) => readItemPath(ctx, itemIndex, appItems, 'get'),
	body: () => ({}),
	idempotent: true,
	output: simplifiedItem,
});
