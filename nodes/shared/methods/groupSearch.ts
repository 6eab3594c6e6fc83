import type { IDataObject, ILoadOptionsFunctions, INodeListSearchResult } from 'n8n-workflow';
import { apiPath } from '../transport';
import { NOTHING_TO_LIST, readListDependency } from './listDependency';
import { entryName, searchPagedList } from './listSearch';

/** Groups, searched by name on the platform, valued by id. */
export async function searchGroups(
	this: ILoadOptionsFunctions,
	filter?: string,
	paginationToken?: string,
): Promise<INodeListSearchResult> {
	const text = filter?.trim();
	// The platform filters by name on its side; the page is filtered again in case it does not.
	// Groups carry their name as "__name" (the documented group body).
	const body: IDataObject = text ? { filter: { tf: { __name: text } } } : {};
	return await searchPagedList(
		this,
		{ method: 'POST', path: '/scheme/groups/list', paging: 'body', body, what: 'groups' },
		text,
		paginationToken,
		(entry) => ({
			name: entry.namespace ? `${entryName(entry)} (${String(entry.namespace)})` : entryName(entry),
			value: String(entry.__id ?? entry.id ?? ''),
		}),
	);
}

/** The positions already in the chosen group (the API has no list of all positions). */
export async function searchGroupPositions(
	this: ILoadOptionsFunctions,
	filter?: string,
	paginationToken?: string,
): Promise<INodeListSearchResult> {
	const groupId = readListDependency(this, 'groupId');
	if (groupId === undefined) return NOTHING_TO_LIST;
	const path = apiPath`/scheme/groups/${groupId}/positions`;
	return await searchPagedList(
		this,
		{ method: 'GET', path, paging: 'query', what: 'the positions of this group' },
		filter,
		paginationToken,
	);
}
