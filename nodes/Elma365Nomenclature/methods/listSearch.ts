import type { ILoadOptionsFunctions, INodeListSearchResult } from 'n8n-workflow';
import { searchPagedList } from '../../shared/listSearch';

export async function searchDirectories(
	this: ILoadOptionsFunctions,
	filter?: string,
	paginationToken?: string,
): Promise<INodeListSearchResult> {
	return await searchPagedList(this, { method: 'GET', path: '/nomenclature/directory', paging: 'query', what: 'nomenclature directories' }, filter, paginationToken);
}

export async function searchCases(
	this: ILoadOptionsFunctions,
	filter?: string,
	paginationToken?: string,
): Promise<INodeListSearchResult> {
	return await searchPagedList(this, { method: 'GET', path: '/nomenclature', paging: 'query', what: 'nomenclature cases' }, filter, paginationToken);
}
