import type {
	IDataObject,
	IExecuteFunctions,
	IHookFunctions,
	IHttpRequestMethods,
	IHttpRequestOptions,
	ILoadOptionsFunctions,
	IPollFunctions,
	IWebhookFunctions,
	NodeApiError,
} from 'n8n-workflow';
import type { Throttle } from '../flow';

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
	/** A congestion window of this request's own (the pager's, for pages read ahead); else the run's. */
	throttle?: Throttle;
}

/** What one send got back: status, headers, the body still unread (a stream), and the address that answered. */
export interface HttpResponse {
	status: number;
	headers: IDataObject;
	body: unknown;
	url: string;
}

/** A file transfer's request (apiDownload, downloadWithoutKey): the answer as a bounded stream. */
export interface StreamRequest extends ApiRequest {
	stream: true;
	/** A file link outside the API (object storage), fetched without the key instead of `path`. */
	link?: string;
}

/** A request made ready to send: n8n's HTTP options with the node's Request Options and the credential applied. */
export interface PreparedRequest {
	ctx: Elma365Context;
	request: ApiRequest;
	/** How the caller wants the answer: parsed JSON, all bytes in memory, or a stream of bytes. */
	mode: 'json' | 'buffer' | 'stream';
	options: IHttpRequestOptions;
	bounds: Bounds;
	idempotent: boolean;
	/** The texts no failure may show (the API key), taken out of everything that came from the wire. */
	secrets: string[];
	ignoreSslIssues: boolean;
	/** Request Options > Max Quota Wait, in ms. */
	maxQuotaWaitMs: number;
	/** The window the request waits in: its own (the pager's) or the run's. */
	window: Throttle;
	/** Sends made so far; the last one's deadline (Request Options > Timeout, from sending). */
	sent: number;
	deadline: AbortSignal;
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

export type BoundKind = 'deadline' | 'size';

/** A response body as the HTTP client gives it with `encoding: 'stream'` (a Node Readable). */
export interface ByteStream extends AsyncIterable<Buffer | string> {
	destroy(error?: Error): void;
	map(fn: (chunk: Buffer) => Buffer, options?: { signal?: AbortSignal }): ByteStream;
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

/** How one send ended, unless it threw the item's error: the result, or a failure worth another attempt (after `waitMs`, or the backoff; none for a 429, which the window holds). */
export type AttemptResult =
	| { body: IDataObject | Download }
	| { failure: NodeApiError; waitMs?: number; quota?: IDataObject };
