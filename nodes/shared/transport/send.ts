import type { IDataObject, IHttpRequestOptions, IN8nHttpFullResponse } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';
import {
	API_MAX_BYTES,
	DEFAULT_QUOTA_WAIT_S,
	DEFAULT_TIMEOUT_MS,
	TRANSFER_MAX_BYTES,
} from '../limits';
import { shownText } from '../shown';
import { clock, runWindow } from '../flow';
import type {
	ApiRequest,
	BoundKind,
	Bounds,
	Elma365Context,
	HttpResponse,
	PreparedRequest,
	RequestSettings,
	StreamRequest,
} from './types';

/** The credential type every request is authenticated with. */
export const CREDENTIAL_TYPE = 'elma365Api';

/** Same-origin redirects followed for one request; cross-origin ones are never followed with the key. */
export const MAX_REDIRECTS = 5;

/** Where the public API sits below a company's address. */
const API_ROOT_PATH = '/pub/v1';

/** How the credential's Base URL should look, quoted in every complaint about it. */
export const BASE_URL_EXAMPLE = 'e.g. https://mycompany.elma365.ru';
/** The start of every complaint about the credential's Base URL. */
export const BASE_URL_UNUSABLE = 'The Base URL of the ELMA365 credential is not usable: ';

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
			problem: `${shownText(text)} is not a web address; it must start with https:// (or http://), ${example}`,
		};
	}
	if (url.protocol !== 'https:' && url.protocol !== 'http:') {
		return {
			problem: `${shownText(text)} uses ${url.protocol.slice(0, -1)}; it must start with https:// (or http://), ${example}`,
		};
	}
	if (url.username !== '' || url.password !== '')
		return {
			problem:
				'it contains a user name or password; put only the address there and the key in API Key',
		};
	if (url.search !== '' || url.hash !== '')
		return {
			problem: `${shownText(text)} has a query or fragment (? or #); enter only the address, ${example}`,
		};
	const prefix = url.pathname.replace(/\/+$/, '').replace(/\/pub\/v1$/, '');
	return { root: `${url.origin}${prefix}${API_ROOT_PATH}` };
}

/** The credential's base URL as an API root, or a clear error naming the credential field. */
export function companyApiRoot(ctx: Elma365Context, baseUrl: unknown): string {
	const parsed = parseBaseUrl(String(baseUrl ?? ''));
	if ('root' in parsed) return parsed.root;
	throw new NodeOperationError(ctx.getNode(), `${BASE_URL_UNUSABLE}${parsed.problem}`, {
		description:
			"Open the credential and enter the company address: https://mycompany.elma365.ru for the cloud, or your own server's address (with its path, if the platform is published under one).",
	});
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

/** One value as one path segment: percent-encoded, and never `.` or `..`, which URL resolution would rewrite. */
export function encodePathSegment(value: string): string {
	const encoded = encodeURIComponent(value);
	return encoded === '.' || encoded === '..' ? encoded.replace(/\./g, '%2E') : encoded;
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
export async function prepare(
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
		// An idle timeout ends a silent server's connection; the deadline (Bounds) ends a dripping one.
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
 * Sends the prepared request once and returns the answer with its body unread, without ever letting n8n's
 * helper follow a redirect with the key (it would send the key to any origin a redirect names).
 * Same-origin redirects are followed here with the same method and body; others are returned to
 * the caller. `withKey` false: a storage link on another origin, fetched without the credential.
 */
export async function send(
	prepared: PreparedRequest,
	options = prepared.options,
	withKey = true,
): Promise<HttpResponse> {
	const { ctx, bounds } = prepared;
	prepared.sent += 1;
	prepared.deadline = clock().deadline(bounds.deadlineMs);
	// n8n replaces this with the execution's stop signal in node executions; elsewhere (pickers, triggers) it also ends the attempt at the deadline.
	options.abortSignal = prepared.deadline;
	let url = options.url;
	for (let hops = 0; ; hops++) {
		// The query is part of the first URL only; a redirect's Location carries its own.
		const sent = hops === 0 ? { ...options, url } : { ...options, url, qs: undefined };
		const pending = withKey
			? ctx.helpers.httpRequestWithAuthentication.call(ctx, CREDENTIAL_TYPE, sent)
			: ctx.helpers.httpRequest(sent);
		let fullResponse: IN8nHttpFullResponse;
		try {
			fullResponse = await beforeDeadline(
				pending as Promise<IN8nHttpFullResponse>,
				prepared.deadline,
				bounds,
			);
		} catch (error) {
			// Where the deadline also aborted the HTTP client, its cancel error names the deadline.
			throw prepared.deadline.aborted ? new BoundExceeded('deadline', bounds.deadlineMs) : error;
		}
		const headers = (fullResponse.headers ?? {}) as IDataObject;
		const response: HttpResponse = {
			status: fullResponse.statusCode,
			headers,
			body: fullResponse.body,
			url,
		};
		const next = redirectTarget(response);
		if (
			!withKey ||
			next === undefined ||
			next.origin !== new URL(url).origin ||
			hops >= MAX_REDIRECTS
		)
			return response;
		discard(response.body);
		url = next.href;
	}
}

/** Whether an HTTP status is a redirect that names its target in Location. */
export function isRedirect(status: number): boolean {
	return [301, 302, 303, 307, 308].includes(status);
}

/** Where a redirect points, resolved against the address that answered; undefined for any other answer or without a usable Location. */
export function redirectTarget(response: HttpResponse): URL | undefined {
	if (!isRedirect(response.status)) return undefined;
	const value = response.headers.location;
	const location = Array.isArray(value) ? value[0] : value;
	if (location === undefined || location === null) return undefined;
	try {
		return new URL(String(location), response.url);
	} catch {
		return undefined;
	}
}

/** The answer did not fit the request's bounds; the transport turns it into the item's error. */
export class BoundExceeded extends Error {
	constructor(
		readonly kind: BoundKind,
		readonly limit: number,
	) {
		super(
			kind === 'deadline'
				? `no complete answer within ${limit} ms`
				: `the answer is larger than ${limit} bytes`,
		);
		this.name = 'BoundExceeded';
	}
}

/** Resolves as `promise` does, or rejects with BoundExceeded when `signal` fires first (the late result is ignored). */
async function beforeDeadline<T>(
	promise: Promise<T>,
	signal: AbortSignal,
	bounds: Bounds,
): Promise<T> {
	if (signal.aborted) {
		promise.catch(() => undefined);
		throw new BoundExceeded('deadline', bounds.deadlineMs);
	}
	let onAbort: () => void = () => undefined;
	const expired = new Promise<never>((_resolve, reject) => {
		onAbort = () => reject(new BoundExceeded('deadline', bounds.deadlineMs));
		signal.addEventListener('abort', onAbort, { once: true });
	});
	try {
		return await Promise.race([promise, expired]);
	} finally {
		signal.removeEventListener('abort', onAbort);
		promise.catch(() => undefined);
	}
}

/** Closes a body that will not be read, so its connection is freed. */
export function discard(body: unknown): void {
	const stream = body as { destroy?: () => void } | undefined;
	if (stream && typeof stream.destroy === 'function') stream.destroy();
}
