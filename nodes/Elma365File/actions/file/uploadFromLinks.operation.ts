import { bulkOperation, requireHttpUrl } from '../bulk';

/**
 * Has the platform fetch files from http(s) links into temporary storage: one link per item. Each
 * answer entry carries the body's hash, to make a file of with Initialize or Move within the hour.
 */
export const { description, executeAll } = bulkOperation({
	resource: 'file',
	operation: 'uploadFromLinks',
	method: 'POST',
	path: '/disk/uploads/from-link',
	bodyKey: 'downloadLinks',
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
	],
	readEntries: (ctx, itemIndex) => [requireHttpUrl(ctx, itemIndex, 'Link URL', ctx.getNodeParameter('url', itemIndex, ''))],
});
