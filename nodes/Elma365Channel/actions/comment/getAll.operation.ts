import type { INodeProperties } from 'n8n-workflow';
import { returnAllOrLimit, showFor } from '../../../shared/descriptions/common';
import { listOperation } from '../../../shared/execution/operations';
import { channelMessageFields, readChannelMessagePath } from '../channelFields.description';

export const description: INodeProperties[] = showFor('comment', 'getAll', [
	...channelMessageFields('whose comments to list'),
	...returnAllOrLimit,
]);

/**
 * POST /channel/{channel}/message/{id}/comment/list {from, size} (ListChannelComment). No page found
 * shows its body; `from`/`size` are inferred from the documented message list
 * (https://api.brix365.com/en/public-api/reference/feed/listchannelmessage).
 */
export const { execute } = listOperation({
	method: 'POST',
	paging: 'body',
	path: (ctx, itemIndex) => readChannelMessagePath(ctx, itemIndex, 'comment/list'),
});
