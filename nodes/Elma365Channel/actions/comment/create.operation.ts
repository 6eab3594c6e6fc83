import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { showFor } from '../../../shared/descriptions/common';
import { withAdditionalBody, writeOptions } from '../../../shared/descriptions/writeOptions';
import { requestOperation } from '../../../shared/execution/operations';
import { requireText } from '../../../shared/validation';
import { channelMessageFields, posted, readChannelMessagePath } from '../channelFields.description';

export const description: INodeProperties[] = showFor('comment', 'create', [
	...channelMessageFields('to comment on'),
	{
		displayName: 'Text',
		name: 'text',
		type: 'string',
		typeOptions: { rows: 4 },
		required: true,
		default: '',
		description: "The comment, posted under the message as the credential's user",
	},
	writeOptions,
]);

/**
 * POST /channel/{channel}/message/{id}/comment {body} (SendChannelComment). No page found shows its
 * body; `body` is inferred from the documented message body
 * (https://api.brix365.com/en/public-api/reference/feed/sendchannelmessage), and Options >
 * Additional Body (JSON) sends what a platform version names otherwise.
 */
export const { execute } = requestOperation({
	method: 'POST',
	path: (ctx, itemIndex) => readChannelMessagePath(ctx, itemIndex, 'comment'),
	body: (ctx, itemIndex) =>
		withAdditionalBody(ctx, itemIndex, {
			body: requireText(ctx, itemIndex, 'Text', ctx.getNodeParameter('text', itemIndex)),
		}),
	output: (response) => posted(response, 'comment'),
});

/** Comments on one message keep their input order at any Concurrency. */
export function orderKey(ctx: IExecuteFunctions, itemIndex: number): string {
	return readChannelMessagePath(ctx, itemIndex, 'comment');
}
