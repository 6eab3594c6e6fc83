import type { IDataObject } from 'n8n-workflow';
import { requireText, requireUuid } from '../../../shared/validation';
import { bulkOperation } from '../bulk';
import { entryExtras, readEntryExtras } from './bulkFields';

/**
 * Makes files of uploaded bodies (temporary uploads, uploads from links or through upload links):
 * one entry `{hash, name, directory, comment?}` per item, as the vendor documents /disk/files.
 */
export const { description, executeAll } = bulkOperation({
	resource: 'file',
	operation: 'initialize',
	method: 'POST',
	path: '/disk/files',
	bodyKey: 'files',
	idempotent: false,
	fields: [
		{
			displayName: 'File Name',
			name: 'fileName',
			type: 'string',
			required: true,
			default: '',
			description: 'Name of the new file, sent as "name"',
		},
		{
			displayName: 'Hash',
			name: 'hash',
			type: 'string',
			required: true,
			default: '',
			placeholder: '={{ $json.hash }}',
			description:
				"The uploaded body's hash (the UUID of a temporary upload, an upload from a link or an upload link)",
		},
		...entryExtras,
		{
			displayName: 'Comment',
			name: 'comment',
			type: 'string',
			default: '',
			description: 'Comment on the file, sent as "comment"; left empty, it is not sent',
		},
	],
	readEntries: (ctx, itemIndex) => {
		const entry: IDataObject = {
			hash: requireUuid(ctx, itemIndex, 'Hash', ctx.getNodeParameter('hash', itemIndex, '')),
			name: requireText(
				ctx,
				itemIndex,
				'File Name',
				ctx.getNodeParameter('fileName', itemIndex, ''),
			),
		};
		const comment = String(ctx.getNodeParameter('comment', itemIndex, '') ?? '');
		if (comment.trim() !== '') entry.comment = comment;
		return [{ ...entry, ...readEntryExtras(ctx, itemIndex) }];
	},
});
