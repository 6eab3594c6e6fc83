import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { requestOperation } from '../execution/operations';
import { requireText } from '../validation';
import { withAdditionalBody } from './writeOptions';

/** The Text of a message or of a comment under one (an item's activity stream or a channel). */
export function messageText(description: string): INodeProperties {
	return {
		displayName: 'Text',
		name: 'text',
		type: 'string',
		typeOptions: { rows: 4 },
		required: true,
		default: '',
		description,
	};
}

/**
 * Posts `{body: Text}` (plus Additional Body (JSON)) to a message's `comment` path. The stream and
 * channel comments differ only by path and by how the answer is read. The body is inferred from
 * the documented message body (https://api.brix365.com/en/public-api/reference/feed/sendchannelmessage):
 * no page found shows a comment's. Comments on one message keep their input order (`orderKey`).
 */
export function commentOperation(options: {
	commentPath: (ctx: IExecuteFunctions, itemIndex: number) => string;
	output: (response: IDataObject) => IDataObject;
}) {
	const { execute } = requestOperation({
		method: 'POST',
		path: options.commentPath,
		body: (ctx, itemIndex) =>
			withAdditionalBody(ctx, itemIndex, {
				body: requireText(ctx, itemIndex, 'Text', ctx.getNodeParameter('text', itemIndex)),
			}),
		output: options.output,
	});
	return { execute, orderKey: options.commentPath };
}
