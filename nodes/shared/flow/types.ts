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
