import type { IDataObject } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';
import type { Elma365Context } from '../transport';

/** Page size of list requests: the cap of older platform versions, so it works everywhere. */
export const PAGE_SIZE = 100;

/** Where a node's run remembers that the platform refused a large page (the node's execution context). */
const REFUSAL_MARK = 'elma365LargePageRefused';

/** HTTP statuses that say something other than "this page size is too large". */
const NOT_ABOUT_SIZE = new Set(['401', '403', '404', '429']);

/**
 * Whether a list request asked at `size` failed because of its size: a 4xx other than
 * 401/403/404/429 on a page above PAGE_SIZE. The vendor's list pages say "size: 100 max" in
 * places (https://api.elma365.com/en/public-api/reference/user/list/) and document no answer to a
 * larger one, so any such refusal is read as the size being too large and the list is read again
 * at PAGE_SIZE; a request refused for another reason is refused again and fails then.
 */
export function isRefusedPageSize(error: unknown, size: number): boolean {
	if (size <= PAGE_SIZE || !(error instanceof NodeApiError)) return false;
	const status = Number(error.httpCode);
	return status >= 400 && status < 500 && !NOT_ABOUT_SIZE.has(String(status));
}

/**
 * The node context of this execution, where there is one (Get Many, scheme lists, keep-current
 * reads): it lives and dies with the execution, so nothing is shared between executions.
 * Triggers and pickers have none, and each of their list reads falls back by itself.
 */
function executionMemory(ctx: Elma365Context): IDataObject | undefined {
	const withContext = ctx as { getContext?: (type: 'node') => IDataObject };
	if (typeof withContext.getContext !== 'function') return undefined;
	try {
		return withContext.getContext('node');
	} catch {
		return undefined;
	}
}

/** The largest page to ask for: `wanted`, or PAGE_SIZE once this execution saw a large page refused. */
export function allowedPageSize(ctx: Elma365Context, wanted: number): number {
	return executionMemory(ctx)?.[REFUSAL_MARK] === true ? Math.min(wanted, PAGE_SIZE) : wanted;
}

/** Remembers for the rest of this execution (where it has a node context) that large pages are refused. */
export function rememberRefusedPageSize(ctx: Elma365Context): void {
	const memory = executionMemory(ctx);
	if (memory) memory[REFUSAL_MARK] = true;
}
