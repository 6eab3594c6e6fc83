import type {
	IDataObject,
	IExecuteFunctions,
	IHookFunctions,
	IHttpRequestMethods,
	ILoadOptionsFunctions,
	IPollFunctions,
	IWebhookFunctions,
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
