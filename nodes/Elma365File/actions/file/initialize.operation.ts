import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { showFor } from '../../../shared/display';
import { parameterField, requireText, requireUuid } from '../../../shared/validation';
import { groupedOperation } from '../../../shared/execution/grouped';
import type { BulkEntry } from '../bulk';
import {
	bulkBody,
	bulkRequest,
	bulkSendingProperties,
	groupBulkItems,
	readBulkItem,
	readBulkSettings,
	splitAnswer,
} from '../bulk';
import { entryExtras, readEntryExtras } from './bulkFields';

export const description: INodeProperties[] = showFor('file', 'initialize', [
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
			"The uploaded body's hash, not a file's __id: the hash that File > Upload or Upload From Links outputs, or one sent to an upload link",
	},
	...entryExtras,
	{
		displayName: 'Comment',
		name: 'comment',
		type: 'string',
		default: '',
		description: 'Comment on the file, sent as "comment"; left empty, it is not sent',
	},
	...bulkSendingProperties('files'),
]);

/**
 * POST /disk/files {"files": [...]}: makes files of uploaded bodies (temporary uploads, uploads
 * from links or through upload links), one entry `{hash, name, directory, comment?}` per item.
 */
export const executeAll = groupedOperation({
	readSettings: readBulkSettings,
	read: (ctx, itemIndex, settings) =>
		readBulkItem(ctx, itemIndex, settings, 'files', readFileEntries(ctx, itemIndex)),
	group: groupBulkItems,
	async send(ctx, group) {
		const answer = await bulkRequest(ctx, {
			method: 'POST',
			path: '/disk/files',
			body: bulkBody(group),
			idempotent: false,
			itemIndex: group[0].itemIndex,
		});
		return splitAnswer(ctx, group, answer);
	},
});

/** The item's one entry: `{hash, name, comment?, directory, ...Additional Entry Fields (JSON)}`. */
function readFileEntries(ctx: IExecuteFunctions, itemIndex: number): BulkEntry[] {
	const entry: IDataObject = {
		hash: requireUuid(parameterField('hash', 'Hash'), ctx.getNodeParameter('hash', itemIndex, '')),
		name: requireText(
			parameterField('fileName', 'File Name'),
			ctx.getNodeParameter('fileName', itemIndex, ''),
		),
	};
	const comment = String(ctx.getNodeParameter('comment', itemIndex, '') ?? '');
	if (comment.trim() !== '') entry.comment = comment;
	return [{ ...entry, ...readEntryExtras(ctx, itemIndex) }];
}
