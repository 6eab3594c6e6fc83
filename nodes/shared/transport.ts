import type {
	IDataObject,
	IExecuteFunctions,
	IHttpRequestMethods,
	IHttpRequestOptions,
	ILoadOptionsFunctions,
	IN8nHttpFullResponse,
	IPollFunctions,
	JsonObject,
} from 'n8n-workflow';
import { NodeApiError, NodeOperationError, sleep } from 'n8n-workflow';
import { DEFAULT_TIMEOUT_MS, readRequestSettings } from './requestOptions';
import { withoutEnvelope } from './envelope';

export { DEFAULT_TIMEOUT_MS };

export const CREDENTIAL_TYPE = 'elma365Api';

/** Attempts per request, the first one included. */
export const MAX_ATTEMPTS = 4;
/** First backoff step; it doubles on each retry, with up to 25% random jitter on top. */
export const BASE_BACKOFF_MS = 500;
/** No single wait is longer, whatever the server asks for in Retry-After. */
export const MAX_SINGLE_WAIT_MS = 10_000;
/** The sum of all waits of one request; a retry that would exceed it is not made. */
export const MAX_TOTAL_WAIT_MS = 30_000;
/** Page size of list requests: the cap of older platform versions, so it works everywhere. */
export const PAGE_SIZE = 100;

export type Elma365Context = IExecuteFunctions | ILoadOptionsFunctions | IPollFunctions;

export interface ApiRequest {
	method: IHttpRequestMethods;
	/** Path below /pub/v1, built with `apiPath` so that every variable is encoded. */
	path: string;
	/** A JSON object, or raw bytes (multipart uploads) sent as they are with `headers`. */
	body?: IDataObject | Buffer;
	qs?: IDataObject;
	headers?: Record<string, string>;
	/** `buffer` returns the raw response bytes as `{ data: Buffer, headers }` (downloads). */
	response?: 'json' | 'buffer';
	/**
	 * Whether repeating the request is harmless. Non-idempotent writes (create, start, upload)
	 * are retried only when the platform says it did not process them (429), never after a 5xx,
	 * where the write may already have happened. Defaults to true for every method but POST.
	 */
	idempotent?: boolean;
	itemIndex?: number;
	/** This request's own default timeout (large transfers); Request Options > Timeout wins over it. */
	timeout?: number;
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

/**
 * The API root of a company address: `https://x.elma365.ru`, with or without a trailing slash or
 * `/pub/v1`, or an on-premises address with a path prefix (`https://intranet/elma365`); or what is
 * wrong with the address when it is not an http(s) URL.
 */
export function parseBaseUrl(baseUrl: string): { root: string } | { problem: string } {
	const text = String(baseUrl ?? '').trim();
	const example = 'e.g. https://mycompany.elma365.ru';
	if (text === '') return { problem: `it is empty; enter the address of your company, ${example}` };
	let url: URL;
	try {
		url = new URL(text);
	} catch {
		return { problem: `"${text}" is not a web address; it must start with https:// (or http://), ${example}` };
	}
	if (url.protocol !== 'https:' && url.protocol !== 'http:') {
		return { problem: `"${text}" uses ${url.protocol.slice(0, -1)}; it must start with https:// (or http://), ${example}` };
	}
	if (url.username !== '' || url.password !== '') return { problem: 'it contains a user name or password; put only the address there and the key in API Key' };
	if (url.search !== '' || url.hash !== '') return { problem: `"${text}" has a query or fragment (? or #); enter only the address, ${example}` };
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
			if (value && typeof value === 'object' && typeof (value as IDataObject).message === 'string') {
				return (value as IDataObject).message as string;
			}
		}
		return undefined;
	}
	if (typeof body === 'string' && body.trim() !== '') {
		const text = body.replace(/<[^>]*>/g, ' ').replace(/\s+/g, ' ').trim();
		return text.length > 300 ? `${text.slice(0, 300)}…` : text;
	}
	return undefined;
}

function describeStatus(status: number): string {
	if (status === 403) return 'The platform refused the API key (HTTP 403). Check the key in the ELMA365 credential and that its user still has access.';
	if (status === 404) return 'The platform has no such address or object (HTTP 404).';
	if (status === 429) return 'The platform is limiting requests (HTTP 429) and still did so after the retries allowed.';
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
	const message = status === undefined || status < 300
		? `ELMA365: ${text ?? 'the platform answered "success: false"'}`
		: `ELMA365 ${status}: ${text ?? describeStatus(status)}`;
	const retried = attempts > 1 ? ` Tried ${attempts} times.` : '';
	const description = `${status === undefined ? '' : `${describeStatus(status)} `}Request: ${where}.${retried}`;
	const errorData: JsonObject = body && typeof body === 'object'
		? (body as JsonObject)
		: { message: text ?? '' };
	return new NodeApiError(ctx.getNode(), errorData, {
		message,
		description,
		httpCode: status === undefined ? undefined : String(status),
		itemIndex: request.itemIndex,
	});
}

/** A 2xx whose body is not JSON: never output as if it were a result. */
function notJsonError(ctx: Elma365Context, request: ApiRequest, body: unknown, attempts: number): NodeApiError {
	const text = platformMessage(body) ?? '';
	const retried = attempts > 1 ? ` Tried ${attempts} times.` : '';
	return new NodeApiError(ctx.getNode(), { message: text }, {
		message: 'ELMA365: the platform answered with something that is not JSON',
		description: `It began: "${text.slice(0, 120)}". A proxy or login page in front of the platform, or an answer cut short. Request: ${request.method} ${request.path}.${retried}`,
		itemIndex: request.itemIndex,
	});
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
		if (typeof current.code === 'string' && (/^E[A-Z_]+$/.test(current.code) || CERTIFICATE_CODES.has(current.code))) return current.code;
		current = current.cause as typeof current;
	}
	return '';
}

/** A failure before any HTTP answer: refused connection, DNS, timeout. Never carries the request's headers. */
function networkError(ctx: Elma365Context, request: ApiRequest, error: unknown, attempts: number, timeoutMs: number): NodeApiError {
	const cause = error as { message?: string };
	const systemCode = networkErrorCode(error);
	// n8n rewrites any message that contains a system code, so the code goes into the description.
	const reason = NETWORK_REASONS[systemCode] ? ` (${NETWORK_REASONS[systemCode]})` : '';
	const retried = attempts > 1 ? ` Tried ${attempts} times.` : '';
	const timedOut = systemCode === 'ETIMEDOUT' || systemCode === 'ECONNABORTED'
		? ` No answer came within ${timeoutMs} ms (Request Options > Timeout).`
		: '';
	if (CERTIFICATE_CODES.has(systemCode)) {
		return new NodeApiError(ctx.getNode(), { message: cause?.message ?? 'certificate error', systemCode }, {
			message: "ELMA365: the platform's certificate could not be verified",
			description: `${systemCode}. Request: ${request.method} ${request.path}. A server with a self-signed or internal certificate: turn on Ignore SSL Issues in the credential, or give n8n the issuing CA (NODE_EXTRA_CA_CERTS).`,
			itemIndex: request.itemIndex,
		});
	}
	return new NodeApiError(
		ctx.getNode(),
		{ message: cause?.message ?? 'network error', systemCode },
		{
			message: systemCode === 'ERR_BAD_RESPONSE'
				? "ELMA365: the platform's answer was cut off or unreadable"
				: `ELMA365: the platform could not be reached${reason}`,
			description: `${systemCode ? `${systemCode}. ` : ''}Request: ${request.method} ${request.path}.${timedOut}${retried} Check the base URL in the credential and the network between n8n and the platform.`,
			itemIndex: request.itemIndex,
		},
	);
}

// ERR_BAD_RESPONSE: the connection dropped half-way through the answer (retried only when idempotent).
const RETRIABLE_NETWORK_CODES = new Set(['ECONNRESET', 'ECONNREFUSED', 'ETIMEDOUT', 'ECONNABORTED', 'EPIPE', 'EAI_AGAIN', 'ERR_BAD_RESPONSE']);

/** The credential's base URL as an API root, or a clear error naming the credential field. */
export function companyApiRoot(ctx: Elma365Context, baseUrl: unknown, itemIndex?: number): string {
	const parsed = parseBaseUrl(String(baseUrl ?? ''));
	if ('root' in parsed) return parsed.root;
	throw new NodeOperationError(ctx.getNode(), `The Base URL of the ELMA365 credential is not usable: ${parsed.problem}`, {
		itemIndex,
		description: 'Open the credential and enter the company address: https://mycompany.elma365.ru for the cloud, or your own server\'s address (with its path, if the platform is published under one).',
	});
}

/**
 * The one place requests are made. Returns the parsed body with the envelope checked:
 * a non-2xx status, or a 2xx with `success: false`, becomes a NodeApiError carrying the platform's text.
 */
export async function apiRequest(ctx: Elma365Context, request: ApiRequest): Promise<IDataObject> {
	const credentials = await ctx.getCredentials(CREDENTIAL_TYPE);
	const settings = readRequestSettings(ctx, request.itemIndex);
	const idempotent = settings.retryWrites || (request.idempotent ?? request.method !== 'POST');
	const raw = Buffer.isBuffer(request.body);
	const options: IHttpRequestOptions = {
		method: request.method,
		url: `${companyApiRoot(ctx, credentials.baseUrl, request.itemIndex)}${request.path}`,
		json: !raw && request.response !== 'buffer',
		returnFullResponse: true,
		ignoreHttpStatusErrors: true,
		timeout: settings.timeout ?? request.timeout ?? DEFAULT_TIMEOUT_MS,
	};
	if (credentials.ignoreSslIssues === true) options.skipSslCertificateValidation = true;
	if (request.response === 'buffer') options.encoding = 'arraybuffer';
	if (request.headers) options.headers = { ...request.headers };
	if (request.body !== undefined) options.body = request.body;
	if (request.qs !== undefined && Object.keys(request.qs).length > 0) options.qs = request.qs;

	let waited = 0;
	for (let attempt = 1; ; attempt++) {
		let response: IN8nHttpFullResponse;
		try {
			response = (await ctx.helpers.httpRequestWithAuthentication.call(
				ctx,
				CREDENTIAL_TYPE,
				options,
			)) as IN8nHttpFullResponse;
		} catch (error) {
			const code = networkErrorCode(error);
			// A connection refused before sending is safe to repeat; others may have reached the platform.
			const safe = idempotent || code === 'ECONNREFUSED';
			const wait = backoffMs(attempt);
			if (safe && RETRIABLE_NETWORK_CODES.has(code) && attempt < MAX_ATTEMPTS && waited + wait <= MAX_TOTAL_WAIT_MS) {
				waited += wait;
				await sleep(wait);
				continue;
			}
			throw networkError(ctx, request, error, attempt, options.timeout as number);
		}

		const status = response.statusCode;
		if (request.response === 'buffer' && status >= 200 && status < 300) {
			const bytes = Buffer.isBuffer(response.body) ? response.body : Buffer.from(response.body as ArrayBuffer);
			return { data: bytes, headers: response.headers as IDataObject };
		}
		const body = parseBody(response.body);
		if (status >= 200 && status < 300) {
			if (body && typeof body === 'object' && (body as IDataObject).success === false) {
				throw apiError(ctx, request, undefined, body, attempt);
			}
			if (body === undefined) return {};
			if (typeof body !== 'object') {
				// A JSON API that answers 2xx with text (a cut body, a proxy's or login page) has not done the work we can see.
				throw notJsonError(ctx, request, body, attempt);
			}
			return body as IDataObject;
		}

		if (isRetriable(status, idempotent) && attempt < MAX_ATTEMPTS) {
			const asked = retryAfterMs(response.headers as IDataObject);
			const wait = asked === undefined ? backoffMs(attempt) : Math.min(asked, MAX_SINGLE_WAIT_MS);
			const tooLong = asked !== undefined && asked > MAX_SINGLE_WAIT_MS;
			if (!tooLong && waited + wait <= MAX_TOTAL_WAIT_MS) {
				waited += wait;
				await sleep(wait);
				continue;
			}
		}
		throw apiError(ctx, request, status, body, attempt);
	}
}

/** Drops the envelope's own keys and returns what it carries: `item`, or the remaining payload. */
export function unwrapItem(body: IDataObject): IDataObject {
	if (body.item && typeof body.item === 'object' && !Array.isArray(body.item)) return body.item as IDataObject;
	return withoutEnvelope(body);
}

export interface ListPage {
	items: IDataObject[];
	total?: number;
}

/** Finds the list in the shapes the platform uses: `{result: {result, total}}`, `{result: []}`, `{items}`, `[]`, `{<name>: []}`. */
export function readListPage(body: unknown): ListPage {
	if (Array.isArray(body)) return { items: body as IDataObject[] };
	const data = (body ?? {}) as IDataObject;
	const result = data.result as IDataObject | IDataObject[] | undefined;
	if (Array.isArray(result)) return { items: result, total: toTotal(data.total) };
	if (result && typeof result === 'object') {
		const inner = result.result ?? result.items;
		if (Array.isArray(inner)) return { items: inner as IDataObject[], total: toTotal(result.total ?? data.total) };
	}
	for (const key of ['items', 'data']) {
		if (Array.isArray(data[key])) return { items: data[key] as IDataObject[], total: toTotal(data.total) };
	}
	// A list named after what it holds (`{namespaces: [...]}`, `{apps: [...]}`): the one array beside the envelope.
	const arrays = Object.keys(data).filter((key) => key !== 'error' && Array.isArray(data[key]));
	if (arrays.length === 1) return { items: data[arrays[0]] as IDataObject[], total: toTotal(data.total) };
	return { items: [] };
}

function toTotal(value: unknown): number | undefined {
	const total = Number(value);
	return value !== undefined && value !== null && Number.isFinite(total) ? total : undefined;
}

export interface PagedListRequest extends Omit<ApiRequest, 'body' | 'qs'> {
	/** Where `from` and `size` go: the JSON body (POST lists) or the query string (GET lists). */
	paging: 'body' | 'query';
	body?: IDataObject;
	qs?: IDataObject;
	/** Stop after this many items; undefined means all. */
	limit?: number;
	pageSize?: number;
}

/**
 * Pages with `from`/`size` until `total` is reached, a page comes back short or empty, or `limit`
 * is met.
 * Items whose `__id` was already returned are skipped, so a server that ignores `from` or
 * whose `total` lies cannot cause an endless loop or duplicates.
 */
export async function* paginate(ctx: Elma365Context, request: PagedListRequest): AsyncGenerator<IDataObject[]> {
	const { paging, limit, pageSize, ...base } = request;
	const seen = new Set<string>();
	let from = 0;
	let returned = 0;
	while (limit === undefined || returned < limit) {
		const size = Math.min(pageSize ?? PAGE_SIZE, limit === undefined ? Infinity : limit - returned);
		const window = { from, size };
		const body = paging === 'body' ? { ...(request.body ?? {}), ...window } : request.body;
		const qs = paging === 'query' ? { ...(request.qs ?? {}), ...window } : request.qs;
		const page = readListPage(await apiRequest(ctx, { ...base, body, qs, idempotent: base.idempotent ?? true }));
		if (page.items.length === 0) return;

		const fresh = page.items.filter((item) => {
			const id = item?.__id;
			if (typeof id !== 'string') return true;
			if (seen.has(id)) return false;
			seen.add(id);
			return true;
		});
		if (fresh.length === 0) return;
		const wanted = limit === undefined ? fresh : fresh.slice(0, limit - returned);
		returned += wanted.length;
		yield wanted;

		from += page.items.length;
		if (page.items.length < size || (page.total !== undefined && from >= page.total)) return;
	}
}

/** Collects `paginate` into one array (for lists whose items all become output). */
export async function listAll(ctx: Elma365Context, request: PagedListRequest): Promise<IDataObject[]> {
	const all: IDataObject[] = [];
	for await (const page of paginate(ctx, request)) {
		for (const item of page) all.push(item);
	}
	return all;
}
