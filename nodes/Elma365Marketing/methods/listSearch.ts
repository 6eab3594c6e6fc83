import type {
	IDataObject,
	ILoadOptionsFunctions,
	INodeListSearchItems,
	INodeListSearchResult,
} from 'n8n-workflow';
import { entryName, searchPagedList, withEmail } from '../../shared/methods/listSearch';
import { readListDependency as chosen, NOTHING_TO_LIST } from '../../shared/methods/listDependency';
import { apiPath } from '../../shared/transport';

export async function searchSegments(
	this: ILoadOptionsFunctions,
	filter?: string,
	paginationToken?: string,
): Promise<INodeListSearchResult> {
	return await searchPagedList(
		this,
		{
			method: 'POST',
			path: '/marketing/segment',
			paging: 'body',
			body: {},
			what: 'marketing segments',
		},
		filter,
		paginationToken,
	);
}

/** `Name (email)`, valued by ID; the email only where the subscriber has one that is not its name. */
function subscriberEntry(entry: IDataObject): INodeListSearchItems {
	return { name: withEmail(entryName(entry), entry), value: String(entry.__id ?? '') };
}

/**
 * All subscribers, page by page. The search text is matched on the page against name and email
 * (the platform's subscriber fields are not documented, so no filter is sent), as for segments.
 */
export async function searchSubscribers(
	this: ILoadOptionsFunctions,
	filter?: string,
	paginationToken?: string,
): Promise<INodeListSearchResult> {
	const request = {
		method: 'POST' as const,
		path: '/marketing/subscriber',
		paging: 'body' as const,
		body: {},
		what: 'marketing subscribers',
	};
	return await searchPagedList(this, request, filter, paginationToken, subscriberEntry);
}

/** The subscribers of the chosen segment (what Remove Subscribers can remove), page by page. */
export async function searchSegmentSubscribers(
	this: ILoadOptionsFunctions,
	filter?: string,
	paginationToken?: string,
): Promise<INodeListSearchResult> {
	const segmentId = chosen(this, 'segmentId');
	if (segmentId === undefined) return NOTHING_TO_LIST;
	const path = apiPath`/marketing/segment/${segmentId}/subscribers`;
	const request = {
		method: 'POST' as const,
		path,
		paging: 'body' as const,
		body: {},
		what: `the subscribers of segment "${segmentId}"`,
	};
	return await searchPagedList(this, request, filter, paginationToken, subscriberEntry);
}
