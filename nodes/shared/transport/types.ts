import type {
	IDataObject,
	IExecuteFunctions,
	IHttpRequestMethods,
	ILoadOptionsFunctions,
	IPollFunctions,
} from 'n8n-workflow';

/** The credential type every request is authenticated with. */
export const CREDENTIAL_TYPE = 'elma365Api';

/** The n8n contexts requests are made from: node executions, pickers, the polling trigger. */
export type Elma365Context = IExecuteFunctions | ILoadOptionsFunctions | IPollFunctions;

/** One request to the company's API, as operations, pickers and the trigger describe it. */
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
	/**
	 * The congestion window of the node run (the router makes one under Options > Concurrency above
	 * 1 and passes it to each item's execute): every attempt waits for a place in it. Without one the
	 * request is sent at once.
	 */
	window?: Throttle;
}

/**
 * What the transport asks of the router's congestion window: send one attempt when a place is free,
 * holding a 429 that asks for at most `maxHoldMs` and sending it again first.
 */
export interface Throttle {
	/** Requests it lets in flight now (the pager asks for as many pages ahead). */
	readonly size: number;
	send<A extends { status: number; headers: IDataObject }>(
		send: () => Promise<A>,
		retryAfterMs: (answer: A) => number | undefined,
		maxHoldMs: number,
	): Promise<A>;
}
