import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { readItemPath } from '../../../shared/items/appItems';
import {
	returnAllOrLimit,
	readWholeList,
	bodyPagedList,
	pairedRows,
} from '../../../shared/lists/pager';
import { showFor } from '../../../shared/display';
import { commentedItem, itemFeed } from './commentedItem';
import { messageFilters, readMessageFilter } from '../../../shared/messages/filters';

export const description: INodeProperties[] = showFor('comment', 'getAll', [
	...commentedItem('whose comments to list'),
	...returnAllOrLimit,
	messageFilters('comments'),
]);

/**
 * POST /feed/{namespace}/{code}/{id}/message/list {filter?, from, size}: the item's activity stream,
 * paged in the body (reference page https://api.brix365.com/en/public-api/reference/feed/listmessage).
 */
export async function execute(
	this: IExecuteFunctions,
	itemIndex: number,
): Promise<INodeExecutionData[]> {
	const path = readItemPath(this, itemIndex, itemFeed, 'message/list');
	const filter = readMessageFilter(this, itemIndex);
	const rows = await readWholeList(
		this,
		bodyPagedList(this, itemIndex, path, filter ? { filter } : {}),
	);
	return pairedRows(rows, itemIndex);
}
