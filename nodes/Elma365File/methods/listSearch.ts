import type { ILoadOptionsFunctions, INodeListSearchResult } from 'n8n-workflow';
import { searchPagedList } from '../../shared/methods/listSearch';

export async function searchDirectories(
	this: ILoadOptionsFunctions,
	filter?: string,
	paginationToken?: string,
): Promise<INodeListSearchResult> {
	return await searchPagedList(
		this,
		{ method: 'POST', path: '/disk/directory/list', paging: 'body', what: 'directories' },
		filter,
		paginationToken,
	);
}
