import type { INodeProperties } from 'n8n-workflow';
import { readItemPath } from '../../../shared/items/appItems';
import { returnAllOrLimit, showFor } from '../../../shared/descriptions/common';
import { listOperation } from '../../../shared/execution/operations';
import { commentedItem, itemFeed } from './commentedItem';

export const description: INodeProperties[] = showFor('comment', 'getAll', [
	...commentedItem('whose comments to list'),
	...returnAllOrLimit,
]);

/** GET /feed/{namespace}/{code}/{id}/messages, paged with from/size in the query. */
export const { execute } = listOperation({
	method: 'GET',
	paging: 'query',
	path: (ctx, itemIndex) => readItemPath(ctx, itemIndex, itemFeed, 'messages'),
});
