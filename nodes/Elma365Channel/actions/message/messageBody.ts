import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { isObject, splitList } from '../../../shared/utils';
import { parameterField, requireInteger, requireText } from '../../../shared/validation';
import { readMessageTitle } from '../../../shared/messages/comment';

/**
 * The documented body of a channel message, `{title?, body, mentions?, files?}` (reference page
 * https://api.brix365.com/en/public-api/reference/feed/sendchannelmessage), from the form.
 */
export function readMessageBody(ctx: IExecuteFunctions, itemIndex: number): IDataObject {
	const body: IDataObject = {
		body: requireText(parameterField('text', 'Text'), ctx.getNodeParameter('text', itemIndex)),
	};
	Object.assign(body, readMessageTitle(ctx, itemIndex));
	const extra = ctx.getNodeParameter('additionalFields', itemIndex, {});
	if (!isObject(extra)) return body;
	const mentions = splitList(extra.mentions);
	if (mentions.length > 0) body.mentions = mentions;
	const files = readFiles(extra.files);
	if (files.length > 0) body.files = files;
	return body;
}

/** Files > File rows as the page's `files[]`: `{hash, name, size}`, each checked. */
function readFiles(value: unknown): IDataObject[] {
	const rows = isObject(value) && Array.isArray(value.file) ? value.file : [];
	return rows.map((row: IDataObject, index: number) => {
		const label = `Files > File ${index + 1}`;
		return {
			hash: requireText(`${label} > Hash`, row.hash),
			name: requireText(`${label} > Name`, row.name),
			size: requireInteger(`${label} > Size`, row.size, { min: 0 }),
		};
	});
}
