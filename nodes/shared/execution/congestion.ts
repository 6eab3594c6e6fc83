import { sleep } from 'n8n-workflow';

/** Longest time a request refused with 429 is sent again through the window before its 429 is the item's error. */
export const MAX_THROTTLED_MS = 120_000;
/** The hold after a 429 that came without Retry-After (a 5xx without it holds nothing). */
const DEFAULT_HOLD_MS = 500;

/** What one request through the window tells it: a success, no answer at all, or congestion with the hold asked for. */
type Feedback = 'success' | 'noAnswer' | { holdMs: number };

/** An answer's status, which is all the window needs to know of it. */
interface StatusAnswer {
	status: number;
}

/**
 * Congestion control for the requests of one node run with Options > Concurrency above 1 (AIMD, as
 * TCP does). The router makes one window per run and passes it to each item's execute, which hands
 * it to the transport with every request. The window of requests in flight starts at the setting,
 * halves when the platform answers 429 or 5xx, and grows back by one for every window's worth of
 * successes. A 429 or 5xx with Retry-After also holds every new request until that time (plus
 * jitter, so that the waiting requests do not all come back at the same instant). A 429 (the
 * platform did not process the request) is sent again, before anything else waiting, until
 * MAX_THROTTLED_MS have passed, so a setting above what the platform allows costs time, never failed items.
 */
export class CongestionWindow {
	/** Requests allowed in flight now (between 1 and the ceiling). */
	size: number;
	inFlight = 0;
	private readonly ceiling: number;
	private successes = 0;
	private heldUntil = 0;
	/** Counts halvings, so that the answers of one burst halve the window once, not once each. */
	private generation = 0;
	private readonly queue: Array<{ first: boolean; wake: () => void }> = [];

	constructor(ceiling: number) {
		this.ceiling = ceiling;
		this.size = ceiling;
	}

	/**
	 * Sends one request through the window. `retryAfterMs` reads the Retry-After the platform gave
	 * with an answer; a 429 asking for more than `maxHoldMs` is handed back at once (the transport
	 * fails it with the platform's message), as is any answer once MAX_THROTTLED_MS have passed.
	 */
	async send<A extends StatusAnswer>(
		send: () => Promise<A>,
		retryAfterMs: (answer: A) => number | undefined,
		maxHoldMs: number,
	): Promise<A> {
		const started = Date.now();
		for (let again = false; ; again = true) {
			const generation = await this.acquire(again);
			let answer: A | undefined;
			try {
				answer = await send();
			} finally {
				// A network failure says nothing about load: its place is freed as it was taken.
				if (answer === undefined) this.release(generation, 'noAnswer');
			}
			const status = answer.status;
			if (status !== 429 && status < 500) {
				this.release(generation, 'success');
				return answer;
			}
			const holdMs = retryAfterMs(answer) ?? (status === 429 ? DEFAULT_HOLD_MS : 0);
			this.release(generation, { holdMs: Math.min(holdMs, maxHoldMs) });
			if (status !== 429 || holdMs > maxHoldMs || Date.now() - started + holdMs > MAX_THROTTLED_MS)
				return answer;
		}
	}

	/** Waits for a place in the window; `first` (a request sent again) goes before new ones. */
	private async acquire(first: boolean): Promise<number> {
		for (;;) {
			const hold = this.heldUntil - Date.now();
			if (hold > 0) {
				await sleep(hold);
				continue;
			}
			if (this.inFlight < this.size && (first || this.queue.length === 0)) break;
			await new Promise<void>((wake) => {
				const entry = { first, wake };
				const firstNew = this.queue.findIndex((waiting) => !waiting.first);
				if (first && firstNew >= 0) this.queue.splice(firstNew, 0, entry);
				else this.queue.push(entry);
			});
			if (this.inFlight < this.size) break;
		}
		this.inFlight += 1;
		return this.generation;
	}

	/** Frees the place taken at `generation` and adjusts the window to what the answer said. */
	private release(generation: number, feedback: Feedback): void {
		this.inFlight -= 1;
		if (feedback === 'success') {
			this.successes += 1;
			if (this.successes >= this.size && this.size < this.ceiling) {
				this.size += 1;
				this.successes = 0;
			}
		} else if (feedback !== 'noAnswer') {
			if (generation === this.generation) {
				this.size = Math.max(1, Math.floor(this.size / 2));
				this.successes = 0;
				this.generation += 1;
			}
			const jitter = Math.random() * Math.min(feedback.holdMs, 1_000) * 0.25;
			this.heldUntil = Math.max(this.heldUntil, Date.now() + feedback.holdMs + jitter);
		}
		this.wakeNext();
	}

	private wakeNext(): void {
		let free = this.size - this.inFlight;
		while (free > 0 && this.queue.length > 0) {
			this.queue.shift()!.wake();
			free -= 1;
		}
	}
}
