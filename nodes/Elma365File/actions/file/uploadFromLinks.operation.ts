import type { IDataObject } from 'n8n-workflow';
import { bulkOperation, requireHttpUrl } from '../bulk';
import { entryExtras, readEntryExtras } from './bulkFields';

/** Has the platform fetch files from http(s) links: one link per item. */
export const { description, executeAll } = bulkOperation({
	resource: 'file',
	operation: 'uploadFromLinks',
	method: 'POST',
	path: '/disk/uploads/from-link',
	bodyKey: 'links',
	idempotent: false,
	fields: [
		{
			displayName: 'Link URL',
			name: 'url',
			type: 'string',
			required: true,
			default: '',
			placeholder: 'https://example.com/report.pdf',
			description: 'Address the platform downloads the file from (http or https)',
		},
		{
			displayName: 'File Name',
			name: 'fileName',
			type: 'string',
			default: '',
			description: 'Name to store the file under, sent as "name"; left empty, it is not sent',
		},
		...entryExtras,
	],
	readEntries: (ctx, itemIndex) => {
		const entry: IDataObject = { url: requireHttpUrl(ctx, itemIndex, 'Link URL', ctx.getNodeParameter('url', itemIndex, '')) };
		const name = String(ctx.getNodeParameter('fileName', itemIndex, '') ?? '').trim();
		if (name !== '') entry.name = name;
		return [{ ...entry, ...readEntryExtras(ctx, itemIndex) }];
	},
	keyOf: (entry) => (typeof entry.url === 'string' ? entry.url : undefined),
});
