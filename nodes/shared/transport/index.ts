import type { IDataObject, IHttpRequestOptions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';
import { API_ROOT_PATH, companyApiRoot } from './address';
import {
	API_MAX_BYTES,
	DEFAULT_QUOTA_WAIT_S,
	DEFAULT_TIMEOUT_MS,
	TRANSFER_MAX_BYTES,
} from '../limits';
import type { RequestSettings } from './bounds';
import { quotaError, redactValue } from './errors';
import { cancelSignal, nextWaitMs, retryAfterMs, stoppedError, waitBeforeRetry } from './retry';
import type { AttemptResult, Download } from './response';
import { downloadResult, fetchLink, networkFailure, readResponse } from './response';
import type { RunState, Ticket, Turn } from '../flow';
import { QuotaWaitTooLong, runState, runWindow } from '../flow';
import type { PreparedRequest } from './send';
import { CREDENTIAL_TYPE, send } from './send';
import type { HttpResponse, ApiRequest, Elma365Context } from './types';

export { apiPath, companyApiRoot, encodePathSegment, parseBaseUrl } from './address';
export type { RequestSettings } from './bounds';
export type { Download } from './response';
export { parseBody, readDownload, unwrapItem, withoutEnvelope } from './response';
export type { Refusal, RefusalWords } from './errors';
export { describeNetworkFailure, refusalOf, reworded } from './errors';
export {
	BASE_BACKOFF_MS,
	MAX_ATTEMPTS,
	MAX_SINGLE_WAIT_MS,
	MAX_TOTAL_WAIT_MS,
	backoffMs,
	retryAfterWaitMs,
} from './retry';
export { CREDENTIAL_TYPE, MAX_REDIRECTS, isRedirect } from './send';
export type { ApiRequest, HttpResponse, Elma365Context } from './types';

/** A file transfer's request (apiDownload, downloadWithoutKey): the answer as a bounded stream. */
interface StreamRequest extends ApiRequest {
	stream: true;
	/** A file link outside the API (object storage), fetched without the key instead of `path`. */
	link?: string;
}

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

/** Reads a node's Request Options for one request (`itemIndex` undefined: a read the run shares). */
export type RequestOptionsReader = (
	ctx: Elma365Context,
	itemIndex: number | undefined,
) => RequestSettings;

/** The Request Options of a node that shows none (the Event Trigger): every bound at its default. */
const NO_REQUEST_OPTIONS: RequestSettings = {
	retryWrites: false,
	maxQuotaWaitMs: DEFAULT_QUOTA_WAIT_S * 1000,
};

let readRequestOptions: RequestOptionsReader = () => NO_REQUEST_OPTIONS;

/**
 * How every request reads its node's Request Options. The option's file (options/requestOptions.ts)
 * sets its reader when it is loaded, which every node that shows Request Options does for its
 * description: the options are parsed and checked beside their properties, and the transport only
 * bounds a request by what they say.
 */
export function useRequestOptionsReader(reader: RequestOptionsReader): void {
	readRequestOptions = reader;
}

/** The deadline of a request not sent yet: `send` sets each attempt's own (one signal for all, made once). */
const NOT_SENT = AbortSignal.abort();

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
		// The connector's subscribe key (Event Trigger) is a secret of the same credential.
		secrets: [String(credentials.apiKey ?? ''), String(credentials.subscribeSecret ?? '')].filter(
			(secret) => secret !== '',
		),
		ignoreSslIssues: credentials.ignoreSslIssues === true,
		maxQuotaWaitMs: settings.maxQuotaWaitMs,
		window: request.throttle ?? runWindow(ctx),
		sent: 0,
		deadline: NOT_SENT,
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
