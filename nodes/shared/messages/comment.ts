import type { INodeProperties, IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { isObject } from '../utils';
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

/**
 * Additional Fields > Title of a message (an item's activity stream, a channel). The channel
 * message's reference page documents an optional `title` beside `body`
 * (https://api.brix365.com/en/public-api/reference/feed/sendchannelmessage), and a public client
 * that ran on a real company posts `{title, body}` to an item's stream
 * (`kigmixelson/alarm-manager-server`, `alarm_manager_server/plugins/elma.py`). Comments under a
 * message get none: no page or client shows a title there.
 */
export const messageTitleFields: INodeProperties = {
	displayName: 'Additional Fields',
	name: 'additionalFields',
	type: 'collection',
	placeholder: 'Add Field',
	default: {},
	options: [
		{
			displayName: 'Title',
			name: 'title',
			type: 'string',
			default: '',
			description: "The message's title; sent only when not empty",
		},
	],
};

/** `{title}` from Additional Fields > Title when it is not empty, else nothing. */
export function readMessageTitle(ctx: IExecuteFunctions, itemIndex: number): IDataObject {
	const extra = ctx.getNodeParameter('additionalFields', itemIndex, {});
	const title = isObject(extra) ? extra.title : undefined;
	// Left out only when empty: a number or an object from an expression is refused, never dropped.
	if (title === undefined || title === null || (typeof title === 'string' && title.trim() === ''))
		return {};
	return { title: requireText('Title', title) };
}
