import type {
	IDataObject,
	IExecuteFunctions,
	IHookFunctions,
	IHttpRequestMethods,
	IHttpRequestOptions,
	ILoadOptionsFunctions,
	IN8nHttpFullResponse,
	IPollFunctions,
	IWebhookFunctions,
	NodeApiError,
} from 'n8n-workflow';
import { parseJsonOrText } from '../utils';
import { API_ROOT_PATH, companyApiRoot } from './address';
import type { Bounds } from './bounds';
import {
	API_MAX_BYTES,
	BoundExceeded,
	DEFAULT_TIMEOUT_MS,
	TRANSFER_MAX_BYTES,
	beforeDeadline,
	discard,
	readBounded,
	readRequestSettings,
} from './bounds';
import type { Download } from './download';
import { bufferOf, downloadOf, linkError } from './download';
import {
	apiError,
	boundError,
	cutOff,
	networkError,
	networkErrorCode,
	notJsonError,
	redactValue,
	redirectError,
} from './errors';
import { runState } from './runState';
import {
	MAX_SINGLE_WAIT_MS,
	RETRIABLE_NETWORK_CODES,
	isRetriableStatus,
	nextWaitMs,
	retryAfterMs,
	retryAfterWaitMs,
	waitBeforeRetry,
} from './retry';

export { apiPath, companyApiRoot, encodePathSegment, parseBaseUrl } from './address';
export {
	API_MAX_BYTES,
	DEFAULT_TIMEOUT_MS,
	TRANSFER_MAX_BYTES,
	TRANSFER_TIMEOUT_MS,
} from './bounds';
export type { Download } from './download';
export { readDownload } from './download';
export { runMemo, runState } from './runState';
export type { RunState } from './runState';
export { describeNetworkFailure } from './errors';
export {
	BASE_BACKOFF_MS,
	MAX_ATTEMPTS,
	MAX_SINGLE_WAIT_MS,
	MAX_TOTAL_WAIT_MS,
	backoffMs,
	retryAfterWaitMs,
} from './retry';

/** The credential type every request is authenticated with. */
export const CREDENTIAL_TYPE = 'elma365Api';

/** Same-origin redirects followed for one request; cross-origin ones are never followed with the key. */
export const MAX_REDIRECTS = 5;

/** The n8n contexts requests are made from: node executions, pickers, the triggers (polling, and the instant one's lifecycle and webhook). */
export type Elma365Context =
	| IExecuteFunctions
	| ILoadOptionsFunctions
	| IPollFunctions
	| IHookFunctions
	| IWebhookFunctions;

/** One request to the company's API, as operations, pickers and the trigger describe it. */
export interface ApiRequest {
	method: IHttpRequestMethods;
	/** Path below /pub/v1, built with `apiPath` so that every variable is encoded. */
	path: string;
	/** `path` is below the company's own address, not /pub/v1: a module's API methods (`/api/extensions/...`). */
	outsidePublicApi?: boolean;
	/** A JSON object (or a JSON array, for the few endpoints that take a bare list), or raw bytes (multipart uploads) sent as they are with `headers`. */
	body?: IDataObject | string[] | Buffer;
	qs?: IDataObject;
	headers?: Record<string, string>;
	/**
	 * `buffer` returns the raw response bytes as `{ data: Buffer, headers }` (downloads; `apiDownload`
	 * streams instead). Both are file transfers: a redirect to another origin (object storage) is
	 * followed without the API key, where an API call would fail.
	 */
	response?: 'json' | 'buffer';
	/**
	 * Whether repeating the request is harmless. Non-idempotent writes (create, start, upload)
	 * are retried only when the platform says it did not process them (429), never after a 5xx,
	 * where the write may already have happened. Defaults to true for every method but POST.
	 */
	idempotent?: boolean;
	itemIndex?: number;
	/** This request's own default deadline per attempt (large transfers); Request Options > Timeout wins over it. */
	timeout?: number;
	/** Told the status of a successful answer, where 200 and 206 mean different things (uploads in parts). */
	onStatus?: (status: number) => void;
	/** This request's own default size cap of the answer; Request Options > Max Response Size wins over it. */
	maxBytes?: number;
	/**
	 * A throttle of this request's own (the pager's, for pages read ahead): every attempt waits for a
	 * place in it. Without one the request waits in the run's throttle (`runState`), if the run has
	 * one, or is sent at once.
	 */
	throttle?: Throttle;
}

/**
 * What the transport asks of the router's congestion window: send one attempt when a place is free,
 * holding a 429 that asks for at most `maxHoldMs` and sending it again first while `sendAgain`
 * (told the hold) allows it: each send is one of the request's attempts.
 */
export interface Throttle {
	/** Requests it lets in flight now (the pager asks for as many pages ahead). */
	readonly size: number;
	send<A extends { status: number; headers: IDataObject }>(
		send: () => Promise<A>,
		retryAfterMs: (answer: A) => number | undefined,
		maxHoldMs: number,
		sendAgain: (holdMs: number) => boolean,
	): Promise<A>;
}

/** What one send got back: status, headers, the body still unread (a stream), and the address that answered. */
export interface Answer {
	status: number;
	headers: IDataObject;
	body: unknown;
	url: string;
}

/** A file transfer's request (apiDownload, downloadWithoutKey): the answer as a bounded stream. */
interface StreamRequest extends ApiRequest {
	stream: true;
	/** A file link outside the API (object storage), fetched without the key instead of `path`. */
	link?: string;
}

/** A request made ready to send: n8n's HTTP options with the node's Request Options and the credential applied. */
interface Call {
	ctx: Elma365Context;
	request: ApiRequest | StreamRequest;
	/** How the caller wants the answer: parsed JSON, all bytes in memory, or a stream of bytes. */
	mode: 'json' | 'buffer' | 'stream';
	options: IHttpRequestOptions;
	bounds: Bounds;
	idempotent: boolean;
	/** The texts no failure may show (the API key), taken out of everything that came from the wire. */
	secrets: string[];
	ignoreSslIssues: boolean;
}

/** One attempt of a call: one send (the window's send of a held 429 again is the next attempt). */
interface Attempt extends Call {
	/** Fires when the attempt's time (Request Options > Timeout, from sending) is up. */
	deadline: AbortSignal;
	/** 1 for the first attempt. */
	number: number;
	/** The last answer sent for this call (the window may send a held 429 again). */
	answer?: Answer;
}

/** What the attempts of one request have used: sends made, and waits before them (MAX_TOTAL_WAIT_MS). */
interface Tries {
	sent: number;
	waitedMs: number;
}

/** How an attempt ended, unless it threw the item's error: the result, or a failure worth another attempt (after `waitMs`, or the backoff). */
type Outcome = { body: IDataObject | Download } | { failure: NodeApiError; waitMs?: number };

/**
 * The one place requests are made. Returns the parsed body with the envelope checked: a non-2xx
 * status, or a 2xx with `success: false`, becomes a NodeApiError carrying the platform's text.
 * Every attempt is bounded by a deadline and a size cap, the key never goes to another origin,
 * and every failure is shown without the key; 429 and 5xx are retried as retry.ts says.
 */
export async function apiRequest(ctx: Elma365Context, request: StreamRequest): Promise<Download>;
export async function apiRequest(ctx: Elma365Context, request: ApiRequest): Promise<IDataObject>;
export async function apiRequest(
	ctx: Elma365Context,
	request: ApiRequest | StreamRequest,
): Promise<IDataObject | Download> {
	const call = await prepare(ctx, request);
	const tries: Tries = { sent: 0, waitedMs: 0 };
	for (;;) {
		const outcome = await attempt(call, tries);
		if ('body' in outcome) return outcome.body;
		const pause = nextWaitMs(tries.sent, tries.waitedMs, outcome.waitMs);
		if (pause === undefined) throw outcome.failure;
		tries.waitedMs += pause;
		await waitBeforeRetry(ctx, request.itemIndex, pause);
	}
}

/**
 * A file download as a bounded stream (for `prepareBinaryData`, so n8n's filesystem binary mode
 * keeps memory flat). A GET of `path` below the API root with the key; a redirect to another
 * origin is followed without it. Read it with `readDownload` to get the bound errors as node errors.
 */
export async function apiDownload(ctx: Elma365Context, request: ApiRequest): Promise<Download> {
	return await apiRequest(ctx, { ...request, stream: true });
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

/** Reads the credential and Request Options and builds what every attempt of `request` sends. */
async function prepare(ctx: Elma365Context, request: ApiRequest | StreamRequest): Promise<Call> {
	const mode = 'stream' in request ? 'stream' : request.response === 'buffer' ? 'buffer' : 'json';
	const transfer = mode !== 'json';
	const credentials = await ctx.getCredentials(CREDENTIAL_TYPE);
	const settings = readRequestSettings(ctx, request.itemIndex);
	const bounds: Bounds = {
		deadlineMs: settings.timeout ?? request.timeout ?? DEFAULT_TIMEOUT_MS,
		maxBytes:
			settings.maxBytes ?? request.maxBytes ?? (transfer ? TRANSFER_MAX_BYTES : API_MAX_BYTES),
	};
	const apiRoot = companyApiRoot(ctx, credentials.baseUrl, request.itemIndex);
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
		timeout: bounds.deadlineMs,
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
		bounds,
		idempotent: settings.retryWrites || (request.idempotent ?? request.method !== 'POST'),
		secrets: [String(credentials.apiKey ?? '')],
		ignoreSslIssues: credentials.ignoreSslIssues === true,
	};
}

/**
 * One attempt: sent (through the request's or the run's throttle where there is one, which spaces
 * the requests of all items and holds a 429 to send it again first, as the next attempt while
 * retry.ts allows one), then its answer classified: a redirect not followed, a transfer's bytes,
 * or an API answer to read.
 */
async function attempt(call: Call, tries: Tries): Promise<Outcome> {
	const at: Attempt = { ...call, deadline: AbortSignal.abort(), number: 0 };
	const sendNext = () => send(begin(at, tries));
	const { link } = call.request as StreamRequest;
	if (link !== undefined)
		return { body: await delivered(at, await fetchLink(begin(at, tries), link)) };
	const throttle = call.request.throttle ?? runState(call.ctx).throttle;
	// A 429 the window holds is sent again within the same bounds as any retry, its hold the wait.
	const sendAgain = (holdMs: number) => {
		const pause = nextWaitMs(tries.sent, tries.waitedMs, holdMs);
		if (pause !== undefined) tries.waitedMs += pause;
		return pause !== undefined;
	};
	let answer: Answer;
	try {
		answer = throttle
			? await throttle.send(sendNext, heldFor, MAX_SINGLE_WAIT_MS, sendAgain)
			: await sendNext();
	} catch (error) {
		return noAnswer(at, error);
	}
	const target = redirectTarget(answer);
	if (target !== undefined) return { body: await followOrRefuse(at, answer, target) };
	if (call.mode !== 'json' && isSuccess(answer.status)) {
		const download = downloadOf(at.ctx, at.request, answer, at.deadline, at.bounds, at.number);
		return { body: await delivered(at, download) };
	}
	return await readAnswer(at, answer);
}

/**
 * Makes `at` the request's next send: its number, and a deadline of its own from now (Request
 * Options > Timeout runs from sending, not from waiting for a place in the window).
 */
function begin(at: Attempt, tries: Tries): Attempt {
	tries.sent += 1;
	at.number = tries.sent;
	at.deadline = AbortSignal.timeout(at.bounds.deadlineMs);
	// n8n replaces this with the execution's stop signal in node executions; elsewhere (pickers, triggers) it also ends the attempt at the deadline.
	at.options.abortSignal = at.deadline;
	return at;
}

/**
 * Sends the attempt and returns the answer with its body unread, without ever letting n8n's helper
 * follow a redirect with the key (it would send the key to any origin a redirect names). Same-origin
 * redirects are followed here with the same method and body; others are returned to the caller.
 * The attempt's earlier answer, a 429 the window sends again, is closed first.
 */
async function send(at: Attempt, options = at.options, withKey = true): Promise<Answer> {
	const { ctx, deadline, bounds } = at;
	if (at.answer) discard(at.answer.body);
	let url = options.url;
	for (let hops = 0; ; hops++) {
		// The query is part of the first URL only; a redirect's Location carries its own.
		const sent = hops === 0 ? { ...options, url } : { ...options, url, qs: undefined };
		const pending = withKey
			? ctx.helpers.httpRequestWithAuthentication.call(ctx, CREDENTIAL_TYPE, sent)
			: ctx.helpers.httpRequest(sent);
		let response: IN8nHttpFullResponse;
		try {
			response = await beforeDeadline(pending as Promise<IN8nHttpFullResponse>, deadline, bounds);
		} catch (error) {
			// Where the deadline also aborted the HTTP client, its cancel error names the deadline.
			throw deadline.aborted ? new BoundExceeded('deadline', bounds.deadlineMs) : error;
		}
		const headers = (response.headers ?? {}) as IDataObject;
		const answer: Answer = { status: response.statusCode, headers, body: response.body, url };
		const next = redirectTarget(answer);
		if (next === undefined || next.origin !== new URL(url).origin || hops >= MAX_REDIRECTS)
			return (at.answer = answer);
		discard(answer.body);
		url = next.href;
	}
}

/**
 * A file link on another origin (object storage): fetched without the API key, bounded like any
 * answer. Redirects there are followed by n8n's helper: no credential travels with them.
 */
async function fetchLink(at: Attempt, url: string): Promise<Download> {
	const { ctx, deadline, bounds, secrets } = at;
	const { itemIndex } = at.request;
	const request: ApiRequest = { method: 'GET', path: new URL(url).origin, itemIndex };
	const options: IHttpRequestOptions = {
		method: 'GET',
		url,
		encoding: 'stream',
		returnFullResponse: true,
		ignoreHttpStatusErrors: true,
		timeout: bounds.deadlineMs,
		abortSignal: deadline,
		maxRedirects: MAX_REDIRECTS,
	};
	if (at.ignoreSslIssues) options.skipSslCertificateValidation = true;
	let answer: Answer;
	try {
		answer = await send(at, options, false);
	} catch (error) {
		throw error instanceof BoundExceeded
			? boundError(ctx, request, error, 1)
			: networkError(ctx, request, error, 1, bounds.deadlineMs, secrets);
	}
	if (!isSuccess(answer.status))
		throw await linkError(ctx, answer, itemIndex, deadline, bounds, secrets);
	return downloadOf(ctx, request, { ...answer, url }, deadline, bounds, 1);
}

/** A download as the caller asked for it: the stream itself, or all its bytes. */
async function delivered(at: Attempt, download: Download): Promise<IDataObject | Download> {
	return at.mode === 'stream' ? download : await bufferOf(download);
}

/** The wait a held answer's Retry-After asks for, as the window reads it. */
function heldFor(held: Answer): number | undefined {
	return retryAfterMs(held.headers);
}

function isSuccess(status: number): boolean {
	return status >= 200 && status < 300;
}

/** No answer came (a refused or dropped connection, the deadline): another attempt where that is safe, else the item's error. */
function noAnswer(
	{ ctx, request, bounds, secrets, idempotent, number }: Attempt,
	error: unknown,
): Outcome {
	// No answer before the deadline is a timeout like the HTTP client's own.
	const code = error instanceof BoundExceeded ? 'ETIMEDOUT' : networkErrorCode(error);
	const cause = error instanceof BoundExceeded ? { code } : error;
	const failure = networkError(ctx, request, cause, number, bounds.deadlineMs, secrets);
	// A connection refused before sending is safe to repeat; others may have reached the platform.
	if ((idempotent || code === 'ECONNREFUSED') && RETRIABLE_NETWORK_CODES.has(code))
		return { failure };
	throw failure;
}

/**
 * A redirect `send` did not follow: past MAX_REDIRECTS on the same origin, or to another origin,
 * where only a file transfer's GET goes (without the key); anything else fails.
 */
async function followOrRefuse(
	at: Attempt,
	answer: Answer,
	target: URL,
): Promise<IDataObject | Download> {
	const { ctx, request, number } = at;
	discard(answer.body);
	if (target.origin === new URL(answer.url).origin) {
		const tooMany = { message: `redirected more than ${MAX_REDIRECTS} times` };
		throw apiError(ctx, request, answer.status, tooMany, number);
	}
	if (at.mode === 'json' || request.method !== 'GET')
		throw redirectError(ctx, request, answer.status, target.href, at.secrets);
	return await delivered(at, await fetchLink(at, target.href));
}

/** Reads an API answer within the attempt's bounds and turns it into the result or the failure it means. */
async function readAnswer(at: Attempt, answer: Answer): Promise<Outcome> {
	let raw: Buffer;
	try {
		raw = await readBounded(answer.body, at.deadline, at.bounds);
	} catch (error) {
		return unreadAnswer(at, error);
	}
	const body = parseBody(raw);
	if (isSuccess(answer.status)) return { body: successBody(at, answer.status, body) };
	return refusal(at, answer, body);
}

/** An answer that could not be read in full: past a bound, or cut off by a broken connection. */
function unreadAnswer(
	{ ctx, request, bounds, secrets, idempotent, number }: Attempt,
	error: unknown,
): Outcome {
	if (!(error instanceof BoundExceeded)) {
		// The connection broke after the answer began: the answer is cut off.
		const failure = networkError(ctx, request, cutOff(error), number, bounds.deadlineMs, secrets);
		if (idempotent) return { failure };
		throw failure;
	}
	const failure = boundError(ctx, request, error, number);
	if (error.kind === 'deadline' && idempotent) return { failure };
	throw failure;
}

/** The result of a 2xx: its JSON object, unless the envelope says `success: false` or it is not JSON. */
function successBody(
	{ ctx, request, secrets, number }: Attempt,
	status: number,
	body: unknown,
): IDataObject {
	request.onStatus?.(status);
	if (body && typeof body === 'object' && (body as IDataObject).success === false)
		throw apiError(ctx, request, undefined, redactValue(body, secrets), number);
	if (body === undefined) return {};
	// A JSON API that answers 2xx with text (a cut body, a proxy's or login page) has not done the work we can see.
	if (typeof body !== 'object')
		throw notJsonError(ctx, request, redactValue(body, secrets), number);
	return body as IDataObject;
}

/** A non-2xx answer: the item's error, or another attempt for 429 and (idempotent) 5xx after the wait asked for. */
function refusal(
	{ ctx, request, secrets, idempotent, number }: Attempt,
	answer: Answer,
	body: unknown,
): Outcome {
	const { status } = answer;
	const failure = apiError(ctx, request, status, redactValue(body, secrets), number);
	if (!isRetriableStatus(status, idempotent)) throw failure;
	const asked = retryAfterMs(answer.headers);
	if (asked !== undefined && asked > MAX_SINGLE_WAIT_MS) throw failure;
	return { failure, waitMs: asked === undefined ? undefined : retryAfterWaitMs(asked) };
}

/** Whether an HTTP status is a redirect that names its target in Location. */
export function isRedirect(status: number): boolean {
	return [301, 302, 303, 307, 308].includes(status);
}

function header(headers: IDataObject, name: string): string | undefined {
	const value = headers[name];
	if (Array.isArray(value)) return value.length > 0 ? String(value[0]) : undefined;
	return value === undefined || value === null ? undefined : String(value);
}

/** Where a redirect points, resolved against the address that answered; undefined for any other answer or without a usable Location. */
function redirectTarget(answer: Answer): URL | undefined {
	if (!isRedirect(answer.status)) return undefined;
	const location = header(answer.headers, 'location');
	if (location === undefined) return undefined;
	try {
		return new URL(location, answer.url);
	} catch {
		return undefined;
	}
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
