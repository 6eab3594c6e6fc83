import type { INodeProperties } from 'n8n-workflow';
import { returnAllOrLimit, showFor } from '../../../shared/descriptions/common';
import { listOperation } from '../../../shared/execution/operations';
import { commentedMessage, readMessagePath } from './commentedMessage.description';

export const description: INodeProperties[] = showFor('comment', 'getReplies', [
	...commentedMessage('whose replies to list'),
	...returnAllOrLimit,
]);

/**
 * POST /feed/{namespace}/{code}/{target}/message/{id}/comment/list {from, size}: a message's
 * comments (ListComment). No page found shows its body; `from`/`size` in the body are inferred from
 * the documented message list (https://api.brix365.com/en/public-api/reference/feed/listmessage).
 */
export const { execute } = listOperation({
	method: 'POST',
	paging: 'body',
	path: (ctx, itemIndex) => readMessagePath(ctx, itemIndex, 'comment/list'),
});
