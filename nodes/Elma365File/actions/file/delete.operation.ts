import type { INodeProperties } from 'n8n-workflow';
import { showFor } from '../../../shared/display';
import { groupedOperation } from '../../../shared/execution/grouped';
import {
	bulkBody,
	bulkRequest,
	bulkSendingProperties,
	groupBulkItems,
	readBulkItem,
	readBulkSettings,
	readUuidList,
	splitAnswer,
} from '../bulk';

export const description: INodeProperties[] = showFor('file', 'delete', [
	{
		displayName: 'File IDs',
		name: 'fileIds',
		type: 'string',
		required: true,
		default: '',
		placeholder: '={{ $json.__id }}',
		description:
			'The __id of each file to delete (not its hash), as Upload to Directory, Move or Search output it: one, several separated by commas, or an array from an expression',
	},
	...bulkSendingProperties('fileIds'),
]);

/**
 * PATCH /disk/files/deleted {"fileIds": [...]}: moves the files of all items to the recycle bin.
 * Every item is checked before the first request; each input item gets one output item.
 */
export const executeAll = groupedOperation({
	readSettings: readBulkSettings,
	read: (ctx, itemIndex, settings) =>
		readBulkItem(
			ctx,
			itemIndex,
			settings,
			'fileIds',
			readUuidList(ctx, itemIndex, 'fileIds', 'File IDs'),
		),
	group: groupBulkItems,
	async send(ctx, group) {
		const answer = await bulkRequest(ctx, {
			method: 'PATCH',
			path: '/disk/files/deleted',
			body: bulkBody(group),
			idempotent: true,
			itemIndex: group[0].itemIndex,
		});
		return splitAnswer(ctx, group, answer);
	},
});
