import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

/** The Comment parameter of Interrupt and Interrupt Many. */
export const interruptComment: INodeProperties = {
	displayName: 'Comment',
	name: 'comment',
	type: 'string',
	default: '',
	description: 'Why the process is stopped, kept in its history; sent only when not empty',
};

/** `{comment}` when one is given, else `{}` (the comment is optional on the platform). */
export function readComment(ctx: IExecuteFunctions, itemIndex: number): IDataObject {
	const comment = String(ctx.getNodeParameter('comment', itemIndex, '') ?? '');
	return comment.trim() === '' ? {} : { comment };
}
