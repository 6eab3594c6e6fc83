import type { INodeProperties } from 'n8n-workflow';
import { showFor } from '../../../shared/descriptions/common';
import { commentOperation, messageText } from '../../../shared/descriptions/messageComment';
import { writeOptions } from '../../../shared/descriptions/writeOptions';
import { channelMessageFields, posted, readChannelMessagePath } from '../channelFields.description';

export const description: INodeProperties[] = showFor('comment', 'create', [
	...channelMessageFields('to comment on'),
	messageText("The comment, posted under the message as the credential's user"),
	writeOptions,
]);

/** POST /channel/{channel}/message/{id}/comment {body} (SendChannelComment; body inferred). */
export const { execute, orderKey } = commentOperation({
	commentPath: (ctx, itemIndex) => readChannelMessagePath(ctx, itemIndex, 'comment'),
	output: (response) => posted(response, 'comment'),
});
