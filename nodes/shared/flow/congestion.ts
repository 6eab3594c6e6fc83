import { INITIAL_WINDOW } from '../limits';
import { clock } from './clock';
import { Quota } from './quota';
import type { Throttle, Ticket, Turn, Verdict } from './types';

/** Rising answers in a row that end slow start: one slow answer is noise (a busy event loop), three are a trend. */
const RISING_ANSWERS = 3;
/** How much faster than one window per response time paced requests start (TCP's 1.2 after slow start). */
const PACING_GAIN = 1.2;
/** A 429's Retry-After, against the response time, above which the wait is the back-off and the window is kept. */
const LONG_WAIT_FACTOR = 2;
/** Most places added in one round while probing above the size at which congestion was last seen. */
const MAX_PROBE_STEP = 16;

/** A hold that would end after the request's Max Quota Wait: the request fails instead of waiting. */
export class QuotaWaitTooLong extends Error {
	constructor(
		readonly waitedMs: number,
		readonly remainingWaitMs: number,
	) {
		super('quota wait too long');
	}
}

/**
 * Congestion control for the requests of one node run (slow start, then AIMD, as TCP does), and the
 * company's quota (quota.ts), shared by every window of the run. The router makes one window per
 * run, the transport one of size 1 for a run without it, and the pager one for the pages of a list.
 * - Slow start: the window of requests in flight starts at INITIAL_WINDOW and grows by one with
 *   every success (it doubles with each round of answers) up to the ceiling, the setting. It ends
 *   at the first sign of congestion, or without shrinking when answers start coming back slower
 *   than the best seen (LatencyTracker `rising`), before the next doubling doubles a queue.
 * - Congestion: a 5xx halves the window (once per burst), and so does a smoothed response time well
 *   above the best seen that lasts a window's worth of answers; while response times are climbing
 *   the window does not grow. A 5xx with Retry-After also holds every request until that time.
 * - The quota: a 429 halves the window like a 5xx (once per burst), or keeps it when its
 *   Retry-After is the back-off (`waitIsTheBackOff`), and the run's Quota holds every
 *   request until the platform takes them again; a refused request goes again before the new ones
 *   (`Turn.first`). A hold longer than a request's Max
 *   Quota Wait fails it at once (QuotaWaitTooLong). The execution's stop signal, or the run's
 *   after a failed item (runState), ends a quota hold or a wait in the queue at once, unsent.
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
	/** Whether the last 429 kept the window, and the requests the platform took since. */
	private keptAtLastRefusal = false;
	private takenSinceRefusal = 0;
	/** Whether a long Retry-After may keep the window: false once a kept window was refused before it was taken whole. */
	private waitsAreTheBackOff = true;
	/** Successes with the response time climbing, in this generation. */
	private slowAnswers = 0;
	/** When the next request may start, once pacing (after slow start) spreads them over a round. */
	private nextStartAt = 0;
	/** Counts halvings, so that the answers of one burst halve the window once, not once each. */
	private generation = 0;
	private readonly latency = new LatencyTracker();
	private readonly queue: Array<{ first: boolean; wake: () => void }> = [];

	constructor(
		ceiling: number,
		initial = INITIAL_WINDOW,
		private readonly quota = new Quota(),
	) {
		this.ceiling = ceiling;
		this.size = Math.max(1, Math.min(ceiling, initial));
	}

	/**
	 * Waits for a place in the window and for the quota, then takes the place: the request may be
	 * sent. A request sent again (`turn.first`) goes before new ones, and so does a request whose
	 * turn came in the queue if a hold that began meanwhile, or a window that shrank, sends it back:
	 * no request but the probe starts during a hold. Once the turn's signal has fired (the execution
	 * or the run stopped) the request leaves the queue and fails with the signal's reason, unsent.
	 */
	async enter(turn: Turn): Promise<Ticket> {
		let ticket: Ticket | undefined;
		try {
			ticket = await this.takePlace(turn);
			return ticket;
		} finally {
			// A request that gives up (its quota wait too long, the execution stopped) may have been
			// woken for a place it will not take: the next request in the queue takes it.
			if (ticket === undefined) this.wakeNext();
		}
	}

	private async takePlace(turn: Turn): Promise<Ticket> {
		let ahead = turn.first;
		for (;;) {
			turn.signal?.throwIfAborted();
			if (await this.waitForQuota(turn)) continue;
			if (this.inFlight >= this.size || (!ahead && this.queue.length > 0)) {
				await this.turn(ahead, turn.signal);
				ahead = true;
				continue;
			}
			this.inFlight += 1;
			await this.pace();
			// A hold that began while this request was paced holds it too, and a stop ends it.
			if (this.quota.holdMs(clock().now()) === 0 && !this.quota.probing && !turn.signal?.aborted)
				break;
			this.inFlight -= 1;
			this.wakeNext();
			ahead = true;
		}
		return { sentAt: clock().now(), generation: this.generation, probe: this.quota.admit() };
	}

	/**
	 * Frees the request's place; the window, then the run's quota, learn from its answer (none: a
	 * network failure, which says nothing about load). After a failed answer (an error status other
	 * than 429, or none) what it tells the quota (others may wait for it: a probe's answer) and its
	 * place are handed on in the next turn of the event loop. The failure may end its item and,
	 * without Continue On Fail, the run: the router stops the run as the error reaches it, which for
	 * an answer read at once is within this turn, so no request waiting here starts after the node
	 * has failed.
	 */
	leave(ticket: Ticket, verdict: Verdict | undefined): void {
		this.inFlight -= 1;
		const now = clock().now();
		if (verdict !== undefined) this.resize(ticket, verdict, now);
		// A 5xx with Retry-After holds every request until that time.
		if (verdict && verdict.status >= 500 && verdict.retryAfterMs !== undefined)
			this.quota.holdFor(verdict.retryAfterMs, now);
		const failed = verdict === undefined || (verdict.status >= 400 && verdict.status !== 429);
		if (!failed) {
			this.quota.learn(ticket.sentAt, ticket.probe, verdict, now);
			this.wakeNext();
			return;
		}
		void clock()
			.sleep(0)
			.then(() => {
				this.quota.learn(ticket.sentAt, ticket.probe, verdict, now);
				this.wakeNext();
			});
	}

	/**
	 * What an answer tells the window of its size. A 429 halves it (once per burst), or keeps it
	 * when the wait is the back-off (a limit on requests in flight refuses the excess); a 5xx
	 * halves it (once per burst); a success may grow it (`answered`).
	 */
	private resize(ticket: Ticket, verdict: Verdict, now: number): void {
		const sameBurst = ticket.generation === this.generation;
		if (verdict.status === 429) {
			if (sameBurst)
				if (this.waitIsTheBackOff(verdict.retryAfterMs)) this.keepSize();
				else this.halve();
			return;
		}
		this.takenSinceRefusal += 1;
		if (verdict.status < 500) this.answered(ticket.generation, now - ticket.sentAt);
		else if (sameBurst) this.halve();
	}

	/**
	 * Waits out a quota hold, or a probe's answer. Returns whether it waited (the caller looks
	 * again); throws QuotaWaitTooLong when the hold would end after the request's Max Quota Wait.
	 */
	private async waitForQuota(turn: Turn): Promise<boolean> {
		const now = clock().now();
		const hold = this.quota.holdMs(now);
		// Max Quota Wait 0: a refused request fails, even when the platform asked for no wait.
		if (turn.first && turn.maxQuotaWaitMs === 0) throw new QuotaWaitTooLong(0, hold);
		if (hold === 0 && !this.quota.probing) return false;
		turn.quotaWaitSince ??= now;
		const waited = now - turn.quotaWaitSince;
		if (waited + hold > turn.maxQuotaWaitMs) throw new QuotaWaitTooLong(waited, hold);
		if (hold > 0) await clock().sleep(Math.ceil(hold), turn.signal);
		else await this.quota.probeAnswered();
		return true;
	}

	/**
	 * Waits in the queue until a place is freed for this request (`ahead`: before the new requests
	 * waiting), or until `signal` fires: then it leaves the queue, and no freed place is spent on it.
	 */
	private turn(ahead: boolean, signal?: AbortSignal): Promise<void> {
		return new Promise<void>((resolve) => {
			if (signal?.aborted) return resolve();
			const stopped = () => {
				const at = this.queue.indexOf(entry);
				if (at >= 0) this.queue.splice(at, 1);
				resolve();
			};
			const entry = {
				first: ahead,
				wake: () => {
					signal?.removeEventListener('abort', stopped);
					resolve();
				},
			};
			signal?.addEventListener('abort', stopped, { once: true });
			const firstNew = this.queue.findIndex((waiting) => !waiting.first);
			if (ahead && firstNew >= 0) this.queue.splice(firstNew, 0, entry);
			else this.queue.push(entry);
		});
	}

	/**
	 * After slow start, requests are spread over a round (the expected response time divided by the
	 * window, sent PACING_GAIN times as fast), as TCP paces its segments: a window released at once
	 * (as one burst's answers come back together) reaches the platform as one burst and is refused
	 * above its limit even when the window as a whole is within it.
	 */
	private async pace(): Promise<void> {
		if (this.slowStart) return;
		const now = clock().now();
		const start = Math.max(now, this.nextStartAt);
		this.nextStartAt = start + this.latency.expectedMs / (this.size * PACING_GAIN);
		if (start > now) await clock().sleep(Math.ceil(start - now));
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
	 * the best seen by more than noise (LatencyTracker `rising`): the platform has begun to queue, and one
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
	 * binary search and max probing). A halving then costs a few rounds, not dozens.
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
	 * Whether a 429's Retry-After is itself the back-off, so that the window is kept: a wait long
	 * against the response time (LONG_WAIT_FACTOR of it) is a limit per period (a second, a minute),
	 * which takes the whole window again once the wait is over; halving on top of it would leave part
	 * of the next period unused. A kept window must then be taken whole before the next refusal: if
	 * not, the limit is one on requests in flight that answers with long waits, and every later
	 * refusal of the run halves.
	 */
	private waitIsTheBackOff(retryAfterMs: number | undefined): boolean {
		if (this.keptAtLastRefusal && this.takenSinceRefusal < this.size)
			this.waitsAreTheBackOff = false;
		const expectedMs = this.latency.expectedMs;
		return (
			this.waitsAreTheBackOff &&
			retryAfterMs !== undefined &&
			expectedMs > 0 &&
			retryAfterMs > LONG_WAIT_FACTOR * expectedMs
		);
	}

	/** Ends the burst (its other refusals change nothing) and slow start, without shrinking the window. */
	private keepSize(): void {
		this.keptAtLastRefusal = true;
		this.takenSinceRefusal = 0;
		this.sizeAtCongestion = this.size;
		this.probeStep = 1;
		this.probed = 0;
		this.slowStart = false;
		this.successes = 0;
		this.slowAnswers = 0;
		this.generation += 1;
	}

	private halve(): void {
		this.keptAtLastRefusal = false;
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

/**
 * How much longer than the best seen a smoothed response time may be before it counts as
 * congestion: more than this factor, and more than LATENCY_SLACK_MS above it. Below 2, so that
 * the window stops growing before the smoothed time (which lags) shows the platform twice as slow.
 */
const LATENCY_FACTOR = 1.5;
/**
 * Below this the difference is noise (a busy event loop, one slow row), not a queue at the
 * platform: without it a platform answering in 2 ms would look congested at 5 ms.
 */
const LATENCY_SLACK_MS = 50;
/** Weight of a new sample in the smoothed response time (TCP's 1/8). */
const SMOOTHING = 1 / 8;
/**
 * How much longer than the best seen one answer may be, while the window still doubles, before it
 * counts as the first sign of a queue (more than this factor and more than RISING_SLACK_MS above
 * the best). Much lower than LATENCY_FACTOR: it only ends the doubling (slow start hands over to
 * additive growth, as TCP's HyStart does on a rising delay), it shrinks nothing, and a window that
 * doubles overshoots by a whole round when it waits for the smoothed time.
 */
const RISING_FACTOR = 1.15;
const RISING_SLACK_MS = 20;

/**
 * Response times of the successful requests through one congestion window: the best seen and a
 * smoothed average. When the platform queues requests its answers come later and later, before it
 * answers 429 or 5xx (if it ever does): `climbing` says so.
 */
class LatencyTracker {
	private best = Infinity;
	private smoothed: number | undefined;

	record(ms: number): void {
		this.best = Math.min(this.best, ms);
		this.smoothed =
			this.smoothed === undefined ? ms : this.smoothed + (ms - this.smoothed) * SMOOTHING;
	}

	/** Forgets the smoothed response time (the best seen stays): after the window shrank, answers are judged afresh. */
	restart(): void {
		this.smoothed = undefined;
	}

	/** The response time to expect now: the smoothed one, else the best seen, else 0 (none yet). */
	get expectedMs(): number {
		return this.smoothed ?? (this.best === Infinity ? 0 : this.best);
	}

	/** Whether the smoothed response time is well above the best seen: the platform stays slower. */
	get climbing(): boolean {
		return this.smoothed !== undefined && this.wellAboveBest(this.smoothed);
	}

	/** Whether one response time is above the best seen by more than noise: a queue may be forming. */
	rising(ms: number): boolean {
		return ms > this.best * RISING_FACTOR && ms - this.best > RISING_SLACK_MS;
	}

	/** Whether one response time is well above the best seen. */
	wellAboveBest(ms: number): boolean {
		return ms > this.best * LATENCY_FACTOR && ms - this.best > LATENCY_SLACK_MS;
	}
}
