import type { IDataObject } from 'n8n-workflow';
import type { ApiRequest, Elma365Context, Throttle } from '../transport';
import { CongestionWindow } from '../execution/congestion';
import { apiRequest } from '../transport';
import type { ListPage } from './listPage';
import { SeenRows, readListPage } from './listPage';
import { PAGE_SIZE, allowedPageSize, readFirstPage } from './pageSize';

export { PAGE_SIZE } from './pageSize';
/**
 * Page size asked for first. Newer platforms give up to 10,000 per page, older ones cap at 100;
 * a capped platform answers a shorter page with the full `total`, and the rest is read at the size
 * it gave; one that refuses the size is asked again at PAGE_SIZE (readPages).
 */
export const LARGE_PAGE_SIZE = 1000;
/**
 * Most pages read at the same time once `total` is known: the ceiling of the pages' congestion
 * window, which starts at INITIAL_PAGES_IN_FLIGHT and grows while the platform keeps up.
 */
export const PAGES_IN_FLIGHT = 64;
/** Pages in flight before the first of them answers. */
export const INITIAL_PAGES_IN_FLIGHT = 32;
/** A list without `total` is read for at most this many pages (100,000 rows at the default size). */
export const MAX_PAGES_WITHOUT_TOTAL = 1_000;

/** A list request of the platform that pages with `from` and `size`. */
export interface PagedListRequest extends Omit<ApiRequest, 'body' | 'qs'> {
	/** Where `from` and `size` go: the JSON body (POST lists) or the query string (GET lists). */
	paging: 'body' | 'query';
	body?: IDataObject;
	qs?: IDataObject;
	/** Stop after this many items; undefined means all. */
	limit?: number;
}

/** How a list is read: how large the first page is, how many pages go at once, how pages near the end are sized. */
export interface PagingPlan {
	firstPageSize: number;
	pagesInFlight: number;
	/**
	 * Whether every page asks for the full page size. Otherwise a page near the end asks only for
	 * the rows `total` says are left.
	 */
	wholePages: boolean;
}

/** Reading a whole list (Get Many, the trigger, scheme lists): in as few round trips as the platform allows. */
export const WHOLE_LIST: PagingPlan = {
	firstPageSize: LARGE_PAGE_SIZE,
	pagesInFlight: PAGES_IN_FLIGHT,
	wholePages: false,
};

/** Looking an entry up in a list that has no read of one entry: page after page, stopped once found. */
export const PAGE_BY_PAGE: PagingPlan = {
	firstPageSize: PAGE_SIZE,
	pagesInFlight: 1,
	wholePages: true,
};

/** The body and query of a list request with the page range `from`/`size` placed where the endpoint takes it. */
export function withRange(
	request: Pick<PagedListRequest, 'paging' | 'body' | 'qs'>,
	from: number,
	size: number,
): { body?: IDataObject; qs?: IDataObject } {
	const range = { from, size };
	return {
		body: request.paging === 'body' ? { ...(request.body ?? {}), ...range } : request.body,
		qs: request.paging === 'query' ? { ...(request.qs ?? {}), ...range } : request.qs,
	};
}

/**
 * The one pager: reads a from/size list and yields its new rows in list order, a page at a time,
 * at most `limit` rows. The first page is `plan.firstPageSize`; with `total` known the remaining
 * pages are requested ahead in list order, at most `plan.pagesInFlight`, through a congestion
 * window of their own (congestion.ts: it starts at INITIAL_PAGES_IN_FLIGHT and grows while the
 * platform keeps up, shrinks on 429, 5xx or climbing response times). Rows are yielded as their
 * page comes next in list order, so at most the pages ahead are held besides the output. A page
 * that comes back shorter than asked before `total` is reached is continued from where it ended (a
 * capped platform's page size; the pages asked beyond it are dropped and read again at that size),
 * and the first short page is read alone, to tell a cap from a `total` that lies, before several
 * go at once. A first page refused for its size (isRefusedPageSize) is asked again at PAGE_SIZE,
 * which the rest of the list and of the run keep. It always ends, whatever the server does:
 * rows already returned on an earlier page are skipped (`SeenRows`), a page that brings nothing
 * new ends the list, the list is never read past the first known `total` plus two pages (rows
 * added while paging), and a list without `total` is read for at most MAX_PAGES_WITHOUT_TOTAL
 * pages. The consumer may stop early (a lookup).
 */
export async function* readPages(
	ctx: Elma365Context,
	request: PagedListRequest,
	plan: PagingPlan,
): AsyncGenerator<IDataObject[]> {
	const { paging, limit, ...base } = request;
	const wanted = limit ?? Infinity;
	const seen = new SeenRows();
	let returned = 0;
	let requests = 0;

	const read = async (from: number, size: number, throttle?: Throttle): Promise<ListPage> => {
		requests += 1;
		const range = withRange({ paging, body: base.body, qs: base.qs }, from, size);
		return readListPage(
			await apiRequest(ctx, { ...base, ...range, throttle, idempotent: base.idempotent ?? true }),
		);
	};
	// Rows repeated within one page are kept (a report may have equal rows); a row of an earlier page is not.
	const keepNewRows = (items: IDataObject[]): { rows: IDataObject[]; progressed: boolean } => {
		const fresh = items.filter((item) => !seen.has(item));
		for (const item of items) seen.add(item);
		const rows = fresh.slice(0, wanted - returned);
		returned += rows.length;
		return { rows, progressed: fresh.length > 0 };
	};

	const firstRead = await readFirstPage(
		ctx,
		Math.min(allowedPageSize(ctx, plan.firstPageSize), wanted),
		async (pageSize) => await read(0, pageSize),
	);
	const first = firstRead.page;
	let size = firstRead.size;
	const firstRows = keepNewRows(first.items);
	if (firstRows.rows.length > 0) yield firstRows.rows;
	if (!firstRows.progressed || returned >= wanted) return;
	let total = first.total;
	const short = first.items.length < size;
	// Without a total, a short first page below PAGE_SIZE is the whole list: no platform caps below it.
	if (short && total === undefined && first.items.length < PAGE_SIZE) return;
	// A capped platform gave fewer than asked although more exist: that is its page size.
	let probe = short && (total === undefined || total > first.items.length);
	if (probe) size = first.items.length;
	let from = first.items.length;
	let firstTotal: number | undefined;
	// Pages requested ahead of the one being read, in list order, and where the next one starts.
	const ahead: Array<{ from: number; size: number; page: Promise<ListPage> }> = [];
	let next = from;
	// Pages read ahead wait in a congestion window of their own; otherwise in the run's (runState).
	const aheadThrottle =
		plan.pagesInFlight > 1
			? new CongestionWindow(plan.pagesInFlight, INITIAL_PAGES_IN_FLIGHT)
			: undefined;
	// Pages asked for and not answered yet, read or dropped: the list ends only once they are answered.
	const unanswered = new Set<Promise<unknown>>();
	const readAhead = (start: number, pageSize: number) => {
		const page = read(start, pageSize, aheadThrottle);
		// A page read ahead may be dropped unread: its failure is reported only if it is read.
		const settled: Promise<unknown> = page.then(
			() => unanswered.delete(settled),
			() => unanswered.delete(settled),
		);
		unanswered.add(settled);
		return { from: start, size: pageSize, page };
	};

	try {
		while (returned < wanted) {
			if (total === undefined) {
				// No total: one page after the other until a short or empty page, at most MAX_PAGES_WITHOUT_TOTAL.
				if (requests >= MAX_PAGES_WITHOUT_TOTAL) return;
				const page = await read(from, size);
				const { rows, progressed } = keepNewRows(page.items);
				if (rows.length > 0) yield rows;
				if (!progressed || page.items.length < size) return;
				from += page.items.length;
				continue;
			}
			const end = Math.min(total, from + (wanted - returned));
			// The pages the first known total justifies, plus two for rows added while paging; a total that grows does not raise it.
			firstTotal ??= total;
			const stop = Math.min(end, firstTotal + 2 * size);
			if (from >= stop) return;
			// Pages ahead go in list order, as many as the window lets on the wire now.
			const room = probe ? 1 : Math.min(plan.pagesInFlight, aheadThrottle?.size ?? 1);
			while (next < stop && ahead.length < room) {
				const pageSize = plan.wholePages ? size : Math.min(size, stop - next);
				ahead.push(readAhead(next, pageSize));
				next += pageSize;
			}
			probe = false;
			const head = ahead.shift()!;
			const page = await head.page;
			if (page.total !== undefined) total = page.total;
			const kept = keepNewRows(page.items);
			if (kept.rows.length > 0) yield kept.rows;
			if (!kept.progressed) return;
			from = head.from + page.items.length;
			if (page.items.length < head.size) {
				// A page shorter than asked: continue right after it at the size it gave; the pages asked
				// beyond it have the wrong offsets and are asked again.
				size = Math.min(size, page.items.length);
				ahead.length = 0;
				next = from;
			}
		}
	} finally {
		// No request of this list may reach the platform after the list has ended.
		await Promise.allSettled([...unanswered]);
	}
}

/** Every row of a from/size list (at most `limit`), read as WHOLE_LIST says. */
export async function readWholeList(
	ctx: Elma365Context,
	request: PagedListRequest,
): Promise<IDataObject[]> {
	const rows: IDataObject[] = [];
	for await (const batch of readPages(ctx, request, WHOLE_LIST)) {
		for (const row of batch) rows.push(row);
	}
	return rows;
}
