import type {
	ICredentialDataDecryptedObject,
	ICredentialTestFunctions,
	IDataObject,
	IExecuteFunctions,
	IHttpRequestMethods,
	IHttpRequestOptions,
	ILoadOptionsFunctions,
	IN8nHttpFullResponse,
	INodeCredentialTestResult,
	IPollFunctions,
	JsonObject,
} from 'n8n-workflow';
import * as workflow from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';
import type { Bounds, ByteStream } from './bounds';
import { beforeDeadline, BoundExceeded, boundedStream, readBounded } from './bounds';
import { redact, redactValue } from './redact';
import {
	API_MAX_BYTES,
	DEFAULT_TIMEOUT_MS,
	TRANSFER_MAX_BYTES,
	readRequestSettings,
} from './requestOptions';
import { throttled } from '../execution/congestion';
import { withoutEnvelope } from './envelope';

export { API_MAX_BYTES, DEFAULT_TIMEOUT_MS, TRANSFER_MAX_BYTES };

export const CREDENTIAL_TYPE = 'elma365Api';

/** Attempts per request, the first one included. */
export const MAX_ATTEMPTS = 4;
/** First backoff step; it doubles on each retry, with up to 25% random jitter on top. */
export const BASE_BACKOFF_MS = 500;
/** No single wait is longer, whatever the server asks for in Retry-After. */
export const MAX_SINGLE_WAIT_MS = 10_000;
/** The sum of all waits of one request; a retry that would exceed it is not made. */
export const MAX_TOTAL_WAIT_MS = 30_000;
/** Same-origin redirects followed for one request; cross-origin ones are never followed with the key. */
export const MAX_REDIRECTS = 5;

export type Elma365Context = IExecuteFunctions | ILoadOptionsFunctions | IPollFunctions;

export interface ApiRequest {
	method: IHttpRequestMethods;
	/** Path below /pub/v1, built with `apiPath` so that every variable is encoded. */
	path: string;
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
}

/**
 * Tagged template for API paths: every interpolated value is percent-encoded as one path segment,
 * so a value such as `../x` or `a?b#c` cannot leave its segment.
 * Usage: apiPath`/nomenclature/${id}`
 */
export function apiPath(strings: TemplateStringsArray, ...values: Array<string | number>): string {
	return strings.reduce((path, literal, index) => {
		if (index === 0) return literal;
		return path + encodePathSegment(String(values[index - 1])) + literal;
	}, '');
}

export function encodePathSegment(value: string): string {
	const encoded = encodeURIComponent(value);
	// "." and ".." are the only segments encodeURIComponent leaves that URL resolution rewrites.
	return encoded === '.' || encoded === '..' ? encoded.replace(/\./g, '%2E') : encoded;
}

const BASE_URL_EXAMPLE = 'e.g. https://mycompany.elma365.ru';
const BASE_URL_UNUSABLE = 'The Base URL of the ELMA365 credential is not usable: ';

/**
 * The API root of a company address: `https://x.elma365.ru`, with or without a trailing slash or
 * `/pub/v1`, or an on-premises address with a path prefix (`https://intranet/elma365`); or what is
 * wrong with the address when it is not an http(s) URL.
 */
export function parseBaseUrl(baseUrl: string): { root: string } | { problem: string } {
	const text = String(baseUrl ?? '').trim();
	const example = BASE_URL_EXAMPLE;
	if (text === '') return { problem: `it is empty; enter the address of your company, ${example}` };
	let url: URL;
	try {
		url = new URL(text);
	} catch {
		return {
			problem: `"${text}" is not a web address; it must start with https:// (or http://), ${example}`,
		};
	}
	if (url.protocol !== 'https:' && url.protocol !== 'http:') {
		return {
			problem: `"${text}" uses ${url.protocol.slice(0, -1)}; it must start with https:// (or http://), ${example}`,
		};
	}
	if (url.username !== '' || url.password !== '')
		return {
			problem:
				'it contains a user name or password; put only the address there and the key in API Key',
		};
	if (url.search !== '' || url.hash !== '')
		return {
			problem: `"${text}" has a query or fragment (? or #); enter only the address, ${example}`,
		};
	const prefix = url.pathname.replace(/\/+$/, '').replace(/\/pub\/v1$/, '');
	return { root: `${url.origin}${prefix}/pub/v1` };
}

function retryAfterMs(headers: IDataObject | undefined): number | undefined {
	const value = headers?.['retry-after'];
	if (value === undefined || value === null || value === '') return undefined;
	const seconds = Number(value);
	if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
	const date = Date.parse(String(value));
	return Number.isNaN(date) ? undefined : Math.max(0, date - Date.now());
}

/** The wait before retry number `attempt`: exponential from BASE_BACKOFF_MS, plus up to 25% random jitter. */
export function backoffMs(attempt: number): number {
	const step = BASE_BACKOFF_MS * 2 ** (attempt - 1);
	return Math.min(MAX_SINGLE_WAIT_MS, step + Math.floor(Math.random() * step * 0.25));
}

/** The wait a 429's Retry-After asks for, plus up to 25% (at least 100 ms) of random jitter, so parallel workers do not retry in lockstep. */
export function retryAfterWaitMs(asked: number): number {
	return Math.min(
		MAX_SINGLE_WAIT_MS,
		asked + Math.floor(Math.random() * Math.max(asked * 0.25, 100)),
	);
}

function parseBody(body: unknown): unknown {
	if (typeof body !== 'string') {
		if (body instanceof Buffer) return parseBody(body.toString('utf8'));
		return body;
	}
	if (body.trim() === '') return undefined;
	try {
		return JSON.parse(body);
	} catch {
		return body;
	}
}

function isRetriable(status: number, idempotent: boolean): boolean {
	if (status === 429) return true;
	return idempotent && status >= 500 && status <= 599;
}

/** The platform's own words for a failure: its `error` text, or a short piece of a non-JSON body. */
function platformMessage(body: unknown): string | undefined {
	if (body && typeof body === 'object') {
		const data = body as IDataObject;
		for (const key of ['error', 'message', 'errorMessage']) {
			const value = data[key];
			if (typeof value === 'string' && value.trim() !== '') return value;
			if (
				value &&
				typeof value === 'object' &&
				typeof (value as IDataObject).message === 'string'
			) {
				return (value as IDataObject).message as string;
			}
		}
		return undefined;
	}
	if (typeof body === 'string' && body.trim() !== '') {
		const text = body
			.replace(/<[^>]*>/g, ' ')
			.replace(/\s+/g, ' ')
			.trim();
		return text.length > 300 ? `${text.slice(0, 300)}…` : text;
	}
	return undefined;
}

function describeStatus(status: number): string {
	if (status === 403)
		return 'The platform refused the API key (HTTP 403). Check the key in the ELMA365 credential and that its user still has access.';
	if (status === 404) return 'The platform has no such address or object (HTTP 404).';
	if (status === 429)
		return 'The platform is limiting requests (HTTP 429) and still did so after the retries allowed.';
	if (status >= 500) return `The platform failed to process the request (HTTP ${status}).`;
	return `The platform rejected the request (HTTP ${status}).`;
}

function apiError(
	ctx: Elma365Context,
	request: ApiRequest,
	status: number | undefined,
	body: unknown,
	attempts: number,
): NodeApiError {
	const text = platformMessage(body);
	const where = `${request.method} ${request.path}`;
	const message =
		status === undefined || status < 300
			? `ELMA365: ${text ?? 'the platform answered "success: false"'}`
			: `ELMA365 ${status}: ${text ?? describeStatus(status)}`;
	const retried = attempts > 1 ? ` Tried ${attempts} times.` : '';
	const description = `${status === undefined ? '' : `${describeStatus(status)} `}Request: ${where}.${retried}`;
	const errorData: JsonObject =
		body && typeof body === 'object' ? (body as JsonObject) : { message: text ?? '' };
	return new NodeApiError(ctx.getNode(), errorData, {
		message,
		description,
		httpCode: status === undefined ? undefined : String(status),
		itemIndex: request.itemIndex,
	});
}

/** A 2xx whose body is not JSON: never output as if it were a result. */
function notJsonError(
	ctx: Elma365Context,
	request: ApiRequest,
	body: unknown,
	attempts: number,
): NodeApiError {
	const text = platformMessage(body) ?? '';
	const retried = attempts > 1 ? ` Tried ${attempts} times.` : '';
	return new NodeApiError(
		ctx.getNode(),
		{ message: text },
		{
			message: 'ELMA365: the platform answered with something that is not JSON',
			description: `It began: "${text.slice(0, 120)}". A proxy or login page in front of the platform, or an answer cut short. Request: ${request.method} ${request.path}.${retried}`,
			itemIndex: request.itemIndex,
		},
	);
}

const NETWORK_REASONS: Record<string, string> = {
	ECONNREFUSED: 'connection refused',
	ECONNRESET: 'connection reset',
	ETIMEDOUT: 'timed out',
	ECONNABORTED: 'timed out',
	ENOTFOUND: 'host not found',
	EAI_AGAIN: 'host not found',
	EPIPE: 'connection closed',
	ERR_BAD_RESPONSE: 'the answer was cut off or unreadable',
};

/** TLS codes of a server certificate n8n cannot verify (self-signed, internal CA, expired, other name). */
const CERTIFICATE_CODES = new Set([
	'DEPTH_ZERO_SELF_SIGNED_CERT',
	'SELF_SIGNED_CERT_IN_CHAIN',
	'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
	'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
	'CERT_HAS_EXPIRED',
	'ERR_TLS_CERT_ALTNAME_INVALID',
]);

/** The system error code (ECONNREFUSED, ...) of a failed request, wherever the HTTP client put it. */
function networkErrorCode(error: unknown): string {
	let current = error as { code?: unknown; cause?: unknown } | undefined;
	for (let depth = 0; current && depth < 4; depth++) {
		if (
			typeof current.code === 'string' &&
			(/^E[A-Z_]+$/.test(current.code) || CERTIFICATE_CODES.has(current.code))
		)
			return current.code;
		current = current.cause as typeof current;
	}
	return '';
}

const CHECK_ADDRESS =
	'Check the base URL in the credential and the network between n8n and the platform.';

/**
 * A failure before any HTTP answer (refused connection, unknown host, timeout, certificate) in
 * words: what the nodes' errors and the credential test both say.
 */
export function describeNetworkFailure(systemCode: string): { message: string; hint: string } {
	if (CERTIFICATE_CODES.has(systemCode)) {
		return {
			message: "ELMA365: the platform's certificate could not be verified",
			hint: 'A server with a self-signed or internal certificate: turn on Ignore SSL Issues in the credential, or give n8n the issuing CA (NODE_EXTRA_CA_CERTS).',
		};
	}
	if (systemCode === 'ERR_BAD_RESPONSE')
		return {
			message: "ELMA365: the platform's answer was cut off or unreadable",
			hint: CHECK_ADDRESS,
		};
	const reason = NETWORK_REASONS[systemCode] ? ` (${NETWORK_REASONS[systemCode]})` : '';
	return { message: `ELMA365: the platform could not be reached${reason}`, hint: CHECK_ADDRESS };
}

/** A failure before any HTTP answer: refused connection, DNS, timeout. Never carries the request's headers. */
function networkError(
	ctx: Elma365Context,
	request: ApiRequest,
	error: unknown,
	attempts: number,
	timeoutMs: number,
	shown: Shown,
): NodeApiError {
	const cause = {
		message: redact(
			String((error as { message?: string })?.message ?? 'network error'),
			shown.secrets,
		).slice(0, 500),
	};
	const systemCode = networkErrorCode(error);
	const words = describeNetworkFailure(systemCode);
	const where = `Request: ${request.method} ${request.path}.`;
	// n8n rewrites any message that contains a system code, so the code goes into the description.
	if (CERTIFICATE_CODES.has(systemCode)) {
		return new NodeApiError(
			ctx.getNode(),
			{ message: cause?.message ?? 'certificate error', systemCode },
			{
				message: words.message,
				description: `${systemCode}. ${where} ${words.hint}`,
				itemIndex: request.itemIndex,
			},
		);
	}
	const retried = attempts > 1 ? ` Tried ${attempts} times.` : '';
	const timedOut =
		systemCode === 'ETIMEDOUT' || systemCode === 'ECONNABORTED'
			? ` No answer came within ${timeoutMs} ms (Request Options > Timeout).`
			: '';
	return new NodeApiError(
		ctx.getNode(),
		{ message: cause?.message ?? 'network error', systemCode },
		{
			message: words.message,
			description: `${systemCode ? `${systemCode}. ` : ''}${where}${timedOut}${retried} ${words.hint}`,
			itemIndex: request.itemIndex,
		},
	);
}

// ERR_BAD_RESPONSE: the connection dropped half-way through the answer (retried only when idempotent).
const RETRIABLE_NETWORK_CODES = new Set([
	'ECONNRESET',
	'ECONNREFUSED',
	'ETIMEDOUT',
	'ECONNABORTED',
	'EPIPE',
	'EAI_AGAIN',
	'ERR_BAD_RESPONSE',
]);

/** The credential's base URL as an API root, or a clear error naming the credential field. */
export function companyApiRoot(ctx: Elma365Context, baseUrl: unknown, itemIndex?: number): string {
	const parsed = parseBaseUrl(String(baseUrl ?? ''));
	if ('root' in parsed) return parsed.root;
	throw new NodeOperationError(ctx.getNode(), `${BASE_URL_UNUSABLE}${parsed.problem}`, {
		itemIndex,
		description:
			"Open the credential and enter the company address: https://mycompany.elma365.ru for the cloud, or your own server's address (with its path, if the platform is published under one).",
	});
}

/** The endpoint the credential test reads: cheap, authenticated, present on every version. */
export const CREDENTIAL_TEST_PATH = '/scheme/namespaces';

/**
 * The credential's "Test" button (run by n8n through a node's `methods.credentialTest`): one
 * authenticated read, every failure said in the words the nodes use. n8n gives a credential test
 * no httpRequestWithAuthentication, only its legacy `request` helper, so the key is set here.
 */
export async function testCredential(
	ctx: ICredentialTestFunctions,
	data: ICredentialDataDecryptedObject,
): Promise<INodeCredentialTestResult> {
	const parsed = parseBaseUrl(String(data.baseUrl ?? ''));
	if ('problem' in parsed)
		return { status: 'Error', message: `${BASE_URL_UNUSABLE}${parsed.problem}` };
	let response: { statusCode: number; body: unknown };
	try {
		response = (await ctx.helpers.request({
			method: 'GET',
			uri: `${parsed.root}${CREDENTIAL_TEST_PATH}`,
			headers: { Authorization: `Bearer ${String(data.apiKey ?? '')}` },
			json: true,
			simple: false,
			resolveWithFullResponse: true,
			rejectUnauthorized: data.ignoreSslIssues !== true,
			timeout: DEFAULT_TIMEOUT_MS,
			// A redirect would carry the key to wherever it points: the test reports it instead.
			followRedirect: false,
			followAllRedirects: false,
		})) as { statusCode: number; body: unknown };
	} catch (error) {
		const code = networkErrorCode(error);
		const words = describeNetworkFailure(code);
		return {
			status: 'Error',
			message: `${words.message}${code ? ` [${code}]` : ''}. ${words.hint}`,
		};
	}
	const secrets = [String(data.apiKey ?? '')].filter((key) => key !== '');
	const body = redactValue(parseBody(response.body), secrets);
	const text = platformMessage(body);
	if (REDIRECTS.has(response.statusCode)) {
		return {
			status: 'Error',
			message: `ELMA365: the address answered with a redirect (HTTP ${response.statusCode}); the key is not sent on. Enter the address the platform is served at (check http/https and the host).`,
		};
	}
	if (response.statusCode < 200 || response.statusCode >= 300) {
		const advice =
			response.statusCode === 404
				? ` Check the Base URL: the address of your company, ${BASE_URL_EXAMPLE}.`
				: '';
		return {
			status: 'Error',
			message: `${describeStatus(response.statusCode)}${text ? ` The platform said: "${text}".` : ''}${advice}`,
		};
	}
	if (body && typeof body === 'object' && (body as IDataObject).success === false) {
		return {
			status: 'Error',
			message: `ELMA365: ${text ?? 'the platform answered "success: false"'}`,
		};
	}
	if (!body || typeof body !== 'object') {
		return {
			status: 'Error',
			message: `ELMA365: the platform answered with something that is not JSON (it began: "${(text ?? '').slice(0, 120)}"). A proxy or login page in front of the platform, or another address.`,
		};
	}
	return { status: 'OK', message: 'Connection successful: the platform accepted the API key' };
}

/** What one attempt got back: status, headers, and the body still unread (a stream). */
interface Answer {
	status: number;
	headers: IDataObject;
	body: unknown;
}

/** What a failure may show: the key taken out of every text that came from the wire. */
interface Shown {
	secrets: string[];
}

function header(headers: IDataObject, name: string): string | undefined {
	const value = headers[name];
	if (Array.isArray(value)) return value.length > 0 ? String(value[0]) : undefined;
	return value === undefined || value === null ? undefined : String(value);
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/** The execution's stop signal (execute contexts), which also ends retry waits at once. */
function cancelSignal(ctx: Elma365Context): AbortSignal | undefined {
	const withCancel = ctx as { getExecutionCancelSignal?: () => AbortSignal | undefined };
	return typeof withCancel.getExecutionCancelSignal === 'function'
		? withCancel.getExecutionCancelSignal()
		: undefined;
}

/** n8n 2.x's `sleep` ends on an abort signal; 1.x's does not, and has `sleepWithAbort` for it. */
const abortableSleep = ((workflow as unknown as { sleepWithAbort?: unknown }).sleepWithAbort ??
	workflow.sleep) as (ms: number, signal?: AbortSignal) => Promise<void>;

async function wait(ctx: Elma365Context, request: ApiRequest, ms: number): Promise<void> {
	try {
		await abortableSleep(ms, cancelSignal(ctx));
	} catch {
		throw new NodeOperationError(
			ctx.getNode(),
			'ELMA365: the execution was stopped while waiting to retry',
			{ itemIndex: request.itemIndex },
		);
	}
}

/**
 * Sends one attempt and returns the answer with its body unread, without ever following a
 * redirect itself (n8n's helper would send the key to any origin a redirect names). Same-origin
 * redirects are followed here with the same method and body; others are returned to the caller.
 */
async function exchange(
	ctx: Elma365Context,
	options: IHttpRequestOptions,
	deadline: AbortSignal,
	bounds: Bounds,
	withKey: boolean,
): Promise<Answer & { url: string }> {
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
		const answer = {
			status: response.statusCode,
			headers: (response.headers ?? {}) as IDataObject,
			body: response.body,
			url,
		};
		const next = REDIRECTS.has(answer.status) ? redirectTarget(answer) : undefined;
		if (next === undefined) return answer;
		if (next.origin !== new URL(url).origin || hops >= MAX_REDIRECTS) return answer;
		discard(answer.body);
		url = next.href;
	}
}

function discard(body: unknown): void {
	const stream = body as { destroy?: () => void } | undefined;
	if (stream && typeof stream.destroy === 'function') stream.destroy();
}

/** The failure of an answer past the deadline or the size cap. */
function boundError(
	ctx: Elma365Context,
	request: ApiRequest,
	error: BoundExceeded,
	attempts: number,
): NodeApiError {
	const retried = attempts > 1 ? ` Tried ${attempts} times.` : '';
	const where = `Request: ${request.method} ${request.path}.${retried}`;
	if (error.kind === 'size') {
		return new NodeApiError(
			ctx.getNode(),
			{ message: error.message },
			{
				message: `ELMA365: the platform's answer is larger than ${formatBytes(error.limit)}; it was abandoned`,
				description: `${where} Raise Request Options > Max Response Size if such an answer is expected.`,
				itemIndex: request.itemIndex,
			},
		);
	}
	return new NodeApiError(
		ctx.getNode(),
		{ message: error.message },
		{
			message: `ELMA365: the platform's answer did not complete within ${error.limit} ms; it was abandoned`,
			description: `${where} The answer kept coming too slowly (Request Options > Timeout is the time one attempt may take in all).`,
			itemIndex: request.itemIndex,
		},
	);
}

function formatBytes(bytes: number): string {
	const mb = bytes / 1024 / 1024;
	return mb >= 1 ? `${Number.isInteger(mb) ? mb : mb.toFixed(1)} MB` : `${bytes} bytes`;
}

/** A redirect to another origin: never followed with the key, so the request fails naming where it pointed. */
/** Where a redirect points, resolved against the address that answered; undefined without a usable Location. */
function redirectTarget(answer: Answer & { url: string }): URL | undefined {
	const location = header(answer.headers, 'location');
	if (location === undefined) return undefined;
	try {
		return new URL(location, answer.url);
	} catch {
		return undefined;
	}
}

function redirectError(
	ctx: Elma365Context,
	request: ApiRequest,
	answer: Answer,
	target: string,
	shown: Shown,
): NodeApiError {
	const location = redact(target, shown.secrets).slice(0, 500);
	return new NodeApiError(
		ctx.getNode(),
		{ message: `redirect to ${location}` },
		{
			message: `ELMA365: the platform redirected the request to another address (${location}); it was not followed`,
			description: `HTTP ${answer.status}. Request: ${request.method} ${request.path}. The API key is only ever sent to the company address of the credential: check its Base URL (e.g. https instead of http, or the address a proxy forwards to).`,
			httpCode: String(answer.status),
			itemIndex: request.itemIndex,
		},
	);
}

interface Prepared {
	options: IHttpRequestOptions;
	bounds: Bounds;
	idempotent: boolean;
	shown: Shown;
	ignoreSslIssues: boolean;
}

async function prepare(
	ctx: Elma365Context,
	request: ApiRequest,
	transfer: boolean,
): Promise<Prepared> {
	const credentials = await ctx.getCredentials(CREDENTIAL_TYPE);
	const settings = readRequestSettings(ctx, request.itemIndex);
	const bounds: Bounds = {
		deadlineMs: settings.timeout ?? request.timeout ?? DEFAULT_TIMEOUT_MS,
		maxBytes:
			settings.maxBytes ?? request.maxBytes ?? (transfer ? TRANSFER_MAX_BYTES : API_MAX_BYTES),
	};
	const options: IHttpRequestOptions = {
		method: request.method,
		url: `${companyApiRoot(ctx, credentials.baseUrl, request.itemIndex)}${request.path}`,
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
		options,
		bounds,
		idempotent: settings.retryWrites || (request.idempotent ?? request.method !== 'POST'),
		shown: { secrets: [String(credentials.apiKey ?? '')] },
		ignoreSslIssues: credentials.ignoreSslIssues === true,
	};
}

/** One attempt's end: a result, or a failure that may be retried (after `waitMs`, or the backoff). */
type Outcome =
	| { done: IDataObject }
	| { stream: Download }
	| { retry: NodeApiError; waitMs?: number };

export interface Download {
	/** The body as a stream, bounded by the request's size cap and deadline. */
	data: ByteStream;
	headers: IDataObject;
	/** Bytes passed through so far (all of them once the stream has been read). */
	bytes: () => number;
	/** Where the bytes came from (the company's address, or storage's after a redirect). */
	url: string;
	/** The failure a broken stream means for the item (past the size cap or deadline, a dropped connection). */
	failure: (error: unknown) => NodeApiError;
}

/**
 * The one place requests are made. Every attempt is bounded by a deadline and a size cap, the key
 * never goes to another origin, and every failure is shown without the key. `run` turns one answer
 * into the outcome: a result, a retry after a wait, or an error.
 */
async function requestLoop(
	ctx: Elma365Context,
	request: ApiRequest,
	prepared: Prepared,
	mode: 'json' | 'buffer' | 'stream',
): Promise<IDataObject | Download> {
	const { options, bounds, idempotent } = prepared;
	let waited = 0;
	for (let attempt = 1; ; attempt++) {
		const deadline = AbortSignal.timeout(bounds.deadlineMs);
		// n8n replaces this with the execution's stop signal in node executions; elsewhere (pickers, triggers) it also ends the attempt at the deadline.
		options.abortSignal = deadline;
		const outcome = await attemptOnce(ctx, request, prepared, mode, deadline, attempt, idempotent);
		if ('done' in outcome) return outcome.done;
		if ('stream' in outcome) return outcome.stream;
		const pause = outcome.waitMs ?? backoffMs(attempt);
		if (attempt >= MAX_ATTEMPTS || waited + pause > MAX_TOTAL_WAIT_MS) throw outcome.retry;
		waited += pause;
		await wait(ctx, request, pause);
	}
}

async function attemptOnce(
	ctx: Elma365Context,
	request: ApiRequest,
	prepared: Prepared,
	mode: 'json' | 'buffer' | 'stream',
	deadline: AbortSignal,
	attempt: number,
	idempotent: boolean,
): Promise<Outcome> {
	const { options, bounds, shown } = prepared;
	let answer: Answer & { url: string };
	try {
		// Under Options > Concurrency, a congestion window spaces the requests of all items (429 held and sent again first).
		let previous: (Answer & { url: string }) | undefined;
		answer = await throttled(
			ctx,
			async () => {
				if (previous) discard(previous.body);
				previous = await exchange(ctx, options, deadline, bounds, true);
				return Object.assign(previous, { statusCode: previous.status });
			},
			(held) => retryAfterMs(held.headers),
			MAX_SINGLE_WAIT_MS,
		);
	} catch (error) {
		// No answer before the deadline is a timeout like the HTTP client's own.
		const code = error instanceof BoundExceeded ? 'ETIMEDOUT' : networkErrorCode(error);
		const failure = networkError(
			ctx,
			request,
			error instanceof BoundExceeded ? { code } : error,
			attempt,
			bounds.deadlineMs,
			shown,
		);
		// A connection refused before sending is safe to repeat; others may have reached the platform.
		if ((idempotent || code === 'ECONNREFUSED') && RETRIABLE_NETWORK_CODES.has(code))
			return { retry: failure };
		throw failure;
	}

	const transfer = mode !== 'json';
	const location = REDIRECTS.has(answer.status) ? redirectTarget(answer) : undefined;
	if (location !== undefined) {
		discard(answer.body);
		if (location.origin === new URL(answer.url).origin) {
			throw apiError(
				ctx,
				request,
				answer.status,
				{ message: `redirected more than ${MAX_REDIRECTS} times` },
				attempt,
			);
		}
		if (!transfer || request.method !== 'GET')
			throw redirectError(ctx, request, answer, location.href, shown);
		const storage = location.href;
		const fetched = await fetchWithoutKey(ctx, storage, request.itemIndex, prepared, deadline);
		return mode === 'stream' ? { stream: fetched } : { done: await bufferOf(fetched) };
	}

	const status = answer.status;
	if (transfer && status >= 200 && status < 300) {
		const bounded = boundedStream(answer.body as ByteStream, deadline, bounds);
		const data: Download = {
			data: bounded.stream,
			headers: answer.headers,
			bytes: bounded.bytes,
			url: answer.url,
			failure: (error) => transferError(ctx, request, error, bounds, attempt),
		};
		return mode === 'stream' ? { stream: data } : { done: await bufferOf(data) };
	}

	let raw: Buffer;
	try {
		raw = await readBounded(answer.body, deadline, bounds);
	} catch (error) {
		if (!(error instanceof BoundExceeded)) {
			// The connection broke after the answer began: the answer is cut off.
			const failure = networkError(ctx, request, cutOff(error), attempt, bounds.deadlineMs, shown);
			if (idempotent) return { retry: failure };
			throw failure;
		}
		const failure = boundError(ctx, request, error, attempt);
		if (error.kind === 'deadline' && idempotent) return { retry: failure };
		throw failure;
	}
	const body = parseBody(raw);
	if (status >= 200 && status < 300) {
		request.onStatus?.(status);
		if (body && typeof body === 'object' && (body as IDataObject).success === false) {
			throw apiError(ctx, request, undefined, redactValue(body, shown.secrets), attempt);
		}
		if (body === undefined) return { done: {} };
		if (typeof body !== 'object') {
			// A JSON API that answers 2xx with text (a cut body, a proxy's or login page) has not done the work we can see.
			throw notJsonError(ctx, request, redactValue(body, shown.secrets), attempt);
		}
		return { done: body as IDataObject };
	}

	const failure = apiError(ctx, request, status, redactValue(body, shown.secrets), attempt);
	if (isRetriable(status, idempotent)) {
		const asked = retryAfterMs(answer.headers);
		if (asked !== undefined && asked > MAX_SINGLE_WAIT_MS) throw failure;
		return { retry: failure, waitMs: asked === undefined ? undefined : retryAfterWaitMs(asked) };
	}
	throw failure;
}

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
	return networkError(ctx, request, cutOff(error), attempt, bounds.deadlineMs, { secrets: [] });
}

function cutOff(error: unknown): { code: string; message: string } {
	return {
		code: 'ERR_BAD_RESPONSE',
		message: String((error as { message?: string })?.message ?? 'cut off'),
	};
}

/**
 * A file link on another origin (object storage): fetched without the API key, bounded like any
 * answer. Redirects there are followed by n8n's helper: no credential travels with them.
 */
async function fetchWithoutKey(
	ctx: Elma365Context,
	url: string,
	itemIndex: number | undefined,
	prepared: Prepared,
	deadline: AbortSignal,
): Promise<Download> {
	const request: ApiRequest = { method: 'GET', path: new URL(url).origin, itemIndex };
	const options: IHttpRequestOptions = {
		method: 'GET',
		url,
		encoding: 'stream',
		returnFullResponse: true,
		ignoreHttpStatusErrors: true,
		timeout: prepared.bounds.deadlineMs,
		abortSignal: deadline,
		maxRedirects: MAX_REDIRECTS,
	};
	if (prepared.ignoreSslIssues) options.skipSslCertificateValidation = true;
	let answer: Answer & { url: string };
	try {
		answer = await exchange(ctx, options, deadline, prepared.bounds, false);
	} catch (error) {
		throw error instanceof BoundExceeded
			? boundError(ctx, request, error, 1)
			: networkError(ctx, request, error, 1, prepared.bounds.deadlineMs, prepared.shown);
	}
	if (answer.status < 200 || answer.status >= 300) {
		let text = '';
		try {
			text = (
				await readBounded(answer.body, deadline, { ...prepared.bounds, maxBytes: 64 * 1024 })
			).toString('utf8');
		} catch {
			discard(answer.body);
		}
		throw new NodeApiError(
			ctx.getNode(),
			{ message: redact(text.slice(0, 300), prepared.shown.secrets) },
			{
				message: `ELMA365: the download link answered HTTP ${answer.status}`,
				description: `Download from ${new URL(url).origin}. The link may have expired; get a new one and retry.`,
				httpCode: String(answer.status),
				itemIndex,
			},
		);
	}
	const bounded = boundedStream(answer.body as ByteStream, deadline, prepared.bounds);
	return {
		data: bounded.stream,
		headers: answer.headers,
		bytes: bounded.bytes,
		url,
		failure: (error) => transferError(ctx, request, error, prepared.bounds, 1),
	};
}

/**
 * The one place requests are made. Returns the parsed body with the envelope checked:
 * a non-2xx status, or a 2xx with `success: false`, becomes a NodeApiError carrying the platform's text.
 */
export async function apiRequest(ctx: Elma365Context, request: ApiRequest): Promise<IDataObject> {
	const transfer = request.response === 'buffer';
	const prepared = await prepare(ctx, request, transfer);
	return (await requestLoop(ctx, request, prepared, transfer ? 'buffer' : 'json')) as IDataObject;
}

/**
 * A file download as a bounded stream (for `prepareBinaryData`, so n8n's filesystem binary mode
 * keeps memory flat). A GET of `path` below the API root with the key; a redirect to another
 * origin is followed without it. Read it with `readDownload` to get the bound errors as node errors.
 */
export async function apiDownload(ctx: Elma365Context, request: ApiRequest): Promise<Download> {
	const prepared = await prepare(ctx, request, true);
	return (await requestLoop(ctx, request, prepared, 'stream')) as Download;
}

/** A download from a link outside the API (object storage): never with the key. */
export async function downloadWithoutKey(
	ctx: Elma365Context,
	url: string,
	itemIndex: number,
	timeout?: number,
): Promise<Download> {
	const request: ApiRequest = { method: 'GET', path: url, itemIndex, timeout };
	const prepared = await prepare(ctx, request, true);
	return await fetchWithoutKey(
		ctx,
		url,
		itemIndex,
		prepared,
		AbortSignal.timeout(prepared.bounds.deadlineMs),
	);
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

/** Drops the envelope's own keys and returns what it carries: `item`, or the remaining payload. */
export function unwrapItem(body: IDataObject): IDataObject {
	if (body.item && typeof body.item === 'object' && !Array.isArray(body.item))
		return body.item as IDataObject;
	return withoutEnvelope(body);
}
