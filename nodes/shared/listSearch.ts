import type { IDataObject, ILoadOptionsFunctions, INodeListSearchItems, INodeListSearchResult } from 'n8n-workflow';
import type { ApiRequest } from './transport';
import { apiRequest, PAGE_SIZE, readListPage } from './transport';

/** The name a list entry is best shown by. */
export function entryName(entry: IDataObject): string {
	for (const key of ['__name', 'name', 'title', 'code']) {
		if (typeof entry[key] === 'string' && entry[key] !== '') return entry[key] as string;
	}
	return String(entry.__id ?? entry.id ?? '');
}

/**
 * One page of a platform list for a resource locator: `paginationToken` is the next `from`.
 * The filter matches names case-insensitively on the page, as the platform's list filters are not
 * the same on every endpoint.
 */
export async function searchPagedList(
	ctx: ILoadOptionsFunctions,
	request: Pick<ApiRequest, 'method' | 'path'> & { paging: 'body' | 'query'; body?: IDataObject },
	filter: string | undefined,
	paginationToken: string | undefined,
	toEntry: (entry: IDataObject) => INodeListSearchItems = (entry) => ({
		name: entryName(entry),
		value: String(entry.__id ?? entry.id ?? entry.code ?? ''),
	}),
): Promise<INodeListSearchResult> {
	const from = Number(paginationToken ?? 0) || 0;
	const window = { from, size: PAGE_SIZE };
	const body = request.paging === 'body' ? { ...request.body, ...window } : request.body;
	const qs = request.paging === 'query' ? window : undefined;
	const found = readListPage(await apiRequest(ctx, { method: request.method, path: request.path, body, qs, idempotent: true }));
	const needle = filter?.trim().toLowerCase();
	const results = found.items
		.map(toEntry)
		.filter((entry) => !needle || entry.name.toLowerCase().includes(needle) || String(entry.value).toLowerCase() === needle);
	const next = from + found.items.length;
	const more = found.items.length > 0 && (found.total === undefined ? found.items.length >= PAGE_SIZE : next < found.total);
	return { results, paginationToken: more ? String(next) : undefined };
}
