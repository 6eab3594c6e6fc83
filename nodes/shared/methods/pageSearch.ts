import type { IDataObject, ILoadOptionsFunctions, INodeListSearchResult } from 'n8n-workflow';
import { apiPath } from '../transport';
import { NOTHING_TO_LIST, readListDependency } from './listDependency';
import { entryName, searchPagedList } from './listSearch';

/** The name, with the code where the entry has one; valued by id. */
function byId(entry: IDataObject) {
	const id = String(entry.__id ?? entry.id ?? '');
	const code = typeof entry.code === 'string' ? entry.code : '';
	const name = entryName(entry);
	return { name: code && code !== name ? `${name} (${code})` : name, value: id };
}

/** Pages of the chosen section, valued by id. */
export async function searchPages(
	this: ILoadOptionsFunctions,
	filter?: string,
	paginationToken?: string,
): Promise<INodeListSearchResult> {
	const namespace = readListDependency(this, 'namespace');
	if (namespace === undefined) return NOTHING_TO_LIST;
	const path = apiPath`/scheme/namespaces/${namespace}/pages`;
	return await searchPagedList(
		this,
		{ method: 'GET', path, paging: 'query', what: `the pages of section "${namespace}"` },
		filter,
		paginationToken,
		byId,
	);
}

/** Document templates of the chosen section, valued by id. */
export async function searchDocumentTemplates(
	this: ILoadOptionsFunctions,
	filter?: string,
	paginationToken?: string,
): Promise<INodeListSearchResult> {
	const namespace = readListDependency(this, 'namespace');
	if (namespace === undefined) return NOTHING_TO_LIST;
	const path = apiPath`/scheme/namespaces/${namespace}/doctemplates`;
	return await searchPagedList(
		this,
		{
			method: 'GET',
			path,
			paging: 'query',
			what: `the document templates of section "${namespace}"`,
		},
		filter,
		paginationToken,
		byId,
	);
}
