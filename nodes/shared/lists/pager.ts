import type {
	IDataObject,
	IExecuteFunctions,
	INodeProperties,
	INodeExecutionData,
} from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';
import type { Throttle } from '../flow';
import { openWindow, runState } from '../flow';
import type { ApiRequest, Elma365Context } from '../transport';
import { apiRequest } from '../transport';
import type { ListPage } from './listPage';
import { SeenRows, readListPage } from './listPage';
import { parameterField, requireInteger } from '../validation';

/** Page size of list requests: the cap of older platform versions, so it works everywhere. */
export const PAGE_SIZE = 100;

/**
 * Page size a whole list asks for first: the largest the vendor's newer list pages take ("size:
 * Number of returned items (10000 max)", https://api.elma365.com/en/public-api/reference/app/applist/),
 * so that a list of 20,000 rows takes two requests. Older platforms cap at 100 ("maximum 100" on
 * the older form of the same page): a capped platform answers a shorter page with the full
 * `total`, and the rest is read at the size it gave; one that refuses the size is asked again at
 * PAGE_SIZE; a page whose answer is larger than the size cap (Request Options > Max Response Size,
 * 16 MB unless set: 1.6 KB a row at this size) is asked again at a tenth of its size (readPages).
 */
export const MAX_PAGE_SIZE = 10_000;
/** Page size of a picker's search (methods/listSearch.ts): one page of matches to show, not a whole list. */
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
	/** The rows to return, where the list has no filter of its own for them; `limit` counts only these. */
	keep?: (row: IDataObject) => boolean;
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
	firstPageSize: MAX_PAGE_SIZE,
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

/** HTTP statuses that say something other than "this page size is too large". */
const NOT_ABOUT_SIZE = new Set(['401', '403', '404', '429']);

/**
 * Whether a list request asked at `size` failed because of its size: a 4xx other than
 * 401/403/404/429 on a page above PAGE_SIZE. The vendor's list pages say "size: 100 max" in
 * places (https://api.elma365.com/en/public-api/reference/user/userlistpost) and document no
 * answer to a larger one, so any such refusal is read as the size being too large and the list is
 * read again at PAGE_SIZE; a request refused for another reason is refused again and fails then.
 */
export function isRefusedPageSize(error: unknown, size: number): boolean {
	if (size <= PAGE_SIZE || !(error instanceof NodeApiError)) return false;
	const status = Number(error.httpCode);
	return status >= 400 && status < 500 && !NOT_ABOUT_SIZE.has(String(status));
}

/** The transport's failure of an answer past the size cap (Request Options > Max Response Size, 16 MB unless set). */
const ANSWER_TOO_LARGE = /^ELMA365: the platform's answer is larger than /;

/**
 * Whether a page asked at `size` (above PAGE_SIZE) failed because its answer was larger than the
 * size cap: its rows are larger than a page of that size can hold, and a smaller page may fit.
 */
export function isAnswerTooLarge(error: unknown, size: number): boolean {
	return size > PAGE_SIZE && error instanceof NodeApiError && ANSWER_TOO_LARGE.test(error.message);
}

/**
 * The page size to ask for after a page of `asked` rows was too large, in a list read at `size`
 * (a page near the end asks fewer): a tenth of `size` where that is below `asked`, else a tenth of
 * `asked`; at least PAGE_SIZE.
 */
export function smallerPageSize(asked: number, size = asked): number {
	const tenth = Math.floor(size / 10);
	return Math.max(PAGE_SIZE, tenth < asked ? tenth : Math.floor(asked / 10));
}

/** The largest page to ask for: `wanted`, or PAGE_SIZE once this run saw a large page refused. */
export function allowedPageSize(ctx: Elma365Context, wanted: number): number {
	return runState(ctx).largePagesRefused ? Math.min(wanted, PAGE_SIZE) : wanted;
}

/**
 * Reads a list's first page at `size`. Where the platform refuses that size (isRefusedPageSize), it
 * is read again at PAGE_SIZE and the refusal is remembered for the rest of the run; where the
 * answer is larger than the size cap (isAnswerTooLarge), it is read again at a tenth of the size,
 * down to PAGE_SIZE. Returns the page and the size it was read at.
 */
export async function readFirstPage<P>(
	ctx: Elma365Context,
	size: number,
	read: (size: number) => Promise<P>,
): Promise<{ page: P; size: number }> {
	for (let asked = size; ; asked = smallerPageSize(asked)) {
		try {
			return { page: await read(asked), size: asked };
		} catch (caught) {
			const error = caught as NodeApiError;
			if (isRefusedPageSize(error, asked)) {
				runState(ctx).largePagesRefused = true;
				return { page: await read(PAGE_SIZE), size: PAGE_SIZE };
			}
			if (!isAnswerTooLarge(error, asked)) throw error;
		}
	}
}

/** The page `page` brings, or undefined where its answer (asked at `size`) was too large for the size cap (isAnswerTooLarge). */
export async function unlessTooLarge<P>(page: Promise<P>, size: number): Promise<P | undefined> {
	try {
		return await page;
	} catch (caught) {
		const error = caught as NodeApiError;
		if (isAnswerTooLarge(error, size)) return undefined;
		throw error;
	}
}

/**
 * One read of a list: its request, the rows already returned (`SeenRows`: a row of an earlier page
 * is skipped, rows repeated within one page are kept, as a report may have equal rows) and the
 * count of rows and requests so far.
 */
class ListRead {
	readonly wanted: number;
	requests = 0;
	returned = 0;
	private readonly seen = new SeenRows();
	private readonly base: Omit<PagedListRequest, 'paging' | 'limit' | 'keep'>;
	private readonly paging: PagedListRequest['paging'];
	private readonly kept: (row: IDataObject) => boolean;

	constructor(
		readonly ctx: Elma365Context,
		request: PagedListRequest,
	) {
		const { paging, limit, keep, ...base } = request;
		this.paging = paging;
		this.base = base;
		this.wanted = limit ?? Infinity;
		this.kept = keep ?? (() => true);
	}

	/** Whether `limit` rows were returned. */
	get done(): boolean {
		return this.returned >= this.wanted;
	}

	/** The page of `size` rows from `from`, through `throttle` where given (else the run's). */
	async page(from: number, size: number, throttle?: Throttle): Promise<ListPage> {
		this.requests += 1;
		const { base } = this;
		const range = withRange({ paging: this.paging, body: base.body, qs: base.qs }, from, size);
		return readListPage(
			await apiRequest(this.ctx, {
				...base,
				...range,
				throttle,
				idempotent: base.idempotent ?? true,
			}),
		);
	}

	/** The rows of `items` not returned before and kept, up to `limit`, and whether the page brought any new row. */
	keep(items: IDataObject[]): { rows: IDataObject[]; progressed: boolean } {
		const fresh = items.filter((item) => !this.seen.has(item));
		for (const item of items) this.seen.add(item);
		const rows = fresh.filter(this.kept).slice(0, this.wanted - this.returned);
		this.returned += rows.length;
		return { rows, progressed: fresh.length > 0 };
	}
}

/**
 * The one pager: reads a from/size list and yields its new rows in list order, a page at a time,
 * at most `limit` rows. The first page is `plan.firstPageSize` (readFirstPage: a size the platform
 * refuses is asked again at PAGE_SIZE, which the rest of the run keeps; a page whose answer is
 * larger than the size cap is asked again at a tenth of its size, as is any later page of the list
 * whose answer is too large, down to PAGE_SIZE). A list with `total` is read
 * ahead (readAhead); one without, page after page (readOneAfterAnother). A page that comes back
 * shorter than asked before the end is a capped platform's page size: the list goes on from where
 * it ended at that size, the first such page read alone to tell a cap from a `total` that lies.
 * It always ends, whatever the server does: a page that brings nothing new ends the list, the list
 * is never read past the first known `total` plus two pages (rows added while paging), and a list
 * without `total` is read for at most MAX_PAGES_WITHOUT_TOTAL pages. The consumer may stop early
 * (a lookup).
 */
export async function* readPages(
	ctx: Elma365Context,
	request: PagedListRequest,
	plan: PagingPlan,
): AsyncGenerator<IDataObject[]> {
	const list = new ListRead(ctx, request);
	const firstSize = Math.min(allowedPageSize(ctx, plan.firstPageSize), list.wanted);
	const { page: first, size } = await readFirstPage(
		ctx,
		firstSize,
		async (pageSize) => await list.page(0, pageSize),
	);
	const { rows, progressed } = list.keep(first.items);
	if (rows.length > 0) yield rows;
	if (!progressed || list.done) return;
	const count = first.items.length;
	// A capped platform gave fewer than asked although more exist: that is its page size.
	const capped = count < size && (first.total === undefined || first.total > count);
	if (first.total === undefined) {
		// Without a total, a short first page below PAGE_SIZE is the whole list: no platform caps below it.
		if (count < size && count < PAGE_SIZE) return;
		yield* readOneAfterAnother(list, count, capped ? count : size);
		return;
	}
	yield* readAhead(list, plan, {
		from: count,
		size: capped ? count : size,
		total: first.total,
		capped,
	});
}

/** The rest of a list without `total`: one page after the other until a short or empty page, at most MAX_PAGES_WITHOUT_TOTAL. */
async function* readOneAfterAnother(
	list: ListRead,
	from: number,
	size: number,
): AsyncGenerator<IDataObject[]> {
	while (!list.done && list.requests < MAX_PAGES_WITHOUT_TOTAL) {
		const page = await unlessTooLarge(list.page(from, size), size);
		if (!page) {
			// Rows too large for a page of this size: the same rows at a smaller size.
			size = smallerPageSize(size);
			continue;
		}
		const { rows, progressed } = list.keep(page.items);
		if (rows.length > 0) yield rows;
		if (!progressed || page.items.length < size) return;
		from += page.items.length;
	}
}

/**
 * The rest of a list with `total`: the pages requested ahead in list order, at most
 * `plan.pagesInFlight`, through a congestion window of their own (congestion.ts: it starts at
 * INITIAL_PAGES_IN_FLIGHT and grows while the platform keeps up, shrinks on 429, 5xx or climbing
 * response times). Rows are yielded as their page comes next in list order, so at most the pages
 * ahead are held besides the output. A page shorter than asked is continued from where it ended at
 * the size it gave; the pages asked beyond it have the wrong offsets and are asked again. The first
 * page after a capped first page goes alone.
 */
async function* readAhead(
	list: ListRead,
	plan: PagingPlan,
	start: { from: number; size: number; total: number; capped: boolean },
): AsyncGenerator<IDataObject[]> {
	let { from, size, total, capped: probe } = start;
	// The pages the first known total justifies, plus two for rows added while paging; a total that grows does not raise it.
	const firstTotal = total;
	const throttle =
		plan.pagesInFlight > 1
			? openWindow(list.ctx, plan.pagesInFlight, INITIAL_PAGES_IN_FLIGHT)
			: undefined;
	const ahead: Array<{ from: number; size: number; page: Promise<ListPage> }> = [];
	let next = from;
	// Pages asked for and not answered yet, read or dropped: the list ends only once they are answered.
	const unanswered = new Set<Promise<unknown>>();
	const askAhead = (pageFrom: number, pageSize: number) => {
		const page = list.page(pageFrom, pageSize, throttle);
		// A page read ahead may be dropped unread: its failure is reported only if it is read.
		const settled: Promise<unknown> = page.then(
			() => unanswered.delete(settled),
			() => unanswered.delete(settled),
		);
		unanswered.add(settled);
		ahead.push({ from: pageFrom, size: pageSize, page });
	};
	try {
		while (!list.done) {
			const stop = Math.min(total, from + (list.wanted - list.returned), firstTotal + 2 * size);
			if (from >= stop) return;
			// Pages ahead go in list order, as many as the window lets on the wire now.
			const room = probe ? 1 : Math.min(plan.pagesInFlight, throttle?.size ?? 1);
			while (next < stop && ahead.length < room) {
				const pageSize = plan.wholePages ? size : Math.min(size, stop - next);
				askAhead(next, pageSize);
				next += pageSize;
			}
			probe = false;
			const head = ahead.shift()!;
			const page = await unlessTooLarge(head.page, head.size);
			if (!page) {
				// Rows too large for a page of this size: the list goes on from this page at a smaller
				// size, and the pages asked beyond it are asked again at that size.
				size = smallerPageSize(head.size, size);
				ahead.length = 0;
				next = from;
				continue;
			}
			if (page.total !== undefined) total = page.total;
			const { rows, progressed } = list.keep(page.items);
			if (rows.length > 0) yield rows;
			if (!progressed) return;
			from = head.from + page.items.length;
			if (page.items.length < head.size) {
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

/** Return All / Limit, as n8n's Get Many operations show them. */
export const returnAllOrLimit: INodeProperties[] = [
	{
		displayName: 'Return All',
		name: 'returnAll',
		type: 'boolean',
		default: false,
		description: 'Whether to return all results or only up to a given limit',
	},
	{
		displayName: 'Limit',
		name: 'limit',
		type: 'number',
		typeOptions: { minValue: 1 },
		default: 50,
		description: 'Max number of results to return',
		displayOptions: { show: { returnAll: [false] } },
	},
];

/** Reads Return All / Limit: undefined means every item. */
export function readLimit(ctx: IExecuteFunctions, itemIndex: number): number | undefined {
	if (ctx.getNodeParameter('returnAll', itemIndex, false) as boolean) return undefined;
	return requireInteger(
		parameterField('limit', 'Limit'),
		ctx.getNodeParameter('limit', itemIndex, 50),
		{
			min: 1,
		},
	);
}

/**
 * The request of a Get Many on a list the platform pages with `from` and `size` in a POST body, as
 * most of its lists do: the operation's path and body, with Return All / Limit read from the item.
 */
export function bodyPagedList(
	ctx: IExecuteFunctions,
	itemIndex: number,
	path: string,
	body?: IDataObject,
): PagedListRequest {
	return {
		method: 'POST',
		path,
		paging: 'body',
		...(body === undefined ? {} : { body }),
		limit: readLimit(ctx, itemIndex),
		itemIndex,
	};
}

/**
 * The request of a Get Many on a GET list the platform pages with `from` and `size` in the query,
 * beside the query parameters given, with Return All / Limit read from the item.
 */
export function queryPagedList(
	ctx: IExecuteFunctions,
	itemIndex: number,
	path: string,
	qs: IDataObject,
): PagedListRequest {
	return { method: 'GET', path, paging: 'query', qs, limit: readLimit(ctx, itemIndex), itemIndex };
}

/** A list's rows as output items (each shaped by `shape` when given), all paired with the item that asked. */
export function pairedRows(
	rows: IDataObject[],
	itemIndex: number,
	shape: (row: IDataObject) => IDataObject = (row) => row,
): INodeExecutionData[] {
	return rows.map((row) => ({ json: shape(row), pairedItem: { item: itemIndex } }));
}
