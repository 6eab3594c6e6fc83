import type {
	IDataObject,
	IExecuteFunctions,
	IHttpRequestOptions,
	ILoadOptionsFunctions,
	NodeApiError,
} from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';
import { parseJsonOrText } from '../utils';
import { API_ROOT_PATH, companyApiRoot } from './address';
import { API_MAX_BYTES, DEFAULT_TIMEOUT_MS, TRANSFER_MAX_BYTES } from '../limits';
import type { RequestSettings } from './bounds';
import { BoundExceeded, discard, readBounded, requestSettings } from './bounds';
import { namingItem } from '../validation/values';
import type { Download } from './download';
import { bufferOf, downloadOf, fetchLink } from './download';
import {
	apiError,
	boundError,
	cutOff,
	networkError,
	networkErrorCode,
	notJsonError,
	quotaError,
	redactValue,
	redirectError,
} from './errors';
import { QuotaWaitTooLong } from './quota';
import {
	MAX_SINGLE_WAIT_MS,
	RETRIABLE_NETWORK_CODES,
	cancelSignal,
	isRetriableStatus,
	nextWaitMs,
	retryAfterMs,
	retryAfterWaitMs,
	stoppedError,
	waitBeforeRetry,
} from './retry';
import type { RunState } from './runState';
import { runState, runWindow } from './runState';
import type { PreparedRequest } from './send';
import { CREDENTIAL_TYPE, MAX_REDIRECTS, redirectTarget, send } from './send';
import type { HttpResponse, ApiRequest, Elma365Context, Ticket, Turn } from './types';

export { apiPath, companyApiRoot, encodePathSegment, parseBaseUrl } from './address';
export { CongestionWindow } from './congestion';
export type { Download } from './download';
export { readDownload } from './download';
export { describeNetworkFailure } from './errors';
export {
	BASE_BACKOFF_MS,
	MAX_ATTEMPTS,
	MAX_SINGLE_WAIT_MS,
	MAX_TOTAL_WAIT_MS,
	backoffMs,
	retryAfterWaitMs,
} from './retry';
export { RunStopped, runMemo, runState, stopRun } from './runState';
export type { RunState } from './runState';
export { CREDENTIAL_TYPE, MAX_REDIRECTS, isRedirect } from './send';
export type { ApiRequest, HttpResponse, Elma365Context, Throttle } from './types';

/** A file transfer's request (apiDownload, downloadWithoutKey): the answer as a bounded stream. */
interface StreamRequest extends ApiRequest {
	stream: true;
	/** A file link outside the API (object storage), fetched without the key instead of `path`. */
	link?: string;
}

/** How one send ended, unless it threw the item's error: the result, or a failure worth another attempt (after `waitMs`, or the backoff; none for a 429, which the window holds). */
type AttemptResult =
	| { body: IDataObject | Download }
	| { failure: NodeApiError; waitMs?: number; quota?: IDataObject };

/**
 * The one place requests are made. Returns the parsed body with the envelope checked: a non-2xx
 * status, or a 2xx with `success: false`, becomes a NodeApiError carrying the platform's text.
 * Every send waits in the run's congestion window, which also holds it while the company's quota
 * is used up (a 429 is sent again when the platform takes requests again, up to Request Options >
 * Max Quota Wait); 5xx and lost connections are retried as retry.ts says. Every attempt is bounded
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
 * a 5xx or a lost connection as retry.ts says. Throws the item's error; a wait that `signal` ends
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

function isExecute(ctx: Elma365Context): ctx is IExecuteFunctions {
	return typeof (ctx as IExecuteFunctions).getInputData === 'function';
}

/**
 * The node's Request Options for one item (pickers and triggers: the node's current values). A
 * refused value names the item, item 0 where the request has none (a read shared by the run).
 */
function readRequestOptions(ctx: Elma365Context, itemIndex = 0): RequestSettings {
	const raw = isExecute(ctx)
		? ctx.getNodeParameter('requestOptions', itemIndex, {})
		: (ctx as ILoadOptionsFunctions).getNodeParameter('requestOptions', {});
	try {
		return requestSettings(raw);
	} catch (error) {
		throw namingItem(ctx.getNode(), error, itemIndex);
	}
}

/** Reads the credential and Request Options and builds what every send of `request` uses. */
async function prepare(
	ctx: Elma365Context,
	request: ApiRequest | StreamRequest,
): Promise<PreparedRequest> {
	const mode = 'stream' in request ? 'stream' : request.response === 'buffer' ? 'buffer' : 'json';
	const transfer = mode !== 'json';
	const credentials = await ctx.getCredentials(CREDENTIAL_TYPE);
	const settings = readRequestOptions(ctx, request.itemIndex);
	const deadlineMs = settings.timeout ?? request.timeout ?? DEFAULT_TIMEOUT_MS;
	const maxBytes =
		settings.maxBytes ?? request.maxBytes ?? (transfer ? TRANSFER_MAX_BYTES : API_MAX_BYTES);
	const apiRoot = companyApiRoot(ctx, credentials.baseUrl);
	const root = request.outsidePublicApi ? apiRoot.slice(0, -API_ROOT_PATH.length) : apiRoot;
	const options: IHttpRequestOptions = {
		method: request.method,
		url: `${root}${request.path}`,
		json: !Buffer.isBuffer(request.body) && !transfer,
		returnFullResponse: true,
		ignoreHttpStatusErrors: true,
		// Read as a stream so that the size cap and the deadline apply while the body arrives.
		encoding: 'stream',
		disableFollowRedirect: true,
		sendCredentialsOnCrossOriginRedirect: false,
		// An idle timeout ends a silent server's connection; the deadline (bounds) ends a dripping one.
		timeout: deadlineMs,
	};
	if (credentials.ignoreSslIssues === true) options.skipSslCertificateValidation = true;
	if (request.headers) options.headers = { ...request.headers };
	if (request.body !== undefined) options.body = request.body;
	if (request.qs !== undefined && Object.keys(request.qs).length > 0) options.qs = request.qs;
	return {
		ctx,
		request,
		mode,
		options,
		bounds: { deadlineMs, maxBytes },
		idempotent: settings.retryWrites || (request.idempotent ?? request.method !== 'POST'),
		secrets: [String(credentials.apiKey ?? '')],
		ignoreSslIssues: credentials.ignoreSslIssues === true,
		maxQuotaWaitMs: settings.maxQuotaWaitMs,
		window: request.throttle ?? runWindow(ctx),
		sent: 0,
		deadline: AbortSignal.abort(),
	};
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

/** A download as the caller asked for it: the stream itself, or all its bytes. */
async function downloadResult(
	prepared: PreparedRequest,
	download: Download,
): Promise<IDataObject | Download> {
	return prepared.mode === 'stream' ? download : await bufferOf(download);
}

function isSuccess(status: number): boolean {
	return status >= 200 && status < 300;
}

/** No answer came (a refused or dropped connection, the deadline): another attempt where that is safe, else the item's error. */
function networkFailure(
	{ ctx, request, bounds, secrets, idempotent, sent }: PreparedRequest,
	error: unknown,
): AttemptResult {
	// No answer before the deadline is a timeout like the HTTP client's own.
	const code = error instanceof BoundExceeded ? 'ETIMEDOUT' : networkErrorCode(error);
	const cause = error instanceof BoundExceeded ? { code } : error;
	const failure = networkError(ctx, request, cause, sent, bounds.deadlineMs, secrets);
	// A connection refused before sending is safe to repeat; others may have reached the platform.
	if ((idempotent || code === 'ECONNREFUSED') && RETRIABLE_NETWORK_CODES.has(code))
		return { failure };
	throw failure;
}

/**
 * Turns an answer into the result or the failure it means: a redirect `send` did not follow, a
 * transfer's bytes, or an API answer read within the request's bounds.
 */
async function readResponse(
	prepared: PreparedRequest,
	response: HttpResponse,
): Promise<AttemptResult> {
	const target = redirectTarget(response);
	if (target !== undefined) return { body: await followRedirect(prepared, response, target) };
	if (prepared.mode !== 'json' && isSuccess(response.status)) {
		const download = downloadOf(
			prepared.ctx,
			prepared.request,
			response,
			prepared.deadline,
			prepared.bounds,
			prepared.sent,
		);
		return { body: await downloadResult(prepared, download) };
	}
	let raw: Buffer;
	try {
		raw = await readBounded(response.body, prepared.deadline, prepared.bounds);
	} catch (error) {
		return unreadResponse(prepared, error);
	}
	const body = parseBody(raw);
	if (isSuccess(response.status)) return { body: successBody(prepared, response.status, body) };
	return refusal(prepared, response, body);
}

/**
 * A redirect `send` did not follow: past MAX_REDIRECTS on the same origin, or to another origin,
 * where only a file transfer's GET goes (without the key); anything else fails.
 */
async function followRedirect(
	prepared: PreparedRequest,
	response: HttpResponse,
	target: URL,
): Promise<IDataObject | Download> {
	const { ctx, request, sent } = prepared;
	discard(response.body);
	if (target.origin === new URL(response.url).origin) {
		const tooMany = { message: `redirected more than ${MAX_REDIRECTS} times` };
		throw apiError(ctx, request, response.status, tooMany, sent);
	}
	if (prepared.mode === 'json' || request.method !== 'GET')
		throw redirectError(ctx, request, response.status, target.href, prepared.secrets);
	return await downloadResult(prepared, await fetchLink(prepared, target.href));
}

/** An answer that could not be read in full: past a bound, or cut off by a broken connection. */
function unreadResponse(
	{ ctx, request, bounds, secrets, idempotent, sent }: PreparedRequest,
	error: unknown,
): AttemptResult {
	if (!(error instanceof BoundExceeded)) {
		// The connection broke after the answer began: the answer is cut off.
		const failure = networkError(ctx, request, cutOff(error), sent, bounds.deadlineMs, secrets);
		if (idempotent) return { failure };
		throw failure;
	}
	const failure = boundError(ctx, request, error, sent);
	if (error.kind === 'deadline' && idempotent) return { failure };
	throw failure;
}

/** The result of a 2xx: its JSON object, unless the envelope says `success: false` or it is not JSON. */
function successBody(
	{ ctx, request, secrets, sent }: PreparedRequest,
	status: number,
	body: unknown,
): IDataObject {
	request.onStatus?.(status);
	if (body && typeof body === 'object' && (body as IDataObject).success === false)
		throw apiError(ctx, request, undefined, redactValue(body, secrets), sent);
	if (body === undefined) return {};
	// A JSON API that answers 2xx with text (a cut body, a proxy's or login page) has not done the work we can see.
	if (typeof body !== 'object') throw notJsonError(ctx, request, redactValue(body, secrets), sent);
	return body as IDataObject;
}

/** A non-2xx answer: the item's error, another attempt for an idempotent 5xx after the wait asked for, or the quota's hold for a 429. */
function refusal(
	{ ctx, request, secrets, idempotent, sent }: PreparedRequest,
	response: HttpResponse,
	body: unknown,
): AttemptResult {
	const { status } = response;
	const shown = redactValue(body, secrets);
	const failure = apiError(ctx, request, status, shown, sent);
	if (status === 429) {
		const quota =
			shown && typeof shown === 'object'
				? (shown as IDataObject)
				: { message: String(shown ?? '') };
		return { failure, quota };
	}
	if (!isRetriableStatus(status, idempotent)) throw failure;
	const asked = retryAfterMs(response.headers);
	if (asked !== undefined && asked > MAX_SINGLE_WAIT_MS) throw failure;
	return { failure, waitMs: asked === undefined ? undefined : retryAfterWaitMs(asked) };
}

/** An answer's body as JSON when it parses, else its text; undefined when it is empty. */
export function parseBody(body: unknown): unknown {
	if (typeof body !== 'string') {
		if (body instanceof Buffer) return parseBody(body.toString('utf8'));
		return body;
	}
	return body.trim() === '' ? undefined : parseJsonOrText(body);
}

/** A shallow copy of an answer without the envelope's own keys (`success`, `error`). */
export function withoutEnvelope(body: IDataObject): IDataObject {
	const payload = { ...body };
	delete payload.success;
	delete payload.error;
	return payload;
}

/** Drops the envelope's own keys and returns what it carries: `item`, or the remaining payload. */
export function unwrapItem(body: IDataObject): IDataObject {
	if (body.item && typeof body.item === 'object' && !Array.isArray(body.item))
		return body.item as IDataObject;
	return withoutEnvelope(body);
}
