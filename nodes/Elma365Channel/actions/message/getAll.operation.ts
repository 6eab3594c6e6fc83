import type { INodeProperties } from 'n8n-workflow';
import { returnAllOrLimit, showFor } from '../../../shared/descriptions/common';
import { messageFilters, readMessageFilter } from '../../../shared/descriptions/messageFilters';
import { listOperation } from '../../../shared/execution/operations';
import { channelField, readChannelPath } from '../channelFields.description';

export const description: INodeProperties[] = showFor('message', 'getAll', [
	channelField('whose messages to list'),
	...returnAllOrLimit,
	messageFilters('messages'),
]);

/**
 * POST /channel/{channel}/message/list {filter?, from, size}: the channel's messages, paged in the
 * body (reference page https://api.brix365.com/en/public-api/reference/feed/listchannelmessage).
 */
export const { execute } = listOperation({
	method: 'POST',
	paging: 'body',
	path: (ctx, itemIndex) => readChannelPath(ctx, itemIndex, 'message/list'),
	body: (ctx, itemIndex) => {
		const filter = readMessageFilter(ctx, itemIndex);
		return filter ? { filter } : {};
	},
});
