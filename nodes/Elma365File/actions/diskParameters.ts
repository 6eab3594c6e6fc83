import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { uuidLocator, readUuidLocator } from '../../shared/pickers/locators';
import { parameterField, requireUuid } from '../../shared/validation';
import { withoutEnvelope } from '../../shared/transport';

/** A disk directory picked from the list or typed in as an ID. */
export function directoryLocator(description: string, required = true): INodeProperties {
	return uuidLocator({
		displayName: 'Directory',
		name: 'directoryId',
		searchListMethod: 'searchDirectories',
		description,
		required,
	});
}

/** The picked directory's ID, checked as a UUID. */
export function readDirectory(ctx: IExecuteFunctions, itemIndex: number): string {
	return readUuidLocator(ctx, itemIndex, 'directoryId', 'Directory', 'searchDirectories');
}

/** Whether a value reads as blank text; one String() cannot convert (`{"toString": []}`) is not. */
function isBlankText(value: unknown): boolean {
	try {
		return String(value).trim() === '';
	} catch {
		return false;
	}
}

/** An optional directory picker: undefined when left empty. */
export function readOptionalDirectory(
	ctx: IExecuteFunctions,
	itemIndex: number,
	name: string,
	label: string,
): string | undefined {
	const value = ctx.getNodeParameter(name, itemIndex, '', { extractValue: true });
	if (value === undefined || value === null || isBlankText(value)) return undefined;
	return requireUuid(parameterField(name, label), value);
}

/**
 * A stored file by its `__id`: picked from the files the platform finds by name (`POST
 * /disk/files/search` with `filter.__name`, api.brix365.com/en/public-api/reference/disk/searchfiles)
 * or typed in. Its `hash` is another UUID, the ID of the file's body, which the `/disk/file/{id}`
 * paths do not take (the vendor's file model and upload pages).
 */
export const fileIdField: INodeProperties = uuidLocator({
	displayName: 'File ID',
	name: 'fileId',
	searchListMethod: 'searchFiles',
	description:
		"The stored file's __id, not its hash: picked from the files found by name, or the __id that Upload to Directory, Move, Search or Get outputs. File > Upload outputs only a hash: Move it into a directory first.",
});

/** The File ID parameter (picked or typed), checked as a UUID. */
export function readFileId(ctx: IExecuteFunctions, itemIndex: number): string {
	return readUuidLocator(ctx, itemIndex, 'fileId', 'File ID', 'searchFiles');
}

/** The file object of an answer (`{file: {...}}`), or the answer without its envelope. */
export function unwrapFile(body: IDataObject): IDataObject {
	for (const key of ['file', 'item']) {
		const value = body[key];
		if (value && typeof value === 'object' && !Array.isArray(value)) return value as IDataObject;
	}
	return withoutEnvelope(body);
}
