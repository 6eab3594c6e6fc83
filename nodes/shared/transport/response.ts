import type { IDataObject, IHttpRequestOptions } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';
import { clock } from '../flow';
import {
	apiError,
	boundError,
	cutOff,
	networkError,
	networkErrorCode,
	notJsonError,
	redact,
	redactValue,
	redirectError,
} from './errors';
import { BoundExceeded, MAX_REDIRECTS, discard, redirectTarget, send } from './send';
import type {
	ApiRequest,
	AttemptResult,
	Bounds,
	ByteStream,
	Download,
	Elma365Context,
	HttpResponse,
	PreparedRequest,
} from './types';

/** No single wait after a failure is longer, whatever a 5xx asks for in Retry-After. */
export const MAX_SINGLE_WAIT_MS = 10_000;
/**
 * Network failures worth another attempt. ERR_BAD_RESPONSE is a connection dropped half-way through
 * the answer; like the others but ECONNREFUSED it is retried only when the request is idempotent.
 */
const RETRIABLE_NETWORK_CODES = new Set([
	'ECONNRESET',
	'ECONNREFUSED',
	'ETIMEDOUT',
	'ECONNABORTED',
	'EPIPE',
	'EAI_AGAIN',
	'ERR_BAD_RESPONSE',
]);

/** Whether a failed answer is worth another attempt: a 5xx, only for idempotent requests (a 429 is the quota's). */
function isRetriableStatus(status: number, idempotent: boolean): boolean {
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

/** The wait a 5xx's Retry-After asks for, plus up to 25% (at least 100 ms) of random jitter, so parallel workers do not retry in lockstep. */
export function retryAfterWaitMs(asked: number): number {
	return Math.min(
		MAX_SINGLE_WAIT_MS,
		asked + Math.floor(clock().random() * Math.max(asked * 0.25, 100)),
	);
}

function isSuccess(status: number): boolean {
	return status >= 200 && status < 300;
}

/** No answer came (a refused or dropped connection, the deadline): another attempt where that is safe, else the item's error. */
export function networkFailure(
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
export async function readResponse(
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

/** A download as the caller asked for it: the stream itself, or all its bytes. */
export async function downloadResult(
	prepared: PreparedRequest,
	download: Download,
): Promise<IDataObject | Download> {
	return prepared.mode === 'stream' ? download : await bufferOf(download);
}

/** A successful answer's body as a download, bounded by the attempt's size cap and deadline. */
function downloadOf(
	ctx: Elma365Context,
	request: ApiRequest,
	response: HttpResponse,
	deadline: AbortSignal,
	bounds: Bounds,
	attempt: number,
): Download {
	const bounded = boundedStream(response.body as ByteStream, deadline, bounds);
	return {
		data: bounded.stream,
		headers: response.headers,
		bytes: bounded.bytes,
		url: response.url,
		failure: (error) => transferError(ctx, request, error, bounds, attempt),
	};
}

/** Reads a whole download into memory (`response: 'buffer'`), as `{ data, headers }`. */
async function bufferOf(download: Download): Promise<IDataObject> {
	const chunks: Buffer[] = [];
	try {
		for await (const chunk of download.data)
			chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
	} catch (error) {
		throw download.failure(error);
	}
	return { data: Buffer.concat(chunks), headers: download.headers };
}

/** Runs what consumes a download (n8n's binary data store) and turns a bound or network failure into the item's error. */
export async function readDownload<T>(
	download: Download,
	consume: (data: ByteStream) => Promise<T>,
): Promise<T> {
	try {
		return await consume(download.data);
	} catch (error) {
		throw download.failure(error);
	}
}

/** Turns a failure while a download streams (size cap, deadline, a dropped connection) into the item's error. */
function transferError(
	ctx: Elma365Context,
	request: ApiRequest,
	error: unknown,
	bounds: Bounds,
	attempt: number,
): NodeApiError {
	if (error instanceof NodeApiError) return error;
	if (error instanceof BoundExceeded) return boundError(ctx, request, error, attempt);
	if ((error as { name?: string })?.name === 'AbortError')
		return boundError(ctx, request, new BoundExceeded('deadline', bounds.deadlineMs), attempt);
	return networkError(ctx, request, cutOff(error), attempt, bounds.deadlineMs, []);
}

/**
 * A file link on another origin (object storage): fetched without the API key, bounded like any
 * answer. Redirects there are followed by n8n's helper: no credential travels with them.
 */
export async function fetchLink(prepared: PreparedRequest, url: string): Promise<Download> {
	const { ctx, bounds, secrets } = prepared;
	const { itemIndex } = prepared.request;
	const request: ApiRequest = { method: 'GET', path: new URL(url).origin, itemIndex };
	const options: IHttpRequestOptions = {
		method: 'GET',
		url,
		encoding: 'stream',
		returnFullResponse: true,
		ignoreHttpStatusErrors: true,
		timeout: bounds.deadlineMs,
		maxRedirects: MAX_REDIRECTS,
	};
	if (prepared.ignoreSslIssues) options.skipSslCertificateValidation = true;
	let response: HttpResponse;
	try {
		response = await send(prepared, options, false);
	} catch (error) {
		throw error instanceof BoundExceeded
			? boundError(ctx, request, error, 1)
			: networkError(ctx, request, error, 1, bounds.deadlineMs, secrets);
	}
	if (response.status < 200 || response.status >= 300)
		throw await linkError(ctx, response, itemIndex, prepared.deadline, bounds, secrets);
	return downloadOf(ctx, request, response, prepared.deadline, bounds, 1);
}

/** A download link that answered with an error status: its own words (a short piece), and the advice to get a new link. */
async function linkError(
	ctx: Elma365Context,
	response: HttpResponse,
	itemIndex: number | undefined,
	deadline: AbortSignal,
	bounds: Bounds,
	secrets: readonly string[],
): Promise<NodeApiError> {
	let text = '';
	try {
		text = (
			await readBounded(response.body, deadline, { ...bounds, maxBytes: 64 * 1024 })
		).toString('utf8');
	} catch {
		discard(response.body);
	}
	return new NodeApiError(
		ctx.getNode(),
		{ message: redact(text.slice(0, 300), secrets) },
		{
			message: `ELMA365: the download link answered HTTP ${response.status}`,
			description: `Download from ${new URL(response.url).origin}. The link may have expired; get a new one and retry.`,
			httpCode: String(response.status),
			itemIndex,
		},
	);
}

/** An answer's body as JSON when it parses, else its text; undefined when it is empty. */
export function parseBody(body: unknown): unknown {
	if (typeof body !== 'string') {
		if (body instanceof Buffer) return parseBody(body.toString('utf8'));
		return body;
	}
	const text = body.trim();
	if (text === '') return undefined;
	try {
		return JSON.parse(text) as unknown;
	} catch {
		return body;
	}
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

function isStream(value: unknown): value is ByteStream {
	return (
		!!value &&
		typeof value === 'object' &&
		typeof (value as ByteStream).destroy === 'function' &&
		Symbol.asyncIterator in value
	);
}

/** Reads a whole body within the bounds; memory never holds more than `maxBytes` plus one chunk. */
export async function readBounded(
	body: unknown,
	signal: AbortSignal,
	bounds: Bounds,
): Promise<Buffer> {
	if (!isStream(body)) {
		if (body === undefined || body === null) return Buffer.alloc(0);
		return Buffer.isBuffer(body)
			? body
			: Buffer.from(typeof body === 'string' ? body : JSON.stringify(body));
	}
	const chunks: Buffer[] = [];
	let size = 0;
	let failure: BoundExceeded | undefined;
	const onAbort = () => {
		failure = new BoundExceeded('deadline', bounds.deadlineMs);
		body.destroy(failure);
	};
	if (signal.aborted) onAbort();
	else signal.addEventListener('abort', onAbort, { once: true });
	try {
		for await (const chunk of body) {
			const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
			size += bytes.length;
			if (size > bounds.maxBytes) {
				failure = new BoundExceeded('size', bounds.maxBytes);
				body.destroy(failure);
				throw failure;
			}
			chunks.push(bytes);
		}
	} catch (error) {
		throw failure ?? error;
	} finally {
		signal.removeEventListener('abort', onAbort);
	}
	if (failure) throw failure;
	return Buffer.concat(chunks);
}

/**
 * The body as a stream for n8n's binary data (downloads), counted as it flows: it fails with
 * BoundExceeded past `maxBytes` or the deadline. `bytes` reports the bytes passed so far.
 */
export function boundedStream(
	body: ByteStream,
	signal: AbortSignal,
	bounds: Bounds,
): { stream: ByteStream; bytes: () => number } {
	let size = 0;
	const stream = body.map(
		(chunk) => {
			size += chunk.length;
			if (size > bounds.maxBytes) throw new BoundExceeded('size', bounds.maxBytes);
			return chunk;
		},
		{ signal },
	);
	return { stream, bytes: () => size };
}
