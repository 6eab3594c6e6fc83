import type { IDataObject } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';
import { quotaError, redactValue } from './errors';
import {
	MAX_SINGLE_WAIT_MS,
	downloadResult,
	fetchLink,
	networkFailure,
	readResponse,
	retryAfterMs,
} from './response';
import type { RunState, Ticket, Turn } from '../flow';
import { QuotaWaitTooLong, clock, runState } from '../flow';
import { prepare, send } from './send';
import type {
	ApiRequest,
	AttemptResult,
	Download,
	Elma365Context,
	HttpResponse,
	PreparedRequest,
	StreamRequest,
} from './types';

export {
	BASE_URL_EXAMPLE,
	BASE_URL_UNUSABLE,
	CREDENTIAL_TYPE,
	MAX_REDIRECTS,
	apiPath,
	companyApiRoot,
	encodePathSegment,
	isRedirect,
	parseBaseUrl,
	useRequestOptionsReader,
} from './send';
export type { RequestOptionsReader } from './send';
export {
	MAX_SINGLE_WAIT_MS,
	parseBody,
	readDownload,
	retryAfterWaitMs,
	unwrapItem,
	withoutEnvelope,
} from './response';
export type { Refusal, RefusalWords } from './errors';
export { describeNetworkFailure, refusalOf, reworded } from './errors';
export type { ApiRequest, Download, Elma365Context, HttpResponse, RequestSettings } from './types';

/** Attempts per request after failures (5xx, no answer), the first one included; a 429 is waited out instead (flow/quota.ts). */
export const MAX_ATTEMPTS = 4;
/** First backoff step; it doubles on each retry, with up to 25% random jitter on top. */
export const BASE_BACKOFF_MS = 500;
/** The sum of all waits after failures of one request; a retry that would exceed it is not made. */
export const MAX_TOTAL_WAIT_MS = 30_000;

/**
 * The one place requests are made. Returns the parsed body with the envelope checked: a non-2xx
 * status, or a 2xx with `success: false`, becomes a NodeApiError carrying the platform's text.
 * Every send waits in the run's congestion window, which also holds it while the company's quota
 * is used up (a 429 is sent again when the platform takes requests again, up to Request Options >
 * Max Quota Wait); 5xx and lost connections are retried as `nextWaitMs` says. Every attempt is bounded
 * by a deadline and a size cap, the key never goes to another origin, and no failure shows it.
 */
export async function apiRequest(ctx: Elma365Context, request: StreamRequest): Promise<Download>;
export async function apiRequest(ctx: Elma365Context, request: ApiRequest): Promise<IDataObject>;
export async function apiRequest(
	ctx: Elma365Context,
	request: ApiRequest | StreamRequest,
): Promise<IDataObject | Download> {
	const prepared = await prepare(ctx, request);
	const state = runState(ctx);
	// A run that has failed for good sends nothing more (RunStopped, which the router passes over).
	if (state.stopped) throw state.stopped;
	const { link } = request as StreamRequest;
	if (link !== undefined) return await downloadResult(prepared, await fetchLink(prepared, link));
	const stop = stopSignal(ctx, state);
	try {
		return await attempts(prepared, stop.signal);
	} finally {
		stop.release();
	}
}

/**
 * The signal that ends a request's waits (in its window, for the quota, before a retry): it fires
 * when the execution is stopped, or when the run is (stopRun). One per request, so that no signal of
 * the run gathers a listener per request waiting; `release` unhooks it once the request is done.
 */
function stopSignal(ctx: Elma365Context, state: RunState) {
	const controller = new AbortController();
	const cancel = cancelSignal(ctx);
	const cancelled = () => controller.abort(cancel?.reason);
	if (cancel?.aborted) cancelled();
	else cancel?.addEventListener('abort', cancelled, { once: true });
	state.requests.add(controller);
	return {
		signal: controller.signal,
		release: () => {
			cancel?.removeEventListener('abort', cancelled);
			state.requests.delete(controller);
		},
	};
}

/**
 * Sends the request until it has its answer: again after a 429 once its window lets it, and after
 * a 5xx or a lost connection as `nextWaitMs` says. Throws the item's error; a wait that `signal` ends
 * throws RunStopped when the run has stopped.
 */
async function attempts(
	prepared: PreparedRequest,
	signal: AbortSignal,
): Promise<IDataObject | Download> {
	const { ctx } = prepared;
	const turn: Turn = { first: false, maxQuotaWaitMs: prepared.maxQuotaWaitMs, signal };
	let waitedMs = 0;
	let refusedBody: IDataObject | undefined;
	for (let failures = 0; ; ) {
		const ticket = await enterWindow(prepared, turn, refusedBody);
		let response: HttpResponse | undefined;
		let outcome: AttemptResult;
		try {
			response = await send(prepared);
		} catch (error) {
			outcome = networkFailure(prepared, error);
		} finally {
			prepared.window.leave(
				ticket,
				response && { status: response.status, retryAfterMs: retryAfterMs(response.headers) },
			);
		}
		outcome ??= await readResponse(prepared, response!);
		if ('body' in outcome) return outcome.body;
		if (outcome.quota) {
			// Refused for the quota: the window holds it until the platform takes requests again.
			refusedBody = outcome.quota;
			turn.first = true;
			continue;
		}
		failures += 1;
		const pause = nextWaitMs(failures, waitedMs, outcome.waitMs);
		if (pause === undefined) throw outcome.failure;
		waitedMs += pause;
		try {
			await waitBeforeRetry(ctx, pause, signal);
		} catch (error) {
			throw runState(ctx).stopped ?? error;
		}
	}
}

/**
 * A download as a bounded stream (for `prepareBinaryData`, so n8n's filesystem binary mode
 * keeps memory flat). A GET of `path` below the API root with the key; a redirect to another
 * origin is followed without it. Read it with `readDownload` to get the bound errors as node errors.
 */
export async function apiDownload(ctx: Elma365Context, request: ApiRequest): Promise<Download> {
	return await apiRequest(ctx, { ...request, stream: true });
}

/** A download from a link outside the API (object storage): never with the key. */
export async function downloadWithoutKey(
	ctx: Elma365Context,
	url: string,
	itemIndex: number,
	timeout?: number,
): Promise<Download> {
	const request: StreamRequest = {
		method: 'GET',
		path: url,
		itemIndex,
		timeout,
		stream: true,
		link: url,
	};
	return await apiRequest(ctx, request);
}

/**
 * A JSON body that stays on the wire when empty: n8n's HTTP helper drops an empty object, while the
 * platform's POST handlers decode a JSON body, so `{}` is sent as its bytes.
 */
export function jsonBody(body: IDataObject): {
	body: IDataObject | Buffer;
	headers?: Record<string, string>;
} {
	if (Object.keys(body).length > 0) return { body };
	return { body: Buffer.from('{}'), headers: { 'Content-Type': 'application/json' } };
}

/**
 * Waits for the request's turn in its window: a place, and the company's quota. A quota hold that
 * would pass Max Quota Wait fails the item at once with the quota's words (and the platform's, from
 * the request's own last 429); a stopped execution ends the wait.
 */
async function enterWindow(
	prepared: PreparedRequest,
	turn: Turn,
	refusedBody?: IDataObject,
): Promise<Ticket> {
	const { ctx, request } = prepared;
	try {
		return await prepared.window.enter(turn);
	} catch (error) {
		const { stopped } = runState(ctx);
		if (stopped) throw stopped;
		if (error instanceof QuotaWaitTooLong) {
			const wait = { ...error, maxMs: turn.maxQuotaWaitMs };
			throw quotaError(ctx, request, wait, redactValue(refusedBody, prepared.secrets));
		}
		if (turn.signal?.aborted) throw stoppedError(ctx, request.itemIndex);
		throw new NodeOperationError(ctx.getNode(), error as Error, { itemIndex: request.itemIndex });
	}
}

/** The wait before retry number `attempt`: exponential from BASE_BACKOFF_MS, plus up to 25% random jitter. */
export function backoffMs(attempt: number): number {
	const step = BASE_BACKOFF_MS * 2 ** (attempt - 1);
	return Math.min(MAX_SINGLE_WAIT_MS, step + Math.floor(clock().random() * step * 0.25));
}

/**
 * The wait before the next attempt after attempt number `attempt` failed, `waitedMs` having been
 * waited already: the wait the platform asked for, or the backoff; undefined when no retry is left.
 */
function nextWaitMs(
	attempt: number,
	waitedMs: number,
	askedWaitMs: number | undefined,
): number | undefined {
	const pause = askedWaitMs ?? backoffMs(attempt);
	if (attempt >= MAX_ATTEMPTS || waitedMs + pause > MAX_TOTAL_WAIT_MS) return undefined;
	return pause;
}

/** The execution's stop signal (execute contexts), which also ends retry and quota waits at once. */
function cancelSignal(ctx: Elma365Context): AbortSignal | undefined {
	const withCancel = ctx as { getExecutionCancelSignal?: () => AbortSignal | undefined };
	return typeof withCancel.getExecutionCancelSignal === 'function'
		? withCancel.getExecutionCancelSignal()
		: undefined;
}

/** Waits `ms` before a retry; fails the item at once when the execution (or `signal`) is stopped meanwhile. */
async function waitBeforeRetry(
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
function stoppedError(ctx: Elma365Context, itemIndex?: number) {
	return new NodeOperationError(
		ctx.getNode(),
		'ELMA365: the execution was stopped while waiting to retry',
		{ itemIndex },
	);
}
