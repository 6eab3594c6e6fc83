import type { INodeProperties } from 'n8n-workflow';
import { readItemPath } from '../../../shared/items/appItems';
import { returnAllOrLimit, showFor } from '../../../shared/descriptions/common';
import { isVersionAtLeast, sinceVersion } from '../../../shared/descriptions/versioning';
import { listOperation } from '../../../shared/execution/operations';
import { FEED_FILTERS_VERSION } from '../../versions';
import { commentedItem, itemFeed } from './commentedItem';
import { messageFilters, readMessageFilter } from '../../../shared/descriptions/messageFilters';

export const description: INodeProperties[] = showFor('comment', 'getAll', [
	...commentedItem('whose comments to list'),
	...returnAllOrLimit,
	...sinceVersion(FEED_FILTERS_VERSION, [messageFilters('comments')]),
]);

/**
 * POST /feed/{namespace}/{code}/{id}/message/list {filter?, from, size}: the item's activity stream,
 * paged in the body (reference page https://api.brix365.com/en/public-api/reference/feed/listmessage).
 */
export const { execute } = listOperation({
	method: 'POST',
	paging: 'body',
	path: (ctx, itemIndex) => readItemPath(ctx, itemIndex, itemFeed, 'message/list'),
	body: (ctx, itemIndex) => {
		const filter = isVersionAtLeast(ctx, FEED_FILTERS_VERSION)
			? readMessageFilter(ctx, itemIndex)
			: undefined;
		return filter ? { filter } : {};
	},
});
