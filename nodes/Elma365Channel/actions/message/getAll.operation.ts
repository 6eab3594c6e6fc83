import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import {
	returnAllOrLimit,
	readWholeList,
	bodyPagedList,
	pairedRows,
} from '../../../shared/lists/pager';
import { showFor } from '../../../shared/display';
import { messageFilters, readMessageFilter } from '../../../shared/messages/filters';
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
	const rows = await readWholeList(
		this,
		bodyPagedList(this, itemIndex, path, filter ? { filter } : {}),
	);
	return pairedRows(rows, itemIndex);
}
