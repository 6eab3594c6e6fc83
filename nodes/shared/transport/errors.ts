import type { IDataObject, JsonObject } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';
import type { BoundExceeded } from './send';
import type { ApiRequest, Elma365Context } from './types';

/** The platform's own words for a failure: its `error` text, or a short piece of a non-JSON body. */
export function platformMessage(body: unknown): string | undefined {
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

/** What an HTTP status means for the user, in the words both the nodes and the credential test use. */
export function describeStatus(status: number): string {
	if (status === 403)
		return 'The platform refused the API key (HTTP 403). Check the key in the ELMA365 credential and that its user still has access.';
	if (status === 404) return 'The platform has no such address or object (HTTP 404).';
	if (status === 429)
		return 'The company\'s API request quota is used up (HTTP 429): SaaS Standard companies may send 90 requests a minute, plus 5 per licence (ELMA365 help, "SaaS Standard limits").';
	if (status >= 500) return `The platform failed to process the request (HTTP ${status}).`;
	return `The platform rejected the request (HTTP ${status}).`;
}

/** The sentence that ends an error's description when the request was tried more than once. */
export function triedTimes(attempts: number): string {
	return attempts > 1 ? ` Tried ${attempts} times.` : '';
}

/**
 * A caller's words for a refusal it knows more of than the transport (what an address names):
 * `message` in place of the platform's text after `ELMA365 <status>: `, and a `hint` the
 * description gives before the request.
 */
export interface RefusalWords {
	message?: string;
	hint: string;
}

/** A platform's refusal as a caller may word it: where it was sent, its status and the platform's own words. */
export interface Refusal {
	path: string;
	status?: number;
	platformText?: string;
}

/** What each refusal apiError built was made of, so that `reworded` can build it again with a caller's words. */
const refusals = new WeakMap<
	NodeApiError,
	{ ctx: Elma365Context; request: ApiRequest; status?: number; body: unknown; attempts: number }
>();

/** A failure the platform answered: a non-2xx status, or a 2xx with `success: false` (no status). */
export function apiError(
	ctx: Elma365Context,
	request: ApiRequest,
	status: number | undefined,
	body: unknown,
	attempts: number,
	words?: RefusalWords,
): NodeApiError {
	const text = platformMessage(body);
	const where = `${request.method} ${request.path}`;
	const message =
		status === undefined || status < 300
			? `ELMA365: ${text ?? 'the platform answered "success: false"'}`
			: `ELMA365 ${status}: ${words?.message ?? text ?? describeStatus(status)}`;
	const hint = words ? `${words.hint} ` : '';
	const description = `${status === undefined ? '' : `${describeStatus(status)} `}${hint}Request: ${where}.${triedTimes(attempts)}`;
	const errorData: JsonObject =
		body && typeof body === 'object' ? (body as JsonObject) : { message: text ?? '' };
	const error = new NodeApiError(ctx.getNode(), errorData, {
		message,
		description,
		httpCode: status === undefined ? undefined : String(status),
		itemIndex: request.itemIndex,
	});
	if (!words) refusals.set(error, { ctx, request, status, body, attempts });
	return error;
}

/** The refusal `error` is, where apiError built it and no caller has worded it yet. */
export function refusalOf(error: unknown): Refusal | undefined {
	const made = error instanceof NodeApiError ? refusals.get(error) : undefined;
	if (!made) return undefined;
	return { path: made.request.path, status: made.status, platformText: platformMessage(made.body) };
}

/**
 * The refusal `error` built again with a caller's `words`, as apiError would have built it with
 * them (n8n's error reads its message once, when it is made); any other error as it is.
 */
export function reworded(error: unknown, words: RefusalWords): unknown {
	const made = error instanceof NodeApiError ? refusals.get(error) : undefined;
	if (!made) return error;
	return apiError(made.ctx, made.request, made.status, made.body, made.attempts, words);
}

/**
 * A request that would wait for the company's quota longer than Request Options > Max Quota Wait:
 * `waitedMs` waited already, `remainingWaitMs` still to wait; `body` is its own last 429's, if it had one.
 */
export function quotaError(
	ctx: Elma365Context,
	request: ApiRequest,
	wait: { waitedMs: number; remainingWaitMs: number; maxMs: number },
	body: unknown,
): NodeApiError {
	const seconds = (ms: number) => `${Math.round(ms / 1000)} s`;
	const text = platformMessage(body);
	const message = `ELMA365 429: the company's API request quota is used up, and the wait for it would pass Max Quota Wait (${seconds(wait.maxMs)})`;
	const description = `${describeStatus(429)} This request waited ${seconds(wait.waitedMs)} and would have waited ${seconds(wait.remainingWaitMs)} more.${text ? ` The platform said: ${text}.` : ''} Raise Request Options > Max Quota Wait, send fewer requests at once (Options > Concurrency) or per run, or run the workflow when the company is less busy. Request: ${request.method} ${request.path}.`;
	const errorData: JsonObject =
		body && typeof body === 'object' ? (body as JsonObject) : { message: text ?? '' };
	return new NodeApiError(ctx.getNode(), errorData, {
		message,
		description,
		httpCode: '429',
		itemIndex: request.itemIndex,
	});
}

/** A 2xx whose body is not JSON: never output as if it were a result. */
export function notJsonError(
	ctx: Elma365Context,
	request: ApiRequest,
	body: unknown,
	attempts: number,
): NodeApiError {
	const text = platformMessage(body) ?? '';
	return new NodeApiError(
		ctx.getNode(),
		{ message: text },
		{
			message: 'ELMA365: the platform answered with something that is not JSON',
			description: `It began: "${text.slice(0, 120)}". A proxy or login page in front of the platform, or an answer cut short. Request: ${request.method} ${request.path}.${triedTimes(attempts)}`,
			itemIndex: request.itemIndex,
		},
	);
}

/** The failure of an answer past the deadline or the size cap. */
export function boundError(
	ctx: Elma365Context,
	request: ApiRequest,
	error: BoundExceeded,
	attempts: number,
): NodeApiError {
	const where = `Request: ${request.method} ${request.path}.${triedTimes(attempts)}`;
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

const CHECK_ADDRESS =
	'Check the base URL in the credential and the network between n8n and the platform.';

/** The system error code (ECONNREFUSED, ...) of a failed request, wherever the HTTP client put it. */
export function networkErrorCode(error: unknown): string {
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
export function networkError(
	ctx: Elma365Context,
	request: ApiRequest,
	error: unknown,
	attempts: number,
	timeoutMs: number,
	secrets: readonly string[],
): NodeApiError {
	const cause = {
		message: redact(
			String((error as { message?: string })?.message ?? 'network error'),
			secrets,
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
	const timedOut =
		systemCode === 'ETIMEDOUT' || systemCode === 'ECONNABORTED'
			? ` No answer came within ${timeoutMs} ms (Request Options > Timeout).`
			: '';
	return new NodeApiError(
		ctx.getNode(),
		{ message: cause?.message ?? 'network error', systemCode },
		{
			message: words.message,
			description: `${systemCode ? `${systemCode}. ` : ''}${where}${timedOut}${triedTimes(attempts)} ${words.hint}`,
			itemIndex: request.itemIndex,
		},
	);
}

/** A connection that broke after the answer began, as the network error it becomes (the answer is cut off). */
export function cutOff(error: unknown): { code: string; message: string } {
	return {
		code: 'ERR_BAD_RESPONSE',
		message: String((error as { message?: string })?.message ?? 'cut off'),
	};
}

/** A redirect to another origin: never followed with the key, so the request fails naming where it pointed. */
export function redirectError(
	ctx: Elma365Context,
	request: ApiRequest,
	status: number,
	target: string,
	secrets: readonly string[],
): NodeApiError {
	const location = redact(target, secrets).slice(0, 500);
	return new NodeApiError(
		ctx.getNode(),
		{ message: `redirect to ${location}` },
		{
			message: `ELMA365: the platform redirected the request to another address (${location}); it was not followed`,
			description: `HTTP ${status}. Request: ${request.method} ${request.path}. The API key is only ever sent to the company address of the credential: check its Base URL (e.g. https instead of http, or the address a proxy forwards to).`,
			httpCode: String(status),
			itemIndex: request.itemIndex,
		},
	);
}

/** Longest text of a failure (a message, a description, a copy of the answer) the node ever shows. */
export const MAX_SHOWN_CHARS = 2000;

const REDACTED = '[redacted]';

/**
 * Removes the API key from text the node shows (messages, descriptions, copies of answers): the
 * key itself wherever it appears (also percent-encoded), and any `Bearer …` or `X-Token …` value,
 * which a proxy or debug page may echo from the request.
 */
export function redact(text: string, secrets: readonly string[]): string {
	let result = text;
	for (const secret of secrets) {
		if (secret.length < 4) continue;
		for (const form of new Set([secret, encodeURIComponent(secret)]))
			result = result.split(form).join(REDACTED);
	}
	return result
		.replace(/(Bearer\s+)[^\s"',;\\]+/gi, `$1${REDACTED}`)
		.replace(/(X-Token["']?\s*[:=]\s*["']?)[^\s"',;\\]+/gi, `$1${REDACTED}`);
}

/** A redacted, bounded copy of any value that can become JSON (a platform's error body). */
export function redactValue(value: unknown, secrets: readonly string[]): unknown {
	if (typeof value === 'string') {
		const clean = redact(value, secrets);
		return clean.length > MAX_SHOWN_CHARS ? `${clean.slice(0, MAX_SHOWN_CHARS)}…` : clean;
	}
	let json: string | undefined;
	try {
		json = JSON.stringify(value);
	} catch {
		json = undefined;
	}
	if (json === undefined) return undefined;
	const clean = redact(json, secrets);
	if (clean.length > MAX_SHOWN_CHARS) return `${clean.slice(0, MAX_SHOWN_CHARS)}…`;
	try {
		return JSON.parse(clean) as unknown;
	} catch {
		// The redaction cut a JSON string escape in two: show it as text.
		return clean;
	}
}
