import { bulkOperation, readUuidList } from '../bulk';
import { hashesField } from './bulkFields';

export const { description, executeAll } = bulkOperation({
	resource: 'file',
	operation: 'getUploadLinks',
	method: 'POST',
	path: '/disk/links/upload',
	bodyKey: 'hashesList',
	idempotent: true,
	fields: [hashesField('Upload hashes (client-made UUIDs) to get upload links for')],
	readEntries: (ctx, itemIndex) => readUuidList(ctx, itemIndex, 'hashes', 'Hashes'),
});
