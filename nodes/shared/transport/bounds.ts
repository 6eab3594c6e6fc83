import { invalidInput } from '../validation';
import {
	DEFAULT_QUOTA_WAIT_S,
	MAX_QUOTA_WAIT_S,
	MAX_RESPONSE_MB,
	MAX_TIMEOUT_MS,
	MIN_TIMEOUT_MS,
} from '../limits';

const MB = 1024 * 1024;

/** A response body as the HTTP client gives it with `encoding: 'stream'` (a Node Readable). */
export interface ByteStream extends AsyncIterable<Buffer | string> {
	destroy(error?: Error): void;
	map(fn: (chunk: Buffer) => Buffer, options?: { signal?: AbortSignal }): ByteStream;
}

export type BoundKind = 'deadline' | 'size';

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

/**
 * Bounds on every answer: a total deadline per attempt (not only an idle timeout) and a size cap,
 * so a server that drips bytes or never stops sending cannot hold a node or fill n8n's memory.
 * Answers are read as streams and counted; past either bound the stream is destroyed.
 */
export interface Bounds {
	/** Milliseconds one attempt may take, from sending to the last byte of the answer. */
	deadlineMs: number;
	/** Bytes the answer's body may have. */
	maxBytes: number;
}

/** Resolves as `promise` does, or rejects with BoundExceeded when `signal` fires first (the late result is ignored). */
export async function beforeDeadline<T>(
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

/** Closes a body that will not be read, so its connection is freed. */
export function discard(body: unknown): void {
	const stream = body as { destroy?: () => void } | undefined;
	if (stream && typeof stream.destroy === 'function') stream.destroy();
}

/** The bounds and retry rule the user set in the node's Request Options (options/requestOptions.ts). */
export interface RequestSettings {
	/** The timeout the user set, or undefined for the operation's own default. */
	timeout?: number;
	/** The size cap the user set, in bytes, or undefined for the request's own default. */
	maxBytes?: number;
	retryWrites: boolean;
	/** Max Quota Wait, in ms: the longest one request waits out the company's quota. */
	maxQuotaWaitMs: number;
}

type RawRequestOptions = {
	timeout?: unknown;
	retryWrites?: unknown;
	maxResponseMb?: unknown;
	maxQuotaWait?: unknown;
};

/** Request Options as the node holds them (`requestOptions`), checked. */
export function requestSettings(raw: unknown): RequestSettings {
	const options = (raw && typeof raw === 'object' ? raw : {}) as RawRequestOptions;
	return {
		timeout: readTimeout(options.timeout),
		maxBytes: readMaxBytes(options.maxResponseMb),
		retryWrites: readRetryWrites(options.retryWrites),
		maxQuotaWaitMs: readMaxQuotaWait(options.maxQuotaWait) * 1000,
	};
}

function readMaxQuotaWait(value: unknown): number {
	if (value === undefined || value === '') return DEFAULT_QUOTA_WAIT_S;
	const seconds = wholeNumber(value);
	if (seconds === undefined || seconds < 0 || seconds > MAX_QUOTA_WAIT_S)
		throw invalidInput(
			'Request Options > Max Quota Wait (Seconds)',
			`a whole number of seconds from 0 to ${MAX_QUOTA_WAIT_S}`,
			value,
		);
	return seconds;
}

/** A whole number, or its text; undefined for anything else. */
function wholeNumber(value: unknown): number | undefined {
	const number = typeof value === 'string' ? Number(value.trim()) : value;
	return typeof number === 'number' && Number.isInteger(number) ? number : undefined;
}

function readTimeout(value: unknown): number | undefined {
	if (value === undefined || value === '') return undefined;
	const timeout = wholeNumber(value);
	if (timeout === undefined || timeout < MIN_TIMEOUT_MS || timeout > MAX_TIMEOUT_MS)
		throw invalidInput(
			'Request Options > Timeout',
			`a whole number of milliseconds from ${MIN_TIMEOUT_MS} to ${MAX_TIMEOUT_MS}`,
			value,
		);
	return timeout;
}

function readMaxBytes(value: unknown): number | undefined {
	if (value === undefined || value === '') return undefined;
	const mb = wholeNumber(value);
	if (mb === undefined || mb < 1 || mb > MAX_RESPONSE_MB)
		throw invalidInput(
			'Request Options > Max Response Size (MB)',
			`a whole number of megabytes from 1 to ${MAX_RESPONSE_MB}`,
			value,
		);
	return mb * MB;
}

function readRetryWrites(value: unknown): boolean {
	if (value === undefined) return false;
	if (typeof value !== 'boolean')
		throw invalidInput(
			'Request Options > Retry Writes After Ambiguous Failures',
			'true or false',
			value,
		);
	return value;
}
