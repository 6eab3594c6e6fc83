import type { INodeProperties } from 'n8n-workflow';
import { readItemPath } from '../../../shared/items/appItems';
import { returnAllOrLimit, showFor } from '../../../shared/descriptions/common';
import { listOperation } from '../../../shared/execution/operations';
import { commentedItem, itemFeed } from './commentedItem';
import { messageFilters, readMessageFilter } from '../../../shared/descriptions/messageFilters';

export const description: INodeProperties[] = showFor('comment', 'getAll', [
	...commentedItem('whose comments to list'),
	...returnAllOrLimit,
	messageFilters('comments'),
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
		const filter = readMessageFilter(ctx, itemIndex);
		return filter ? { filter } : {};
	},
});
