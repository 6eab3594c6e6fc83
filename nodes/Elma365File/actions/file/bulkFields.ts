import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { readJsonObject } from '../../../shared/validation/values';
import { jsonEscapeHatchHint } from '../../../shared/display';
import { uuidLocator, readUuidLocator } from '../../../shared/pickers/locators';
import type { BulkItem, BulkSettings } from '../bulk';
import { bulkSendingProperties, readBulkItem, readUuidList } from '../bulk';

/**
 * The form of Get Download Links and Get Upload Links: Hashes, with what the hashes are for, and
 * how the items are sent.
 */
export function hashesFields(description: string): INodeProperties[] {
	return [
		{
			displayName: 'Hashes',
			name: 'hashes',
			type: 'string',
			required: true,
			default: '',
			placeholder: '={{ $json.hash }}',
			description: `${description}: one, several separated by commas, or an array from an expression`,
		},
		...bulkSendingProperties('hashesList'),
	];
}

/** One item's hashes, each checked, as its part of a link request (`{"hashesList": [...]}`). */
export function readHashes(
	ctx: IExecuteFunctions,
	itemIndex: number,
	settings: BulkSettings,
): BulkItem {
	return readBulkItem(
		ctx,
		itemIndex,
		settings,
		'hashesList',
		readUuidList(ctx, itemIndex, 'hashes', 'Hashes'),
	);
}

/** The directory of one entry of a bulk body, picked from the platform's directories, and free JSON for the entry. */
export const entryExtras: INodeProperties[] = [
	uuidLocator({
		displayName: 'Directory',
		name: 'entryDirectoryId',
		searchListMethod: 'searchDirectories',
		description: 'Directory the file goes into, sent as "directory"',
	}),
	{
		displayName: 'Additional Entry Fields (JSON)',
		name: 'entryFields',
		type: 'json',
		default: '{}',
		description: `${jsonEscapeHatchHint}: fields of this item's entry`,
	},
];

/** An entry's directory and Additional Entry Fields (JSON), as `entryExtras` asks for them. */
export function readEntryExtras(ctx: IExecuteFunctions, itemIndex: number): IDataObject {
	return {
		directory: readUuidLocator(
			ctx,
			itemIndex,
			'entryDirectoryId',
			'Directory',
			'searchDirectories',
		),
		...readJsonObject(ctx, itemIndex, 'entryFields', 'Additional Entry Fields (JSON)'),
	};
}
