import type { IDataObject } from 'n8n-workflow';
import type { ApiRequest, Elma365Context } from '../transport';
import { apiRequest } from '../transport';

/** Page size of list requests: the cap of older platform versions, so it works everywhere. */
export const PAGE_SIZE = 100;
/** A list without `total` is read for at most this many pages (100,000 rows at the default size). */
export const MAX_PAGES_WITHOUT_TOTAL = 1_000;

export interface ListPage {
	items: IDataObject[];
	total?: number;
}

/** Finds the list in the shapes the platform uses: `{result: {result, total}}`, `{result: []}`, `{items}`, `[]`, `{<name>: []}`. */
export function readListPage(body: unknown): ListPage {
	if (Array.isArray(body)) return { items: body as IDataObject[] };
	const data = (body ?? {}) as IDataObject;
	const result = data.result as IDataObject | IDataObject[] | undefined;
	if (Array.isArray(result)) return { items: result, total: toTotal(data.total) };
	if (result && typeof result === 'object') {
		const inner = result.result ?? result.items;
		if (Array.isArray(inner))
			return { items: inner as IDataObject[], total: toTotal(result.total ?? data.total) };
	}
	for (const key of ['items', 'data']) {
		if (Array.isArray(data[key]))
			return { items: data[key] as IDataObject[], total: toTotal(data.total) };
	}
	// A list named after what it holds (`{namespaces: [...]}`, `{apps: [...]}`): the one array beside the envelope.
	const arrays = Object.keys(data).filter((key) => key !== 'error' && Array.isArray(data[key]));
	if (arrays.length === 1)
		return { items: data[arrays[0]] as IDataObject[], total: toTotal(data.total) };
	return { items: [] };
}

function toTotal(value: unknown): number | undefined {
	const total = Number(value);
	return value !== undefined && value !== null && Number.isFinite(total) ? total : undefined;
}

export interface PagedListRequest extends Omit<ApiRequest, 'body' | 'qs'> {
	/** Where `from` and `size` go: the JSON body (POST lists) or the query string (GET lists). */
	paging: 'body' | 'query';
	body?: IDataObject;
	qs?: IDataObject;
	/** Stop after this many items; undefined means all. */
	limit?: number;
	pageSize?: number;
}

/**
 * A row's identity for de-duplication across pages: its `__id`, else its `code` or `id`, else its
 * whole content (rows without any id, such as some report rows).
 */
/** What makes two list rows the same: `__id`, else `code` or `id`, else the whole content. */
export function rowKey(item: IDataObject): string {
	for (const field of ['__id', 'code', 'id']) {
		const value = item?.[field];
		if (typeof value === 'string' || typeof value === 'number') return `${field}:${value}`;
	}
	return `content:${JSON.stringify(item)}`;
}

/**
 * Pages with `from`/`size` until `total` is reached, a page comes back short or empty, or `limit`
 * is met. It always ends, whatever the server does: rows already returned on an earlier page are
 * skipped (by `rowKey`), a page that brings nothing new ends the list, and no more pages are read
 * than the first page's `total` justifies (two extra, for rows added while paging), or
 * MAX_PAGES_WITHOUT_TOTAL when there is no total.
 */
export async function* paginate(
	ctx: Elma365Context,
	request: PagedListRequest,
): AsyncGenerator<IDataObject[]> {
	const { paging, limit, pageSize, ...base } = request;
	const seen = new Set<string>();
	let from = 0;
	let returned = 0;
	let justified: number | undefined;
	for (let pages = 0; limit === undefined || returned < limit; pages++) {
		const size = Math.min(pageSize ?? PAGE_SIZE, limit === undefined ? Infinity : limit - returned);
		const window = { from, size };
		const body = paging === 'body' ? { ...(request.body ?? {}), ...window } : request.body;
		const qs = paging === 'query' ? { ...(request.qs ?? {}), ...window } : request.qs;
		const page = readListPage(
			await apiRequest(ctx, { ...base, body, qs, idempotent: base.idempotent ?? true }),
		);
		if (page.items.length === 0) return;

		// Rows repeated within one page are kept (a report may have equal rows); a row of an earlier page is not.
		const keys = page.items.map(rowKey);
		const fresh = page.items.filter((_item, index) => !seen.has(keys[index]));
		for (const key of keys) seen.add(key);
		if (fresh.length === 0) return;
		const wanted = limit === undefined ? fresh : fresh.slice(0, limit - returned);
		returned += wanted.length;
		yield wanted;

		from += page.items.length;
		if (page.items.length < size || (page.total !== undefined && from >= page.total)) return;
		justified ??=
			page.total === undefined ? MAX_PAGES_WITHOUT_TOTAL : Math.ceil(page.total / size) + 2;
		if (pages + 1 >= justified) return;
	}
}
