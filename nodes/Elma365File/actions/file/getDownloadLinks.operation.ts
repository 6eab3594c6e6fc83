import { bulkOperation, readUuidList } from '../bulk';
import { hashesField } from './bulkFields';

export const { description, executeAll } = bulkOperation({
	resource: 'file',
	operation: 'getDownloadLinks',
	method: 'POST',
	path: '/disk/links/download',
	bodyKey: 'hashesList',
	idempotent: true,
	fields: [hashesField('File hashes (the UUID given as hash at upload) to get download links for')],
	readEntries: (ctx, itemIndex) => readUuidList(ctx, itemIndex, 'hashes', 'Hashes'),
});
