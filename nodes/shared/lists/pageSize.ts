import { NodeApiError } from 'n8n-workflow';
import type { Elma365Context } from '../transport';
import { runState } from '../flow';

/** Page size of list requests: the cap of older platform versions, so it works everywhere. */
export const PAGE_SIZE = 100;

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
