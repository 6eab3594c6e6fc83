import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { showFor } from '../../../shared/descriptions/common';
import { withAdditionalBody, writeOptions } from '../../../shared/descriptions/writeOptions';
import { requestOperation } from '../../../shared/execution/operations';
import { requireText } from '../../../shared/validation';
import { commentedMessage, postedComment, readMessagePath } from './commentedMessage.description';

export const description: INodeProperties[] = showFor('comment', 'reply', [
	...commentedMessage('to reply to'),
	{
		displayName: 'Text',
		name: 'text',
		type: 'string',
		typeOptions: { rows: 4 },
		required: true,
		default: '',
		description: "The reply, posted under the message as the credential's user",
	},
	writeOptions,
]);

/**
 * POST /feed/{namespace}/{code}/{target}/message/{id}/comment {body}. The vendor lists the
 * operation (SendComment) without a request body on any page found; `body` is inferred from the
 * documented message body of a channel
 * (https://api.brix365.com/en/public-api/reference/feed/sendchannelmessage), and Options >
 * Additional Body (JSON) sends what a platform version names otherwise.
 */
export const { execute } = requestOperation({
	method: 'POST',
	path: (ctx, itemIndex) => readMessagePath(ctx, itemIndex, 'comment'),
	body: (ctx, itemIndex) =>
		withAdditionalBody(ctx, itemIndex, {
			body: requireText(ctx, itemIndex, 'Text', ctx.getNodeParameter('text', itemIndex)),
		}),
	output: postedComment,
});

/** Replies to one message keep their input order at any Concurrency. */
export function orderKey(ctx: IExecuteFunctions, itemIndex: number): string {
	return readMessagePath(ctx, itemIndex, 'comment');
}
