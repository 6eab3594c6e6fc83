import { sleep } from 'n8n-workflow';

/**
 * Congestion control for the requests of one node run with Options > Concurrency above 1 (AIMD, as
 * TCP does): the window of requests in flight starts at the setting, halves when the platform
 * answers 429 or 5xx, and grows back by one for every window's worth of successes. A 429 or 5xx
 * with Retry-After also holds every new request until that time (plus jitter, so that the waiting
 * requests do not all come back at the same instant). A 429 (the platform did not process the
 * request) is sent again here, before anything else waiting, until MAX_THROTTLED_MS have passed,
 * so a setting above what the platform allows costs time, never failed items.
 */
export const MAX_THROTTLED_MS = 120_000;
/** The hold after a 429 that came without Retry-After (a 5xx without it holds nothing). */
const DEFAULT_HOLD_MS = 500;

export class CongestionWindow {
	/** Requests allowed in flight now (between 1 and the ceiling). */
	window: number;
	inFlight = 0;
	private readonly ceiling: number;
	private successes = 0;
	private heldUntil = 0;
	/** Counts halvings, so that the answers of one burst halve the window once, not once each. */
	private generation = 0;
	private readonly queue: Array<{ first: boolean; wake: () => void }> = [];

	constructor(ceiling: number) {
		this.ceiling = ceiling;
		this.window = ceiling;
	}

	/** Waits for a place in the window; `first` (a request sent again) goes before new ones. */
	async acquire(first = false): Promise<number> {
		for (;;) {
			const hold = this.heldUntil - Date.now();
			if (hold > 0) {
				await sleep(hold);
				continue;
			}
			if (this.inFlight < this.window && (first || this.queue.length === 0)) break;
			await new Promise<void>((wake) => {
				const entry = { first, wake };
				const firstNew = this.queue.findIndex((waiting) => !waiting.first);
				if (first && firstNew >= 0) this.queue.splice(firstNew, 0, entry);
				else this.queue.push(entry);
			});
			if (this.inFlight < this.window) break;
		}
		this.inFlight += 1;
		return this.generation;
	}

	/** Frees the place taken at `generation`; `congested` with the hold the platform asked for. */
	release(generation: number, outcome: 'ok' | 'neutral' | { holdMs: number }): void {
		this.inFlight -= 1;
		if (outcome === 'ok') {
			this.successes += 1;
			if (this.successes >= this.window && this.window < this.ceiling) {
				this.window += 1;
				this.successes = 0;
			}
		} else if (outcome !== 'neutral') {
			if (generation === this.generation) {
				this.window = Math.max(1, Math.floor(this.window / 2));
				this.successes = 0;
				this.generation += 1;
			}
			const jitter = Math.random() * Math.min(outcome.holdMs, 1_000) * 0.25;
			this.heldUntil = Math.max(this.heldUntil, Date.now() + outcome.holdMs + jitter);
		}
		this.wakeNext();
	}

	private wakeNext(): void {
		let free = this.window - this.inFlight;
		while (free > 0 && this.queue.length > 0) {
			this.queue.shift()!.wake();
			free -= 1;
		}
	}
}

const windows = new WeakMap<object, CongestionWindow>();

/** Puts the requests made with `ctx` under a window of `ceiling` until `run` ends. */
export async function withCongestionControl<T>(
	ctx: object,
	ceiling: number,
	run: () => Promise<T>,
): Promise<T> {
	windows.set(ctx, new CongestionWindow(ceiling));
	try {
		return await run();
	} finally {
		windows.delete(ctx);
	}
}

interface StatusResponse {
	statusCode: number;
}

/**
 * Sends one request through the window of `ctx` (directly when it has none). `retryAfterMs` reads
 * the Retry-After the platform gave with an answer; a 429 asking for more than `maxHoldMs` is
 * handed back at once (the transport fails it with the platform's message).
 */
export async function throttled<R extends StatusResponse>(
	ctx: object,
	send: () => Promise<R>,
	retryAfterMs: (response: R) => number | undefined,
	maxHoldMs: number,
): Promise<R> {
	const window = windows.get(ctx);
	if (!window) return await send();
	const started = Date.now();
	for (let again = false; ; again = true) {
		const generation = await window.acquire(again);
		let response: R | undefined;
		try {
			response = await send();
		} finally {
			// A network failure says nothing about load: its place is freed as it was taken.
			if (response === undefined) window.release(generation, 'neutral');
		}
		const status = response.statusCode;
		if (status !== 429 && status < 500) {
			window.release(generation, 'ok');
			return response;
		}
		const holdMs = retryAfterMs(response) ?? (status === 429 ? DEFAULT_HOLD_MS : 0);
		window.release(generation, { holdMs: Math.min(holdMs, maxHoldMs) });
		if (status !== 429 || holdMs > maxHoldMs || Date.now() - started + holdMs > MAX_THROTTLED_MS)
			return response;
	}
}
