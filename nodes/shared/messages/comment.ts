import type { INodeProperties, IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { parameterField, requireText } from '../validation';
import { withAdditionalBody } from '../options/additionalBody';

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
 * The body of a comment under a message: `{body: Text}` plus Additional Body (JSON). The body is
 * inferred from the documented message body
 * (https://api.brix365.com/en/public-api/reference/feed/sendchannelmessage): no page found shows a
 * comment's.
 */
export function readCommentBody(ctx: IExecuteFunctions, itemIndex: number): IDataObject {
	return withAdditionalBody(ctx, itemIndex, {
		body: requireText(parameterField('text', 'Text'), ctx.getNodeParameter('text', itemIndex)),
	});
}
