import type { ILoadOptionsFunctions, INodeListSearchResult } from 'n8n-workflow';
import { apiPath } from '../transport';
import { byCode } from './entryLabels';
import { NOTHING_TO_LIST, readListDependency } from './listDependency';
import { searchPagedList, searchWholeList } from './listSearch';

/** Sections (namespaces), valued by code. */
export async function searchNamespaces(
	this: ILoadOptionsFunctions,
	filter?: string,
	paginationToken?: string,
): Promise<INodeListSearchResult> {
	return await searchPagedList(
		this,
		{ method: 'GET', path: '/scheme/namespaces', paging: 'query', what: 'sections' },
		filter,
		paginationToken,
		byCode,
	);
}

/** Applications of the chosen section, valued by code. */
export async function searchApplications(
	this: ILoadOptionsFunctions,
	filter?: string,
	paginationToken?: string,
): Promise<INodeListSearchResult> {
	const namespace = readListDependency(this, 'namespace');
	if (namespace === undefined) return NOTHING_TO_LIST;
	const path = apiPath`/scheme/namespaces/${namespace}/apps`;
	return await searchWholeList(
		this,
		{ method: 'GET', path, what: `the applications of section "${namespace}"` },
		filter,
		paginationToken,
		byCode,
	);
}
