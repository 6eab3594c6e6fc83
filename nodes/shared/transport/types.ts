import type {
	IDataObject,
	IExecuteFunctions,
	IHookFunctions,
	IHttpRequestMethods,
	ILoadOptionsFunctions,
	IPollFunctions,
	IWebhookFunctions,
} from 'n8n-workflow';

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

/** One request's place in a congestion window: taken by `enter`, given back by `leave`. */
export interface Ticket {
	/** When the request was sent (after any wait). */
	readonly sentAt: number;
	/** The window's generation when it was sent: the answers of one burst change the window once. */
	readonly generation: number;
	/** Whether the request was sent alone at the end of a quota hold, to learn whether it is over. */
	readonly probe: boolean;
}

/** What one request asks of the window while it waits: its priority, its quota-wait bound and its stop signal. */
export interface Turn {
	/** A request refused for the quota goes before new ones. */
	first: boolean;
	/** Request Options > Max Quota Wait: the longest this request waits out the quota in all. */
	maxQuotaWaitMs: number;
	/** When this request began waiting for the quota (set by the window at its first hold). */
	quotaWaitSince?: number;
	/** Fires when the execution is stopped or the run has failed (runState): a wait ends at once, and the request is not sent. */
	signal?: AbortSignal;
}

/** An answer as the window judges it: its status and the wait it asked for. */
export interface Verdict {
	status: number;
	retryAfterMs?: number;
}

/**
 * The congestion window every request of a run waits in (congestion.ts): it spaces the requests of
 * all items, holds them while the company's quota is used up, and learns from every answer.
 */
export interface Throttle {
	/** Requests it lets in flight now (the pager asks for as many pages ahead). */
	readonly size: number;
	enter(turn: Turn): Promise<Ticket>;
	/** `verdict` undefined: no answer came (a network failure says nothing about load). */
	leave(ticket: Ticket, verdict: Verdict | undefined): void;
}
