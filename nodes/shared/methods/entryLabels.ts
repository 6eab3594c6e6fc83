import type { IDataObject } from 'n8n-workflow';
import { entryName } from './listSearch';

/** `Name (value)`, so a search finds an entry by either. */
export function labelled(entry: IDataObject, value: string) {
	const name = entryName(entry);
	return { name: name && name !== value ? `${name} (${value})` : value, value };
}

/** `Name (code)`, valued by code. */
export function byCode(entry: IDataObject) {
	return labelled(entry, String(entry.code ?? entry.__id ?? ''));
}
