import { clock } from './clock';
import type { Verdict } from './types';

/**
 * The company's request quota as one run sees it. SaaS Standard companies may make 90 web API
 * requests a minute, plus 5 a minute per licence on commercial plans (help "SaaS Standard limits",
 * elma365.com/en/help/saas-standard-limits.html); the help does not say whether the minute is a
 * fixed or a sliding window, nor what a refused request carries (429, with or without
 * Retry-After). So the run learns it from the answers:
 * - A 429 holds every request of the run, until its Retry-After or, without one, FIRST_PROBE_MS.
 *   Then one request goes alone (a probe); while the platform refuses it, the next hold is twice
 *   as long each time, up to MAX_PROBE_MS (and never shorter than a Retry-After). No request goes
 *   during a hold but the probe, so a hold costs one refused request per probe.
 * - A Retry-After under MIN_PERIOD_MS is a limit per second or on requests in flight, not the
 *   company's minute: it holds the requests without a probe, unless the platform took nothing
 *   since the last such hold (then the short wait was not enough, and the hold is a quota's).
 * - The first request taken after a hold starts a period. When the platform refuses a period, the
 *   requests it took in it are the allowance, and the time to the next period's start its length.
 *   Until then, a period that has sent what the run's first one took sends the rest one at a time.
 *   From then on a period that has sent its allowance holds until the next one begins, before the
 *   platform refuses anything: a long run spends a few refused requests while it learns, and
 *   none after (unless another client spends the quota too, when the run learns again).
 * - A period's first refusal without Retry-After holds at least until the soonest the period can
 *   end (earliestNextPeriod), so that its probes are not spent on the part of it that cannot be over.
 * The windows of one run (the router's, the pager's) share one Quota (runState).
 */

/** The first probe's wait after a 429 without Retry-After; it doubles with every refused probe. */
export const FIRST_PROBE_MS = 1_000;
/** The longest wait between two probes, so that a new period is found within this of its start. */
export const MAX_PROBE_MS = 16_000;
/**
 * The shortest period (and first hold) whose counts are kept: shorter ones are a limit on requests
 * in flight answered with a short Retry-After (a proxy's), which the window's halving meets.
 */
export const MIN_PERIOD_MS = 2_000;
/** Largest random wait added to a hold, so that the runs of one company do not come back together. */
const MAX_JITTER_MS = 250;

export class Quota {
	/** No request but a probe is sent before this. */
	heldUntil = 0;
	/** Whether the next request to go is a probe (a hold ended), and whether one is on its way. */
	private probeDue = false;
	private probeSent = false;
	/** What the request sent alone is for: to end a hold, or to go past the first period's count one at a time. */
	private probeEndsHold = true;
	private readonly probeWaiters: Array<() => void> = [];
	private probeGapMs = FIRST_PROBE_MS;
	/** When the current period started (the first request taken after a hold); undefined before the first hold. */
	private periodStart?: number;
	/** The length of a period and the requests it takes, once learned. */
	private periodMs?: number;
	private allowance?: number;
	/**
	 * What the run's first period took before it was refused. That period may have begun before the
	 * run, so it is a floor of the allowance, not the allowance: while none is learned, a period
	 * that has sent as many sends the rest one at a time, and the platform refuses one, not a burst.
	 */
	private firstCount?: number;
	/** Requests sent in the current period, and those of them the platform took. */
	private sent = 0;
	private taken = 0;
	/** Whether the current period has been refused already (its later 429s change nothing), and when it first was. */
	private refusedInPeriod = false;
	private refusedAt = 0;
	/** Whether the platform took a request since the last hold for a short Retry-After (under MIN_PERIOD_MS). */
	private takenSinceShortHold = true;
	/** When the run's first answered request was sent, and the last refused one of each period so far. */
	private runStart?: number;
	private lastRefusedSentAt?: number;
	/** The previous period's last refusal: the period after it began later than this. */
	private previousLastRefusal?: number;
	/** A floor of the period's length: the run's first period lasted at least from the run's start to its last refusal. */
	private minPeriodMs?: number;

	/** How long a request must still wait before it may go (0: it may, or it is the probe's turn). */
	holdMs(now: number): number {
		if (
			!this.probeDue &&
			this.periodStart !== undefined &&
			this.sent >= (this.allowance ?? Infinity)
		)
			// The period has sent what the last one took: wait for the next one instead of being refused.
			this.holdUntil(this.periodStart + this.periodMs!);
		return Math.max(0, this.heldUntil - now);
	}

	/** Whether a probe is on its way: the other requests wait for its answer. */
	get probing(): boolean {
		return this.probeSent;
	}

	/** Resolves when the probe on its way has been answered. */
	probeAnswered(): Promise<void> {
		return new Promise((resolve) => this.probeWaiters.push(resolve));
	}

	/** A request goes now: returns whether it goes alone (a probe), the others waiting for its answer. */
	admit(): boolean {
		this.sent += 1;
		const pastFirstCount =
			this.allowance === undefined &&
			this.firstCount !== undefined &&
			this.periodStart !== undefined &&
			!this.refusedInPeriod &&
			this.sent > this.firstCount;
		if (!this.probeDue && !pastFirstCount) return false;
		this.probeEndsHold = this.probeDue;
		this.probeDue = false;
		this.probeSent = true;
		return true;
	}

	/** What the answer to a request sent at `sentAt` tells the quota: none came, refused (429), or taken. */
	learn(sentAt: number, probe: boolean, verdict: Verdict | undefined, now: number): void {
		this.runStart = Math.min(this.runStart ?? sentAt, sentAt);
		if (verdict === undefined) this.unanswered(probe);
		else if (verdict.status === 429) this.refused(sentAt, probe, verdict.retryAfterMs, now);
		else this.accepted(sentAt, probe);
	}

	/** A request sent at `sentAt` was taken (any answer but 429). */
	private accepted(sentAt: number, probe: boolean): void {
		this.takenSinceShortHold = true;
		if (probe && this.probeEndsHold) this.startPeriod(sentAt);
		else if (this.periodStart === undefined || sentAt >= this.periodStart) this.taken += 1;
		if (probe && !this.probeEndsHold) {
			this.probeSent = false;
			this.wakeProbeWaiters();
		}
	}

	/** A request got no answer: if it was the probe, the next request probes instead. */
	private unanswered(probe: boolean): void {
		if (!probe) return;
		this.probeSent = false;
		this.probeDue = this.probeEndsHold;
		this.wakeProbeWaiters();
	}

	/** A request was refused for the quota (429), asking to wait `retryAfterMs` if it said. */
	private refused(
		sentAt: number,
		probe: boolean,
		retryAfterMs: number | undefined,
		now: number,
	): void {
		if (probe) {
			this.probeSent = false;
			this.wakeProbeWaiters();
			// One sent alone past the first period's count is the period's first refusal, not a probe's.
			if (!this.probeEndsHold) probe = false;
		} else if (this.refusedInPeriod || sentAt < this.heldUntil) {
			// Another answer of the burst the first 429 already held.
			return;
		}
		if (
			!probe &&
			retryAfterMs !== undefined &&
			retryAfterMs < MIN_PERIOD_MS &&
			this.takenSinceShortHold
		) {
			// A limit per second or on requests in flight, not the company's quota: the requests wait
			// out its Retry-After and go on without a probe. Refused again before the platform took
			// anything, the short wait was not enough, and the hold is a quota's.
			this.takenSinceShortHold = false;
			this.heldUntil = Math.max(this.heldUntil, now + retryAfterMs);
			return;
		}
		const firstRefusal = !this.refusedInPeriod;
		if (firstRefusal) this.refusedAt = now;
		this.refusedInPeriod = true;
		this.lastRefusedSentAt = Math.max(this.lastRefusedSentAt ?? sentAt, sentAt);
		// A probe refused after the wait asked for: the platform's word was not enough, wait longer each time.
		const probeGap = retryAfterMs === undefined || probe ? this.nextProbeGap(probe) : 0;
		const wait = Math.max(retryAfterMs ?? 0, probeGap);
		// Without the platform's word, no probe before the period can be over.
		const soonest = firstRefusal && retryAfterMs === undefined ? this.earliestNextPeriod() : 0;
		this.holdUntil(Math.max(now + wait, soonest), true);
	}

	/** A hold of `ms` that another answer asked for (a 5xx with Retry-After), ended by a probe like a quota's. */
	holdFor(ms: number, now: number): void {
		this.holdUntil(now + ms, true);
	}

	private holdUntil(until: number, force = false): void {
		if (!force && until <= this.heldUntil) return;
		this.heldUntil = until + clock().random() * MAX_JITTER_MS;
		this.probeDue = true;
	}

	/**
	 * The soonest the next period can begin, while its length is not learned: this period began after
	 * the previous one's last refusal and lasts at least minPeriodMs. Probing before it would only be
	 * refused (without Retry-After, the probes' doubling gaps would spend several requests on it).
	 */
	private earliestNextPeriod(): number {
		if (this.previousLastRefusal === undefined || this.minPeriodMs === undefined) return 0;
		return this.previousLastRefusal + this.minPeriodMs;
	}

	private nextProbeGap(probe: boolean): number {
		if (!probe) this.probeGapMs = FIRST_PROBE_MS;
		const gap = this.probeGapMs;
		this.probeGapMs = Math.min(MAX_PROBE_MS, this.probeGapMs * 2);
		return gap;
	}

	/**
	 * The probe was taken: a new period began when it was sent. A period the platform refused is
	 * what the quota allows: its length and the requests it took (answers come in after the refusal
	 * too) are the next periods' measure, where it is a period at all (MIN_PERIOD_MS).
	 */
	private startPeriod(sentAt: number): void {
		if (this.periodStart === undefined && sentAt - this.refusedAt >= MIN_PERIOD_MS) {
			this.firstCount = this.taken;
			this.minPeriodMs = this.lastRefusedSentAt! - this.runStart!;
		}
		this.previousLastRefusal = this.lastRefusedSentAt;
		if (this.periodStart !== undefined && this.refusedInPeriod) {
			const periodMs = sentAt - this.periodStart;
			this.periodMs = periodMs;
			this.allowance = periodMs >= MIN_PERIOD_MS ? this.taken : undefined;
			if (this.allowance === undefined) this.firstCount = undefined;
		}
		this.periodStart = sentAt;
		this.sent = 1;
		this.taken = 1;
		this.refusedInPeriod = false;
		this.probeSent = false;
		this.probeGapMs = FIRST_PROBE_MS;
		this.wakeProbeWaiters();
	}

	private wakeProbeWaiters(): void {
		for (const wake of this.probeWaiters.splice(0)) wake();
	}
}
