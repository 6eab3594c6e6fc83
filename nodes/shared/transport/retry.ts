import type { IDataObject } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';
import { clock } from '../flow';
import type { Elma365Context } from './types';

/** Attempts per request after failures (5xx, no answer), the first one included; a 429 is waited out instead (quota.ts). */
export const MAX_ATTEMPTS = 4;
/** First backoff step; it doubles on each retry, with up to 25% random jitter on top. */
export const BASE_BACKOFF_MS = 500;
/** No single wait after a failure is longer, whatever a 5xx asks for in Retry-After. */
export const MAX_SINGLE_WAIT_MS = 10_000;
/** The sum of all waits after failures of one request; a retry that would exceed it is not made. */
export const MAX_TOTAL_WAIT_MS = 30_000;

/**
 * Network failures worth another attempt. ERR_BAD_RESPONSE is a connection dropped half-way through
 * the answer; like the others but ECONNREFUSED it is retried only when the request is idempotent.
 */
export const RETRIABLE_NETWORK_CODES = new Set([
	'ECONNRESET',
	'ECONNREFUSED',
	'ETIMEDOUT',
	'ECONNABORTED',
	'EPIPE',
	'EAI_AGAIN',
	'ERR_BAD_RESPONSE',
]);

/** Whether a failed answer is worth another attempt: a 5xx, only for idempotent requests (a 429 is the quota's). */
export function isRetriableStatus(status: number, idempotent: boolean): boolean {
	return idempotent && status >= 500 && status <= 599;
}

/** The wait a Retry-After header asks for (seconds or an HTTP date), in ms. */
export function retryAfterMs(headers: IDataObject | undefined): number | undefined {
	const value = headers?.['retry-after'];
	if (value === undefined || value === null || value === '') return undefined;
	const seconds = Number(value);
	if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
	const date = Date.parse(String(value));
	return Number.isNaN(date) ? undefined : Math.max(0, date - clock().now());
}

/** The wait before retry number `attempt`: exponential from BASE_BACKOFF_MS, plus up to 25% random jitter. */
export function backoffMs(attempt: number): number {
	const step = BASE_BACKOFF_MS * 2 ** (attempt - 1);
	return Math.min(MAX_SINGLE_WAIT_MS, step + Math.floor(clock().random() * step * 0.25));
}

/** The wait a 5xx's Retry-After asks for, plus up to 25% (at least 100 ms) of random jitter, so parallel workers do not retry in lockstep. */
export function retryAfterWaitMs(asked: number): number {
	return Math.min(
		MAX_SINGLE_WAIT_MS,
		asked + Math.floor(clock().random() * Math.max(asked * 0.25, 100)),
	);
}

/**
 * The wait before the next attempt after attempt number `attempt` failed, `waitedMs` having been
 * waited already: the wait the platform asked for, or the backoff; undefined when no retry is left.
 */
export function nextWaitMs(
	attempt: number,
	waitedMs: number,
	askedWaitMs: number | undefined,
): number | undefined {
	const pause = askedWaitMs ?? backoffMs(attempt);
	if (attempt >= MAX_ATTEMPTS || waitedMs + pause > MAX_TOTAL_WAIT_MS) return undefined;
	return pause;
}

/** The execution's stop signal (execute contexts), which also ends retry and quota waits at once. */
export function cancelSignal(ctx: Elma365Context): AbortSignal | undefined {
	const withCancel = ctx as { getExecutionCancelSignal?: () => AbortSignal | undefined };
	return typeof withCancel.getExecutionCancelSignal === 'function'
		? withCancel.getExecutionCancelSignal()
		: undefined;
}

/** Waits `ms` before a retry; fails the item at once when the execution (or `signal`) is stopped meanwhile. */
export async function waitBeforeRetry(
	ctx: Elma365Context,
	ms: number,
	signal = cancelSignal(ctx),
): Promise<void> {
	try {
		await clock().sleep(ms, signal);
	} catch {
		throw stoppedError(ctx);
	}
}

/** The item's error when the execution was stopped while a request waited (the router names the item). */
export function stoppedError(ctx: Elma365Context, itemIndex?: number) {
	return new NodeOperationError(
		ctx.getNode(),
		'ELMA365: the execution was stopped while waiting to retry',
		{ itemIndex },
	);
}
