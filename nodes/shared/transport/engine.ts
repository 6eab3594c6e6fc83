import type { IDataObject } from 'n8n-workflow';
import { readAnswer } from './answer';
import type { Attempt, AttemptResult, ResponseMode } from './attempt';
import type { ByteStream } from './bounds';
import { BoundExceeded, boundedStream } from './bounds';
import type { Download } from './download';
import { bufferOf, fetchWithoutKey, transferError } from './download';
import { apiError } from './errors';
import { networkError, networkErrorCode } from './errors';
import type { PreparedRequest } from './prepare';
import { MAX_REDIRECTS, redirectTarget } from './redirects';
import { redirectError } from './errors';
import {
	MAX_SINGLE_WAIT_MS,
	RETRIABLE_NETWORK_CODES,
	nextWaitMs,
	retryAfterMs,
	waitBeforeRetry,
} from './retry';
import type { Answer } from './send';
import { discard, sendFollowingSameOrigin } from './send';
import type { ApiRequest, Elma365Context } from './types';

/**
 * Sends a request until it succeeds, fails for good, or runs out of attempts (retry.ts). Every
 * attempt is bounded by a deadline and a size cap, the key never goes to another origin, and every
 * failure is shown without the key.
 */
export async function sendWithRetries(
	ctx: Elma365Context,
	request: ApiRequest,
	prepared: PreparedRequest,
	mode: ResponseMode,
): Promise<IDataObject | Download> {
	let waited = 0;
	for (let number = 1; ; number++) {
		const deadline = AbortSignal.timeout(prepared.bounds.deadlineMs);
		// n8n replaces this with the execution's stop signal in node executions; elsewhere (pickers, triggers) it also ends the attempt at the deadline.
		prepared.options.abortSignal = deadline;
		const result = await attemptOnce({ ctx, request, prepared, mode, deadline, number });
		if (result.kind === 'result') return result.body;
		if (result.kind === 'download') return result.download;
		const pause = nextWaitMs(number, waited, result.waitMs);
		if (pause === undefined) throw result.failure;
		waited += pause;
		await waitBeforeRetry(ctx, request.itemIndex, pause);
	}
}

/** One attempt: send it through the congestion window, then follow or refuse a redirect, or read the answer. */
async function attemptOnce(attempt: Attempt): Promise<AttemptResult> {
	let answer: Answer;
	try {
		answer = await sendThroughWindow(attempt);
	} catch (error) {
		return noAnswer(attempt, error);
	}
	const target = redirectTarget(answer);
	if (target !== undefined) return await followOrRefuseRedirect(attempt, answer, target);
	if (attempt.mode !== 'json' && answer.status >= 200 && answer.status < 300)
		return await asResult(attempt.mode, streamOf(attempt, answer));
	return await readAnswer(attempt, answer);
}

/**
 * Sends the attempt, through the run's congestion window when the request carries one (Options >
 * Concurrency above 1): it spaces the requests of all items, and a 429 is held and sent again first.
 */
async function sendThroughWindow({ ctx, request, prepared, deadline }: Attempt): Promise<Answer> {
	let previous: Answer | undefined;
	const send = async () => {
		if (previous) discard(previous.body);
		previous = await sendFollowingSameOrigin(
			ctx,
			prepared.options,
			deadline,
			prepared.bounds,
			true,
		);
		return previous;
	};
	if (!request.window) return await send();
	return await request.window.send(send, (held) => retryAfterMs(held.headers), MAX_SINGLE_WAIT_MS);
}

/** No answer came (a refused or dropped connection, the deadline): another attempt where that is safe, else the item's error. */
function noAnswer({ ctx, request, prepared, number }: Attempt, error: unknown): AttemptResult {
	// No answer before the deadline is a timeout like the HTTP client's own.
	const code = error instanceof BoundExceeded ? 'ETIMEDOUT' : networkErrorCode(error);
	const cause = error instanceof BoundExceeded ? { code } : error;
	const { deadlineMs } = prepared.bounds;
	const failure = networkError(ctx, request, cause, number, deadlineMs, prepared.secrets);
	// A connection refused before sending is safe to repeat; others may have reached the platform.
	if ((prepared.idempotent || code === 'ECONNREFUSED') && RETRIABLE_NETWORK_CODES.has(code))
		return { kind: 'retry', failure };
	throw failure;
}

/**
 * A redirect the transport did not follow itself: past MAX_REDIRECTS on the same origin, or to
 * another origin, where only a file transfer's GET goes (without the key); anything else fails.
 */
async function followOrRefuseRedirect(
	{ ctx, request, prepared, mode, deadline, number }: Attempt,
	answer: Answer,
	target: URL,
): Promise<AttemptResult> {
	discard(answer.body);
	if (target.origin === new URL(answer.url).origin) {
		const tooMany = { message: `redirected more than ${MAX_REDIRECTS} times` };
		throw apiError(ctx, request, answer.status, tooMany, number);
	}
	if (mode === 'json' || request.method !== 'GET')
		throw redirectError(ctx, request, answer.status, target.href, prepared.secrets);
	const download = await fetchWithoutKey(ctx, target.href, request.itemIndex, prepared, deadline);
	return await asResult(mode, download);
}

/** A file transfer's successful answer as a download, bounded by the attempt's size cap and deadline. */
function streamOf({ ctx, request, prepared, deadline, number }: Attempt, answer: Answer): Download {
	const { bounds } = prepared;
	const bounded = boundedStream(answer.body as ByteStream, deadline, bounds);
	return {
		data: bounded.stream,
		headers: answer.headers,
		bytes: bounded.bytes,
		url: answer.url,
		failure: (error) => transferError(ctx, request, error, bounds, number),
	};
}

/** A download as the caller asked for it: the stream itself, or all its bytes. */
async function asResult(mode: ResponseMode, download: Download): Promise<AttemptResult> {
	return mode === 'stream'
		? { kind: 'download', download }
		: { kind: 'result', body: await bufferOf(download) };
}
