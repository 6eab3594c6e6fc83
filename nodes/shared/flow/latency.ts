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
export class LatencyTracker {
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
