import type { INodeProperties } from 'n8n-workflow';
import { showFor } from '../../../shared/descriptions/common';
import { commentOperation, messageText } from '../../../shared/descriptions/messageComment';
import { writeOptions } from '../../../shared/descriptions/writeOptions';
import { commentedMessage, postedComment, readMessagePath } from './commentedMessage.description';

export const description: INodeProperties[] = showFor('comment', 'reply', [
	...commentedMessage('to reply to'),
	messageText("The reply, posted under the message as the credential's user"),
	writeOptions,
]);

/** POST /feed/{namespace}/{code}/{target}/message/{id}/comment {body} (SendComment; body inferred). */
export const { execute, orderKey } = commentOperation({
	commentPath: (ctx, itemIndex) => readMessagePath(ctx, itemIndex, 'comment'),
	output: postedComment,
});
