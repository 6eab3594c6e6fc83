import type { IDataObject } from 'n8n-workflow';
import { randomUuid } from '../../../shared/multipart';
import { requireInteger, requireText, requireUuid } from '../../../shared/validation';
import { bulkOperation } from '../bulk';
import { entryExtras, readEntryExtras } from './bulkFields';

/** Registers files before their bytes are uploaded (e.g. through upload links): one entry per item. */
export const { description, executeAll } = bulkOperation({
	resource: 'file',
	operation: 'initialize',
	method: 'POST',
	path: '/disk/files',
	bodyKey: 'files',
	idempotent: false,
	fields: [
		{
			displayName: 'File Name',
			name: 'fileName',
			type: 'string',
			required: true,
			default: '',
			description: 'Name of the file to initialise, sent as "name"',
		},
		{
			displayName: 'Hash',
			name: 'hash',
			type: 'string',
			default: '',
			placeholder: '3fa85f64-5717-4562-b3fc-2c963f66afa6',
			description: 'Client-made UUID identifying the file\'s upload; a new one is made when empty (it is in the output)',
		},
		{
			displayName: 'Size',
			name: 'size',
			type: 'number',
			typeOptions: { minValue: 0, numberPrecision: 0 },
			default: 0,
			description: 'Size of the file in bytes; 0 is not sent',
		},
		...entryExtras,
	],
	readEntries: (ctx, itemIndex) => {
		const rawHash = String(ctx.getNodeParameter('hash', itemIndex, '') ?? '').trim();
		const entry: IDataObject = {
			hash: rawHash === '' ? randomUuid() : requireUuid(ctx, itemIndex, 'Hash', rawHash),
			name: requireText(ctx, itemIndex, 'File Name', ctx.getNodeParameter('fileName', itemIndex, '')),
		};
		const size = requireInteger(ctx, itemIndex, 'Size', ctx.getNodeParameter('size', itemIndex, 0), { min: 0 });
		if (size > 0) entry.size = size;
		return [{ ...entry, ...readEntryExtras(ctx, itemIndex) }];
	},
	keyOf: (entry) => (typeof entry.hash === 'string' ? entry.hash : undefined),
});
