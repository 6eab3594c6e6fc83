import type { IDataObject, INodeProperties } from 'n8n-workflow';
import { readItemPath } from '../../../shared/items/appItems';
import { showFor } from '../../../shared/descriptions/common';
import { messageText } from '../../../shared/descriptions/messageComment';
import { requestOperation } from '../../../shared/execution/operations';
import { unwrapItem } from '../../../shared/transport';
import { requireText } from '../../../shared/validation';
import { withAdditionalBody, writeOptions } from '../../../shared/descriptions/writeOptions';
import { commentedItem, itemFeed } from './commentedItem';

export const description: INodeProperties[] = showFor('comment', 'create', [
	...commentedItem('to comment on'),
	messageText("The comment, posted in the item's activity stream as the credential's user"),
	writeOptions,
]);

/** POST /feed/{namespace}/{code}/{id}/message {body}; the message the platform answers is the output. */
export const { execute } = requestOperation({
	method: 'POST',
	path: (ctx, itemIndex) => readItemPath(ctx, itemIndex, itemFeed, 'message'),
	body: (ctx, itemIndex) =>
		withAdditionalBody(ctx, itemIndex, {
			body: requireText(ctx, itemIndex, 'Text', ctx.getNodeParameter('text', itemIndex)),
		}),
	output: (response) =>
		response.message && typeof response.message === 'object'
			? (response.message as IDataObject)
			: unwrapItem(response),
});
