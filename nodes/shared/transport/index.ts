import type { IDataObject } from 'n8n-workflow';
import type { ByteStream } from './bounds';
import type { Download } from './download';
import { fetchWithoutKey } from './download';
import { sendWithRetries } from './engine';
import { prepareRequest } from './prepare';
import type { ApiRequest, Elma365Context } from './types';

export type { Download } from './download';
export type { ApiRequest, Elma365Context, Throttle } from './types';
export { CREDENTIAL_TYPE } from './types';
export { apiPath, encodePathSegment } from './address';
export { unwrapItem, withoutEnvelope } from './envelope';
export { companyApiRoot, parseBaseUrl } from './address';
export { describeNetworkFailure } from './errors';
export { MAX_REDIRECTS } from './redirects';
export {
	BASE_BACKOFF_MS,
	MAX_ATTEMPTS,
	MAX_SINGLE_WAIT_MS,
	MAX_TOTAL_WAIT_MS,
	backoffMs,
	retryAfterWaitMs,
} from './retry';
export {
	API_MAX_BYTES,
	DEFAULT_TIMEOUT_MS,
	TRANSFER_MAX_BYTES,
	TRANSFER_TIMEOUT_MS,
} from './bounds';

/**
 * The one place requests are made. Returns the parsed body with the envelope checked:
 * a non-2xx status, or a 2xx with `success: false`, becomes a NodeApiError carrying the platform's text.
 */
export async function apiRequest(ctx: Elma365Context, request: ApiRequest): Promise<IDataObject> {
	const transfer = request.response === 'buffer';
	const prepared = await prepareRequest(ctx, request, transfer);
	return (await sendWithRetries(
		ctx,
		request,
		prepared,
		transfer ? 'buffer' : 'json',
	)) as IDataObject;
}

/**
 * A file download as a bounded stream (for `prepareBinaryData`, so n8n's filesystem binary mode
 * keeps memory flat). A GET of `path` below the API root with the key; a redirect to another
 * origin is followed without it. Read it with `readDownload` to get the bound errors as node errors.
 */
export async function apiDownload(ctx: Elma365Context, request: ApiRequest): Promise<Download> {
	const prepared = await prepareRequest(ctx, request, true);
	return (await sendWithRetries(ctx, request, prepared, 'stream')) as Download;
}

/** A download from a link outside the API (object storage): never with the key. */
export async function downloadWithoutKey(
	ctx: Elma365Context,
	url: string,
	itemIndex: number,
	timeout?: number,
): Promise<Download> {
	const request: ApiRequest = { method: 'GET', path: url, itemIndex, timeout };
	const prepared = await prepareRequest(ctx, request, true);
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
