import type { INodeProperties } from 'n8n-workflow';
import { showFor } from '../../../shared/descriptions/common';
import { bulkRequests, bulkSendingProperties, readUuidList } from '../bulk';
import { hashesField } from './bulkFields';

export const description: INodeProperties[] = showFor('file', 'getUploadLinks', [
	hashesField('Upload hashes (client-made UUIDs) to get upload links for'),
	...bulkSendingProperties('hashesList'),
]);

/** POST /disk/links/upload {"hashesList": [...]}: one upload link per hash, in the order sent. */
export const executeAll = bulkRequests({
	method: 'POST',
	path: '/disk/links/upload',
	bodyKey: 'hashesList',
	idempotent: true,
	readEntries: (ctx, itemIndex) => readUuidList(ctx, itemIndex, 'hashes', 'Hashes'),
});
