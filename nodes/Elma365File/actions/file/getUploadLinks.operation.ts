import type { INodeProperties } from 'n8n-workflow';
import { showFor } from '../../../shared/descriptions/common';
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
import { hashesField } from './bulkFields';

export const description: INodeProperties[] = showFor('file', 'getUploadLinks', [
	hashesField('Upload hashes (client-made UUIDs) to get upload links for'),
	...bulkSendingProperties('hashesList'),
]);

/** POST /disk/links/upload {"hashesList": [...]}: one upload link per hash, in the order sent. */
export const executeAll = groupedOperation({
	readSettings: readBulkSettings,
	read: (ctx, itemIndex, settings) =>
		readBulkItem(
			ctx,
			itemIndex,
			settings,
			'hashesList',
			readUuidList(ctx, itemIndex, 'hashes', 'Hashes'),
		),
	group: (_ctx, members, settings) => groupBulkItems(members, settings),
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
