import type { ILoadOptionsFunctions, INodeListSearchResult } from 'n8n-workflow';
import { searchPagedList } from '../../shared/listSearch';

export async function searchSegments(
	this: ILoadOptionsFunctions,
	filter?: string,
	paginationToken?: string,
): Promise<INodeListSearchResult> {
	return await searchPagedList(this, { method: 'POST', path: '/marketing/segment', paging: 'body', body: {}, what: 'marketing segments' }, filter, paginationToken);
}
