import type { IDataObject, IHttpRequestOptions } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';
import type { Bounds, ByteStream } from './bounds';
import { BoundExceeded, boundedStream, discard, readBounded } from './bounds';
import { boundError, cutOff, networkError, redact } from './errors';
import type { PreparedRequest } from './send';
import { MAX_REDIRECTS, send } from './send';
import type { HttpResponse, ApiRequest, Elma365Context } from './types';

/** A file's bytes on their way: read them with `readDownload`, or `bufferOf` for all of them at once. */
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

/** A successful answer's body as a download, bounded by the attempt's size cap and deadline. */
export function downloadOf(
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
export async function bufferOf(download: Download): Promise<IDataObject> {
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
