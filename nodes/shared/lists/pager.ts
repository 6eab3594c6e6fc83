import type { IDataObject } from 'n8n-workflow';
import type { Elma365Context } from '../transport';
import type { ListPage, PagedListRequest } from '../lists/listPage';
import { apiRequest } from '../transport';
import { MAX_PAGES_WITHOUT_TOTAL, PAGE_SIZE, readListPage, rowKey } from '../lists/listPage';

/**
 * Page size asked for first. Newer platforms give up to 10,000 per page, older ones cap at 100;
 * a capped platform answers a shorter page with the full `total`, and the rest is read at the size
 * it gave.
 */
export const LARGE_PAGE_SIZE = 1000;
/** Pages read at the same time once `total` is known. */
export const PAGES_IN_FLIGHT = 8;

/**
 * Reads a from/size list in as few round trips as the platform allows: the first page large, then,
 * with `total` known, the remaining pages PAGES_IN_FLIGHT at a time; output in list order,
 * de-duplicated, at most `limit` items. A page that comes back shorter than asked before `total`
 * is reached is continued from where it ended (never ending early on a capped platform), and the
 * list is never read past the first known `total` plus two pages (rows added while paging), so a
 * `total` that lies or grows cannot loop; a server that ignores `from` ends at the page that brings nothing new.
 */
export async function readWholeList(
	ctx: Elma365Context,
	request: PagedListRequest,
): Promise<IDataObject[]> {
	const { paging, limit, pageSize, ...base } = request;
	const wanted = limit ?? Infinity;
	const seen = new Set<string>();
	const out: IDataObject[] = [];
	let requests = 0;
	let firstTotal: number | undefined;

	const read = async (from: number, size: number): Promise<ListPage> => {
		requests += 1;
		const window = { from, size };
		const body = paging === 'body' ? { ...(request.body ?? {}), ...window } : request.body;
		const qs = paging === 'query' ? { ...(request.qs ?? {}), ...window } : request.qs;
		return readListPage(
			await apiRequest(ctx, { ...base, body, qs, idempotent: base.idempotent ?? true }),
		);
	};
	/**
	 * Adds a page's new entries; false when it brought nothing new (the list is over or repeating).
	 * Entries repeated within one page are kept (a report may have equal rows); one of an earlier page is not.
	 */
	const take = (items: IDataObject[]): boolean => {
		const keys = items.map(rowKey);
		const fresh = items.filter((_item, index) => !seen.has(keys[index]));
		for (const key of keys) seen.add(key);
		for (const item of fresh) {
			if (out.length >= wanted) break;
			out.push(item);
		}
		return fresh.length > 0;
	};

	let size = Math.min(pageSize ?? LARGE_PAGE_SIZE, wanted);
	const first = await read(0, size);
	if (!take(first.items) || out.length >= wanted) return out;
	let total = first.total;
	const short = first.items.length < size;
	// Without a total, a short first page below PAGE_SIZE is the whole list: no platform caps below it.
	if (short && total === undefined && first.items.length < PAGE_SIZE) return out;
	// A capped platform gave fewer than asked although more exist: that is its page size. The next
	// page is read alone, to tell a cap from a `total` that lies, before several go at once.
	let probe = short && (total === undefined || total > first.items.length);
	if (probe) size = first.items.length;
	let from = first.items.length;

	while (out.length < wanted) {
		if (total === undefined) {
			// No total: one page after the other until a short or empty page, at most MAX_PAGES_WITHOUT_TOTAL.
			if (requests >= MAX_PAGES_WITHOUT_TOTAL) return out;
			const page = await read(from, size);
			if (!take(page.items) || page.items.length < size) return out;
			from += page.items.length;
			continue;
		}
		const end = Math.min(total, from + (wanted - out.length));
		if (from >= end) return out;
		// The pages the first known total justifies, plus two for rows added while paging; a total that grows does not raise it.
		firstTotal ??= total;
		const stop = Math.min(end, firstTotal + 2 * size);
		if (from >= stop) return out;
		const starts: number[] = [];
		for (
			let start = from;
			start < stop && starts.length < (probe ? 1 : PAGES_IN_FLIGHT);
			start += size
		)
			starts.push(start);
		probe = false;
		const pages = await Promise.all(
			starts.map((start) => read(start, Math.min(size, stop - start))),
		);
		let progressed = false;
		for (const [index, page] of pages.entries()) {
			if (page.total !== undefined) total = page.total;
			if (take(page.items)) progressed = true;
			from = starts[index] + page.items.length;
			// A page shorter than asked: continue right after it; the pages read beyond it are read again.
			if (page.items.length < Math.min(size, stop - starts[index])) {
				if (page.items.length > 0) size = Math.min(size, page.items.length);
				break;
			}
		}
		if (!progressed) return out;
	}
	return out;
}
