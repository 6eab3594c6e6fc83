import type { INodeProperties } from 'n8n-workflow';
import { returnAllOrLimit, showFor } from '../../../shared/descriptions/common';
import { listOperation } from '../../../shared/execution/operations';
import { channelField, readChannelPath } from '../channelFields.description';

export const description: INodeProperties[] = showFor('message', 'getAll', [
	channelField('whose messages to list'),
	...returnAllOrLimit,
]);

/**
 * POST /channel/{channel}/message/list {from, size}: the channel's messages, paged in the body
 * (reference page https://api.brix365.com/en/public-api/reference/feed/listchannelmessage).
 */
export const { execute } = listOperation({
	method: 'POST',
	paging: 'body',
	path: (ctx, itemIndex) => readChannelPath(ctx, itemIndex, 'message/list'),
});
