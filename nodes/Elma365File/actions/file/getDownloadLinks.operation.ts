import type { INodeProperties } from 'n8n-workflow';
import { showFor } from '../../../shared/descriptions/common';
import { bulkRequests, bulkSendingProperties, readUuidList } from '../bulk';
import { hashesField } from './bulkFields';

export const description: INodeProperties[] = showFor('file', 'getDownloadLinks', [
	hashesField('File hashes (the UUID given as hash at upload) to get download links for'),
	...bulkSendingProperties('hashesList'),
]);

/** POST /disk/links/download {"hashesList": [...]}: one download link per hash, in the order sent. */
export const executeAll = bulkRequests({
	method: 'POST',
	path: '/disk/links/download',
	bodyKey: 'hashesList',
	idempotent: true,
	readEntries: (ctx, itemIndex) => readUuidList(ctx, itemIndex, 'hashes', 'Hashes'),
});
