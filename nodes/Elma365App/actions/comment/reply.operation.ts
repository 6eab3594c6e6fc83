import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { showFor } from '../../../shared/display';
import { messageText, readCommentBody } from '../../../shared/messages/comment';
import { apiRequest } from '../../../shared/transport';
import { commentedMessage, postedComment, readMessagePath } from './commentedMessage';
import { additionalBody, concurrency, optionsCollection } from '../../../shared/options/options';

export const description: INodeProperties[] = showFor('comment', 'reply', [
	...commentedMessage('to reply to'),
	messageText("The reply, posted under the message as the credential's user"),
	optionsCollection([concurrency(), additionalBody]),
]);

/** Comments on one message keep their input order at any Concurrency. */
export function orderKey(ctx: IExecuteFunctions, itemIndex: number): string {
	return readMessagePath(ctx, itemIndex, 'comment');
}

/**
 * POST /feed/{namespace}/{code}/{target}/message/{id}/comment {body} (SendComment; body inferred from
 * https://api.brix365.com/en/public-api/reference/feed/sendchannelmessage).
 */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const path = readMessagePath(this, itemIndex, 'comment');
	const body = readCommentBody(this, itemIndex);
	const response = await apiRequest(this, { method: 'POST', path, body, itemIndex });
	return postedComment(response);
}
