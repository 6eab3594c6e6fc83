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

/** The bounds and retry rule the user set in the node's Request Options, as options/requestOptions.ts reads them. */
export interface RequestSettings {
	/** The timeout the user set, or undefined for the operation's own default. */
	timeout?: number;
	/** The size cap the user set, in bytes, or undefined for the request's own default. */
	maxBytes?: number;
	retryWrites: boolean;
	/** Max Quota Wait, in ms: the longest one request waits out the company's quota. */
	maxQuotaWaitMs: number;
}
