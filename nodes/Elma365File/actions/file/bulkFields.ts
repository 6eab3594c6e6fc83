import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { jsonEscapeHatchHint, readJsonObject } from '../../../shared/descriptions';
import { beforeVersion, sinceVersion, uuidLocator } from '../../../shared/locators';
import { readOptionalDirectory } from '../fields';

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

const ENTRY_DIRECTORY_DESCRIPTION = 'Directory the file goes into, sent as "directory"; left empty, it is not sent';

/** Optional directory (typed in version 1, picked from 1.1 on) and free JSON for one entry of a bulk body. */
export const entryExtras: INodeProperties[] = [
	...beforeVersion([
		{
			displayName: 'Directory ID',
			name: 'entryDirectoryId',
			type: 'string',
			default: '',
			placeholder: '3fa85f64-5717-4562-b3fc-2c963f66afa6',
			description: ENTRY_DIRECTORY_DESCRIPTION,
		},
	]),
	...sinceVersion([
		uuidLocator({ displayName: 'Directory', name: 'entryDirectoryId', searchListMethod: 'searchDirectories', description: ENTRY_DIRECTORY_DESCRIPTION, required: false }),
	]),
	{
		displayName: 'Additional Entry Fields (JSON)',
		name: 'entryFields',
		type: 'json',
		default: '{}',
		description: `${jsonEscapeHatchHint}: fields of this item's entry`,
	},
];

export function readEntryExtras(ctx: IExecuteFunctions, itemIndex: number): IDataObject {
	const extras: IDataObject = {};
	const directory = readOptionalDirectory(ctx, itemIndex, 'entryDirectoryId', 'Directory ID');
	if (directory !== undefined) extras.directory = directory;
	return { ...extras, ...readJsonObject(ctx, itemIndex, 'entryFields', 'Additional Entry Fields (JSON)') };
}
