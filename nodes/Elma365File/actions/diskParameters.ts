import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { uuidLocator } from '../../shared/descriptions/locators';
import { readUuidLocator } from '../../shared/readers/locators';
import { requireUuid } from '../../shared/validation';
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
	return readUuidLocator(ctx, itemIndex, 'directoryId', 'Directory');
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
	return requireUuid(ctx, itemIndex, label, value);
}

/** Files have no list endpoint, so a file is addressed by its ID (e.g. from an upload's output). */
export const fileIdField: INodeProperties = {
	displayName: 'File ID',
	name: 'fileId',
	type: 'string',
	required: true,
	default: '',
	placeholder: '3fa85f64-5717-4562-b3fc-2c963f66afa6',
	description: 'Identifier (__id) of the file, e.g. from the output of an upload',
};

/** The File ID parameter, checked as a UUID. */
export function readFileId(ctx: IExecuteFunctions, itemIndex: number): string {
	return requireUuid(ctx, itemIndex, 'File ID', ctx.getNodeParameter('fileId', itemIndex, ''));
}

/** The file object of an answer (`{file: {...}}`), or the answer without its envelope. */
export function unwrapFile(body: IDataObject): IDataObject {
	for (const key of ['file', 'item']) {
		const value = body[key];
		if (value && typeof value === 'object' && !Array.isArray(value)) return value as IDataObject;
	}
	return withoutEnvelope(body);
}
