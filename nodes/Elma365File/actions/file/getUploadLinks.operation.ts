import type { INodeProperties } from 'n8n-workflow';
import { showFor } from '../../../shared/display';
import { groupedOperation } from '../../../shared/execution/grouped';
import { bulkBody, bulkRequest, groupBulkItems, readBulkSettings, splitAnswer } from '../bulk';
import { hashesFields, readHashes } from './bulkFields';

export const description: INodeProperties[] = showFor(
	'file',
	'getUploadLinks',
	hashesFields('Upload hashes (client-made UUIDs) to get upload links for'),
);

/** POST /disk/links/upload {"hashesList": [...]}: one upload link per hash, in the order sent. */
export const executeAll = groupedOperation({
	readSettings: readBulkSettings,
	read: readHashes,
	group: groupBulkItems,
	async send(ctx, group) {
		const answer = await bulkRequest(ctx, {
			method: 'POST',
			path: '/disk/links/upload',
			body: bulkBody(group),
			idempotent: true,
			itemIndex: group[0].itemIndex,
		});
		return splitAnswer(ctx, group, answer);
	},
});
