import { sleep } from 'n8n-workflow';
import type { Throttle } from '../transport';
import { LatencyTracker } from './latency';

/** The hold after a 429 that came without Retry-After (a 5xx without it holds nothing). */
const DEFAULT_HOLD_MS = 500;
/**
 * Requests in flight before the first answers: the window doubles from here with each round of
 * successes. A setting at or below it (e.g. Concurrency 10) is in flight at once.
 */
export const INITIAL_WINDOW = 32;

/** Rising answers in a row that end slow start: one slow answer is noise (a busy event loop), three are a trend. */
const RISING_ANSWERS = 3;
/** How much faster than one window per response time paced requests start (TCP's 1.2 after slow start). */
const PACING_GAIN = 1.2;
/** A 429's wait, against the response time, above which the wait is the back-off and the window is kept. */
const LONG_HOLD_FACTOR = 2;
/** Most places added in one round while probing above the size at which congestion was last seen. */
const MAX_PROBE_STEP = 16;

/** What one request through the window tells it: a success and its response time, no answer at all, or congestion with the hold asked for. */
type Feedback =
	| { answeredInMs: number; sentAt: number }
	| 'noAnswer'
	| { holdMs: number; sentAt: number; periodWait: boolean };

/** An answer's status, which is all the window needs to know of it. */
interface StatusAnswer {
	status: number;
}

/**
 * Congestion control for the requests of one node run with Options > Concurrency above 1 (slow
 * start, then AIMD, as TCP does). The router makes one window per run and passes it to each item's
 * execute, which hands it to the transport with every request; the pager makes one for the pages
 * of a list.
 * - Slow start: the window of requests in flight starts at INITIAL_WINDOW and grows by one with
 *   every success (it doubles with each round of answers) up to the ceiling, the setting. It ends
 *   at the first sign of congestion, or without shrinking when answers start coming back slower
 *   than the best seen (latency.ts `rising`), before the next doubling doubles a queue.
 * - Congestion: an answer 429 or 5xx halves the window (once per burst), and so does a smoothed
 *   response time well above the best seen that lasts a window's worth of answers; while response
 *   times are climbing the window does not grow. A 429 or 5xx with Retry-After also holds every
 *   new request until that time (plus jitter); a 429 whose wait is long against the response time
 *   keeps the window instead of halving it (`waitIsTheBackOff`: a limit per period, which the wait
 *   already obeys), and at the run's first hold raises it to what the platform took before it
 *   (`keepSize`). A 429 (the platform did not process the request) is sent again after the hold,
 *   before anything else waiting, while the sender allows another attempt, so a setting above what
 *   the platform allows costs time rather than failed items.
 * - Growth after slow start (`grow`): back towards the size at which congestion was seen by half
 *   the distance per round, then past it one place, two, four... per round (BIC's binary search and
 *   max probing, where plain AIMD adds one place per round).
 * - Pacing after slow start (`pace`): requests start spread over a round rather than together.
 */
export class CongestionWindow implements Throttle {
	/** Requests allowed in flight now (between 1 and the ceiling). */
	size: number;
	inFlight = 0;
	readonly ceiling: number;
	/** Whether the window still doubles each round (no congestion or rising response time seen yet). */
	private slowStart = true;
	/** Answers in a row, during slow start, with a response time rising above the best seen. */
	private risingAnswers = 0;
	/** The size when congestion was last seen: after halving, the window grows back towards it quickly. */
	private sizeAtCongestion = 0;
	/** Places added per round above sizeAtCongestion: 1 after a halving, doubling each round. */
	private probeStep = 1;
	/** Places added at the current probeStep (a round's worth doubles it). */
	private probed = 0;
	private successes = 0;
	/** Successes with the response time climbing, in this generation. */
	private slowAnswers = 0;
	private heldUntil = 0;
	/** Whether the last congestion kept the window (`keepSize`) rather than halving it. */
	private keptAtLastHold = false;
	/** Whether a long Retry-After may still keep the window: false once a kept window was refused again right after its wait. */
	private waitsAreTheBackOff = true;
	/** Successes of requests sent after the last hold ended. */
	private acceptedAfterHold = 0;
	/** When the next request may start, once pacing (after slow start) spreads them over a round. */
	private nextStartAt = 0;
	/** Counts halvings, so that the answers of one burst halve the window once, not once each. */
	private generation = 0;
	private readonly latency = new LatencyTracker();
	private readonly queue: Array<{ first: boolean; wake: () => void }> = [];

	constructor(ceiling: number, initial = INITIAL_WINDOW) {
		this.ceiling = ceiling;
		this.size = Math.max(1, Math.min(ceiling, initial));
	}

	/**
	 * Sends one request through the window. `retryAfterMs` reads the Retry-After the platform gave
	 * with an answer; a 429 asking for more than `maxHoldMs` is handed back at once (the transport
	 * fails it with the platform's message), as is one that `sendAgain`, told the hold, refuses.
	 */
	async send<A extends StatusAnswer>(
		send: () => Promise<A>,
		retryAfterMs: (answer: A) => number | undefined,
		maxHoldMs: number,
		sendAgain: (holdMs: number) => boolean,
	): Promise<A> {
		for (let again = false; ; again = true) {
			const generation = await this.acquire(again);
			const sent = Date.now();
			let answer: A | undefined;
			try {
				answer = await send();
			} finally {
				// A network failure says nothing about load: its place is freed as it was taken.
				if (answer === undefined) this.release(generation, 'noAnswer');
			}
			const status = answer.status;
			if (status !== 429 && status < 500) {
				this.release(generation, { answeredInMs: Date.now() - sent, sentAt: sent });
				return answer;
			}
			const retryAfter = retryAfterMs(answer);
			const holdMs = retryAfter ?? (status === 429 ? DEFAULT_HOLD_MS : 0);
			this.release(generation, {
				holdMs: Math.min(holdMs, maxHoldMs),
				sentAt: sent,
				periodWait: status === 429 && retryAfter !== undefined,
			});
			if (status !== 429 || holdMs > maxHoldMs || !sendAgain(holdMs)) return answer;
		}
	}

	/**
	 * Waits for a place in the window and for any hold to end. `first` (a request sent again) goes
	 * before new ones, and so does a request whose turn came in the queue if a hold that began
	 * meanwhile, or a window that shrank, sends it back: no request starts during a hold.
	 */
	private async acquire(first: boolean): Promise<number> {
		let ahead = first;
		for (;;) {
			const hold = this.heldUntil - Date.now();
			if (hold > 0) await sleep(Math.ceil(hold));
			else if (this.inFlight < this.size && (ahead || this.queue.length === 0)) break;
			else {
				await this.turn(ahead);
				ahead = true;
			}
		}
		this.inFlight += 1;
		await this.pace();
		// A hold that began while this request was paced holds it too.
		const hold = this.heldUntil - Date.now();
		if (hold > 0) await sleep(Math.ceil(hold));
		return this.generation;
	}

	/** Waits in the queue until a place is freed for this request (`ahead`: before the new requests waiting). */
	private turn(ahead: boolean): Promise<void> {
		return new Promise<void>((wake) => {
			const entry = { first: ahead, wake };
			const firstNew = this.queue.findIndex((waiting) => !waiting.first);
			if (ahead && firstNew >= 0) this.queue.splice(firstNew, 0, entry);
			else this.queue.push(entry);
		});
	}

	/**
	 * After slow start, requests are spread over a round (the expected response time divided by the
	 * window, sent PACING_GAIN times as fast), as TCP paces its segments: a window released at once
	 * (after a hold, or as one burst's answers come back together) reaches the platform as one burst
	 * and is refused above its limit even when the window as a whole is within it. The first round
	 * after a wait that kept the window (`keepSize`) is not paced: that wait was for a new period,
	 * which takes the window at once, and spreading it would only delay it.
	 */
	private async pace(): Promise<void> {
		if (this.slowStart) return;
		const now = Date.now();
		if (this.keptAtLastHold && now < this.heldUntil + this.latency.expectedMs) return;
		const start = Math.max(now, this.nextStartAt);
		this.nextStartAt = start + this.latency.expectedMs / (this.size * PACING_GAIN);
		if (start > now) await sleep(Math.ceil(start - now));
	}

	/** Frees the place taken at `generation` and adjusts the window to what the answer said. */
	private release(generation: number, feedback: Feedback): void {
		this.inFlight -= 1;
		if (feedback !== 'noAnswer') {
			if ('answeredInMs' in feedback) {
				// Requests sent after the last hold that the platform took: what a kept window is judged by.
				if (feedback.sentAt >= this.heldUntil) this.acceptedAfterHold += 1;
				this.answered(generation, feedback.answeredInMs);
			} else this.congested(generation, feedback);
		}
		this.wakeNext();
	}

	/**
	 * A success: the window grows unless this answer or the smoothed response time is well above the
	 * best seen (the smoothed time lags, so a growing window would overshoot while it catches up), and
	 * halves if the smoothed time stays there for a window's worth of answers.
	 */
	private answered(generation: number, ms: number): void {
		this.latency.record(ms);
		if (this.slowStart) this.endSlowStartIfRising(ms);
		if (!this.latency.climbing) {
			this.slowAnswers = 0;
			if (!this.latency.wellAboveBest(ms)) this.grow();
			return;
		}
		if (generation !== this.generation) return;
		this.slowAnswers += 1;
		if (this.slowAnswers >= this.size) this.halve();
	}

	/**
	 * Slow start ends, without shrinking the window, at RISING_ANSWERS answers in a row slower than
	 * the best seen by more than noise (latency.ts `rising`): the platform has begun to queue, and one
	 * more doubling would double the queue before the slower answers of that round come back.
	 */
	private endSlowStartIfRising(ms: number): void {
		this.risingAnswers = this.latency.rising(ms) ? this.risingAnswers + 1 : 0;
		if (this.risingAnswers >= RISING_ANSWERS) this.slowStart = false;
	}

	/**
	 * One success's growth: one place in slow start (the window doubles each round). After it, while
	 * below the size at which congestion was last seen, half the distance to it per round; from
	 * there, one place in the first round, then twice as many each round up to MAX_PROBE_STEP (BIC's
	 * binary search and max probing). A halving then costs a few rounds, not dozens, and a limit
	 * first met by the synchronized burst of the start is soon probed past.
	 */
	private grow(): void {
		if (this.size >= this.ceiling) return;
		if (this.slowStart) {
			this.size += 1;
			return;
		}
		const below = this.sizeAtCongestion - this.size;
		const placesPerRound = below > 1 ? Math.floor(below / 2) : this.probeStep;
		// One place each time a round's share of successes (size / placesPerRound) has come back.
		this.successes += 1;
		if (this.successes * placesPerRound < this.size) return;
		this.successes = 0;
		this.size += 1;
		if (below > 1) return;
		this.probed += 1;
		if (this.probed < this.probeStep) return;
		this.probeStep = Math.min(MAX_PROBE_STEP, this.probeStep * 2);
		this.probed = 0;
	}

	/**
	 * A 429 or 5xx: the window halves (once per burst), unless the wait asked for is itself the
	 * back-off (`waitIsTheBackOff`), and new requests wait `holdMs` plus jitter.
	 */
	private congested(
		generation: number,
		{ holdMs, sentAt, periodWait }: { holdMs: number; sentAt: number; periodWait: boolean },
	): void {
		if (generation === this.generation) {
			// A kept window refused before the platform took it whole: the limit is not one per period.
			if (periodWait && this.keptAtLastHold && this.acceptedAfterHold < this.sizeAtCongestion)
				this.waitsAreTheBackOff = false;
			if (periodWait && this.waitIsTheBackOff(holdMs, sentAt)) this.keepSize();
			else this.halve();
		}
		// One jitter per hold: the answers of one burst ask for about the same time, and the latest of
		// as many random jitters would always be the largest.
		const until = Date.now() + holdMs;
		if (until > this.heldUntil)
			this.heldUntil = until + Math.random() * Math.min(holdMs, 1_000) * 0.25;
	}

	/**
	 * Whether a 429's Retry-After asks for a wait long against the response time (LONG_HOLD_FACTOR
	 * of it) for a request sent after the first round that followed the last hold: a limit of
	 * requests per period, which the wait until the next period already obeys, so the window that
	 * met it is kept and the next period starts at the rate this one was allowed. Halving on top of
	 * that wait would leave part of the next period unused. A refusal in the first round after a
	 * hold, or before any success (no response time known), halves as any congestion does: the
	 * window itself is too large. A kept window must then be taken whole after its wait: once the
	 * platform refuses again before it has taken as many as the window kept, the limit is not one
	 * per period (a limit in flight answered with whole seconds, say), and every later refusal of
	 * the run halves.
	 */
	private waitIsTheBackOff(holdMs: number, sentAt: number): boolean {
		const expectedMs = this.latency.expectedMs;
		return (
			this.waitsAreTheBackOff &&
			expectedMs > 0 &&
			holdMs > LONG_HOLD_FACTOR * expectedMs &&
			sentAt >= this.heldUntil + expectedMs
		);
	}

	/**
	 * Ends the burst (its other refusals change nothing more) and slow start, without shrinking the
	 * window. At the run's first hold the window grows to what the platform took before it: slow
	 * start may have ended early on response times that rose with the machine's own load, and the
	 * next period should get its whole allowance in one round. In a run that began within the period
	 * now ending that is the period's allowance; if it began earlier the count is too large, the
	 * platform refuses the kept window before taking it whole, and the rule is off for the rest of
	 * the run (`congested`). After an earlier hold the count is not used.
	 */
	private keepSize(): void {
		this.keptAtLastHold = true;
		if (this.heldUntil === 0)
			this.size = Math.min(this.ceiling, Math.max(this.size, this.acceptedAfterHold));
		this.acceptedAfterHold = 0;
		this.sizeAtCongestion = this.size;
		this.probeStep = 1;
		this.probed = 0;
		this.slowStart = false;
		this.successes = 0;
		this.generation += 1;
	}

	private halve(): void {
		this.keptAtLastHold = false;
		this.sizeAtCongestion = this.size;
		this.probeStep = 1;
		this.probed = 0;
		this.size = Math.max(1, Math.floor(this.size / 2));
		this.slowStart = false;
		this.successes = 0;
		this.slowAnswers = 0;
		this.generation += 1;
		// Answers of the larger window are still coming back: response times are judged afresh.
		this.latency.restart();
	}

	private wakeNext(): void {
		let free = this.size - this.inFlight;
		while (free > 0 && this.queue.length > 0) {
			this.queue.shift()!.wake();
			free -= 1;
		}
	}
}
