import type { INodeProperties } from 'n8n-workflow';
import { showFor } from '../../../shared/descriptions/common';
import { bulkRequests, bulkSendingProperties, readUuidList } from '../bulk';

export const description: INodeProperties[] = showFor('file', 'delete', [
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
	...bulkSendingProperties('fileIds'),
]);

/** PATCH /disk/files/deleted {"fileIds": [...]}: moves the files of all items to the recycle bin. */
export const executeAll = bulkRequests({
	method: 'PATCH',
	path: '/disk/files/deleted',
	bodyKey: 'fileIds',
	idempotent: true,
	readEntries: (ctx, itemIndex) => readUuidList(ctx, itemIndex, 'fileIds', 'File IDs'),
});
