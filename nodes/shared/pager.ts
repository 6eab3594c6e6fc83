import type { IDataObject } from 'n8n-workflow';
import type { Elma365Context, ListPage, PagedListRequest } from './transport';
import { apiRequest, readListPage } from './transport';

/**
 * Page size asked for first. Newer platforms give up to 10,000 per page, older ones cap at 100;
 * a capped platform answers a shorter page with the full `total`, and the rest is read at the size
 * it gave.
 */
export const LARGE_PAGE_SIZE = 1000;
/** Pages read at the same time once `total` is known. */
export const PAGES_IN_FLIGHT = 8;

/** What makes two list entries the same: `__id`, else `code` or `id`, else the whole content. */
function identity(item: IDataObject): string {
	for (const key of ['__id', 'code', 'id']) {
		const value = item?.[key];
		if (typeof value === 'string' || typeof value === 'number') return `${key}:${value}`;
	}
	return `json:${JSON.stringify(item)}`;
}

/**
 * Reads a from/size list in as few round trips as the platform allows: the first page large, then,
 * with `total` known, the remaining pages PAGES_IN_FLIGHT at a time; output in list order,
 * de-duplicated, at most `limit` items. A page that comes back shorter than asked before `total`
 * is reached is continued from where it ended (never ending early on a capped platform), and the
 * number of requests is bounded by what `total` justifies, so a lying `total` cannot loop.
 */
export async function readWholeList(ctx: Elma365Context, request: PagedListRequest): Promise<IDataObject[]> {
	const { paging, limit, pageSize, ...base } = request;
	const wanted = limit ?? Infinity;
	const seen = new Set<string>();
	const out: IDataObject[] = [];
	let requests = 0;
	let budget = Infinity;

	const read = async (from: number, size: number): Promise<ListPage> => {
		requests += 1;
		const window = { from, size };
		const body = paging === 'body' ? { ...(request.body ?? {}), ...window } : request.body;
		const qs = paging === 'query' ? { ...(request.qs ?? {}), ...window } : request.qs;
		return readListPage(await apiRequest(ctx, { ...base, body, qs, idempotent: base.idempotent ?? true }));
	};
	/** Adds a page's new entries; false when it brought nothing new (the list is over or repeating). */
	const take = (items: IDataObject[]): boolean => {
		let fresh = false;
		for (const item of items) {
			if (out.length >= wanted) return fresh;
			const key = identity(item);
			if (seen.has(key)) continue;
			seen.add(key);
			out.push(item);
			fresh = true;
		}
		return fresh;
	};

	let size = Math.min(pageSize ?? LARGE_PAGE_SIZE, wanted);
	const first = await read(0, size);
	if (!take(first.items) || out.length >= wanted) return out;
	let total = first.total;
	// A capped platform gave fewer than asked although more exist: that is its page size.
	// A capped platform gave fewer than asked although more exist: that is its page size. The next
	// page is read alone, to tell a cap from a `total` that lies, before several go at once.
	let probe = first.items.length < size && (total === undefined || total > first.items.length);
	if (probe) size = first.items.length;
	let from = first.items.length;

	while (out.length < wanted && requests < budget) {
		if (total === undefined) {
			// No total: one page after the other until a short or empty page.
			const page = await read(from, size);
			if (!take(page.items) || page.items.length < size) return out;
			from += page.items.length;
			continue;
		}
		const end = Math.min(total, from + (wanted - out.length));
		if (from >= end) return out;
		budget = Math.min(budget, requests + 2 * Math.ceil((total - from) / size) + 2);
		const starts: number[] = [];
		for (let start = from; start < end && starts.length < (probe ? 1 : PAGES_IN_FLIGHT); start += size) starts.push(start);
		probe = false;
		const pages = await Promise.all(starts.map((start) => read(start, Math.min(size, end - start))));
		let progressed = false;
		for (const [index, page] of pages.entries()) {
			if (page.total !== undefined) total = page.total;
			if (take(page.items)) progressed = true;
			from = starts[index] + page.items.length;
			// A page shorter than asked: continue right after it; the pages read beyond it are read again.
			if (page.items.length < Math.min(size, end - starts[index])) {
				if (page.items.length > 0) size = Math.min(size, page.items.length);
				break;
			}
		}
		if (!progressed) return out;
	}
	return out;
}
