import { NodeApiError } from 'n8n-workflow';
import type { Elma365Context } from '../transport';
import { runState } from '../transport';

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

/** The largest page to ask for: `wanted`, or PAGE_SIZE once this run saw a large page refused. */
export function allowedPageSize(ctx: Elma365Context, wanted: number): number {
	return runState(ctx).largePagesRefused ? Math.min(wanted, PAGE_SIZE) : wanted;
}

/**
 * Reads a list's first page at `size`; where the platform refuses that size (isRefusedPageSize),
 * reads it again at PAGE_SIZE and remembers the refusal for the rest of the run. Returns the page
 * and the size it was read at.
 */
export async function readFirstPage<P>(
	ctx: Elma365Context,
	size: number,
	read: (size: number) => Promise<P>,
): Promise<{ page: P; size: number }> {
	try {
		return { page: await read(size), size };
	} catch (caught) {
		const error = caught as NodeApiError;
		if (!isRefusedPageSize(error, size)) throw error;
		runState(ctx).largePagesRefused = true;
		return { page: await read(PAGE_SIZE), size: PAGE_SIZE };
	}
}
