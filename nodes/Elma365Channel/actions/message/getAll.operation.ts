import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { returnAllOrLimit, showFor } from '../../../shared/descriptions/common';
import { readLimit } from '../../../shared/readers/common';
import { messageFilters } from '../../../shared/descriptions/messageFilters';
import { readMessageFilter } from '../../../shared/readers/messageFilters';
import { readWholeList } from '../../../shared/lists/pager';
import { channelField, readChannelPath } from '../channelFields';

export const description: INodeProperties[] = showFor('message', 'getAll', [
	channelField('whose messages to list'),
	...returnAllOrLimit,
	messageFilters('messages'),
]);

/**
 * POST /channel/{channel}/message/list {filter?, from, size}: the channel's messages, paged in the
 * body (reference page https://api.brix365.com/en/public-api/reference/feed/listchannelmessage).
 */
export async function execute(
	this: IExecuteFunctions,
	itemIndex: number,
): Promise<INodeExecutionData[]> {
	const path = readChannelPath(this, itemIndex, 'message/list');
	const filter = readMessageFilter(this, itemIndex);
	const rows = await readWholeList(this, {
		method: 'POST',
		path,
		paging: 'body',
		body: filter ? { filter } : {},
		limit: readLimit(this, itemIndex),
		itemIndex,
	});
	return rows.map((json) => ({ json, pairedItem: { item: itemIndex } }));
}
