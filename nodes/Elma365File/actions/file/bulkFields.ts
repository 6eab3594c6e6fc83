import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { jsonEscapeHatchHint, readJsonObject } from '../../../shared/descriptions/common';
import { readUuidLocator, uuidLocator } from '../../../shared/descriptions/locators';
import {
	beforeVersion,
	isVersionAtLeast,
	sinceVersion,
} from '../../../shared/descriptions/versioning';
import { PICKERS_VERSION } from '../../versions';

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

/** The description of an entry's directory, typed or picked. */
const ENTRY_DIRECTORY_DESCRIPTION = 'Directory the file goes into, sent as "directory"';

/** The directory of one entry of a bulk body (typed in version 1, picked from 1.1 on) and free JSON for the entry. */
export const entryExtras: INodeProperties[] = [
	...beforeVersion(PICKERS_VERSION, [
		{
			displayName: 'Directory ID',
			name: 'entryDirectoryId',
			type: 'string',
			required: true,
			default: '',
			placeholder: '3fa85f64-5717-4562-b3fc-2c963f66afa6',
			description: ENTRY_DIRECTORY_DESCRIPTION,
		},
	]),
	...sinceVersion(PICKERS_VERSION, [
		uuidLocator({
			displayName: 'Directory',
			name: 'entryDirectoryId',
			searchListMethod: 'searchDirectories',
			description: ENTRY_DIRECTORY_DESCRIPTION,
		}),
	]),
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
			isVersionAtLeast(ctx, PICKERS_VERSION) ? 'Directory' : 'Directory ID',
		),
		...readJsonObject(ctx, itemIndex, 'entryFields', 'Additional Entry Fields (JSON)'),
	};
}
