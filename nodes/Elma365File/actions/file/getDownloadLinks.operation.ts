import type { INodeProperties } from 'n8n-workflow';
import { showFor } from '../../../shared/display';
import { groupedOperation } from '../../../shared/execution/grouped';
import { bulkBody, bulkRequest, groupBulkItems, readBulkSettings, splitAnswer } from '../bulk';
import { hashesFields, readHashes } from './bulkFields';

export const description: INodeProperties[] = showFor(
	'file',
	'getDownloadLinks',
	hashesFields(
		'The hash of each stored file to get a download link for (the ID of its body, not its __id), as Upload to Directory, Move, Search or Get output it',
	),
);

/** POST /disk/links/download {"hashesList": [...]}: one download link per hash, in the order sent. */
export const executeAll = groupedOperation({
	readSettings: readBulkSettings,
	read: readHashes,
	group: groupBulkItems,
	async send(ctx, group) {
		const answer = await bulkRequest(ctx, {
			method: 'POST',
			path: '/disk/links/download',
			body: bulkBody(group),
			idempotent: true,
			itemIndex: group[0].itemIndex,
		});
		return splitAnswer(ctx, group, answer);
	},
});
