import type { IDataObject, ILoadOptionsFunctions, INodeListSearchResult } from 'n8n-workflow';
import { entryName, searchPagedList } from '../../shared/methods/listSearch';

export async function searchDirectories(
	this: ILoadOptionsFunctions,
	filter?: string,
	paginationToken?: string,
): Promise<INodeListSearchResult> {
	return await searchPagedList(
		this,
		{
			method: 'GET',
			path: '/nomenclature/directory',
			paging: 'query',
			what: 'nomenclature directories',
		},
		filter,
		paginationToken,
	);
}

/** `Name (document flow)`: picking a case shows its current document flow, which Update keeps unless it is changed. */
function caseEntry(entry: IDataObject) {
	const flow =
		typeof entry.docflow === 'string' && entry.docflow !== '' ? ` (${entry.docflow})` : '';
	return { name: `${entryName(entry)}${flow}`, value: String(entry.__id ?? entry.id ?? '') };
}

export async function searchCases(
	this: ILoadOptionsFunctions,
	filter?: string,
	paginationToken?: string,
): Promise<INodeListSearchResult> {
	return await searchPagedList(
		this,
		{ method: 'GET', path: '/nomenclature', paging: 'query', what: 'nomenclature cases' },
		filter,
		paginationToken,
		caseEntry,
	);
}
