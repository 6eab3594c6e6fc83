import { bulkOperation, readUuidList } from '../bulk';

export const { description, executeAll } = bulkOperation({
	resource: 'file',
	operation: 'delete',
	method: 'PATCH',
	path: '/disk/files/deleted',
	bodyKey: 'fileIds',
	idempotent: true,
	fields: [
		{
			displayName: 'File IDs',
			name: 'fileIds',
			type: 'string',
			required: true,
			default: '',
			placeholder: '={{ $json.__id }}',
			description:
				'Identifiers of the files to delete: one, several separated by commas, or an array from an expression',
		},
	],
	readEntries: (ctx, itemIndex) => readUuidList(ctx, itemIndex, 'fileIds', 'File IDs'),
});
