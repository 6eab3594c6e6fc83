import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { jsonEscapeHatchHint } from '../../../shared/descriptions/common';
import { readJsonObject } from '../../../shared/readers/common';
import { uuidLocator } from '../../../shared/descriptions/locators';
import { readUuidLocator } from '../../../shared/readers/locators';

/** The Hashes parameter of the link operations, with what the hashes are for. */
export function hashesField(description: string): INodeProperties {
	return {
		displayName: 'Hashes',
		name: 'hashes',
		type: 'string',
		required: true,
		default: '',
		placeholder: '={{ $json.hash }}',
		description: `${description}: one, several separated by commas, or an array from an expression`,
	};
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
		directory: readUuidLocator(ctx, itemIndex, 'entryDirectoryId', 'Directory'),
		...readJsonObject(ctx, itemIndex, 'entryFields', 'Additional Entry Fields (JSON)'),
	};
}
