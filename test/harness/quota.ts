/**
 * The per-minute quota of web API requests of a SaaS Standard company (the vendor's help page
 * "SaaS Standard limits", elma365.com/en/help/saas-standard-limits.html: 90 a minute, +5 a minute
 * per licence on commercial plans; ../shared/spec/platform-facts.md), as the platform double and
 * the sandbox can apply it.
 *
 * What the vendor documents is the number of requests a minute, nothing else. What this double
 * does beyond that is its own choice, stated here so that tests can rely on it:
 * - **Fixed windows** of `windowMs`, the first one starting at the first request counted after the
 *   quota is set, the next ones following on the same grid (window k covers
 *   [first + k * windowMs, first + (k + 1) * windowMs)), whether or not requests arrive in between.
 *   Not aligned to the wall clock, so the first window is always a whole one and a test's timing
 *   does not depend on when in the minute it starts.
 * - **Every request counts**, refused ones too (as a quota's usually do): a window accepts the
 *   first `perWindow` requests that arrive in it and refuses every later one. Counted are the
 *   requests below the API root (`/pub/v1/...`), whatever their answer would have been (a wrong
 *   key, a bad body); the sandbox's own `/__sandbox/...` routes are not the platform's.
 * - **The refusal**: status 429, the platform's error envelope as its body, and with `retryAfter`
 *   a `Retry-After` header of the seconds to the window's end, rounded up (so a client that waits
 *   it out lands in the next window). The vendor documents neither the status, the headers nor
 *   the body of a refused request: 429 and `Retry-After` are HTTP's (RFC 6585, RFC 9110), the
 *   body is the envelope every other platform error comes in, and `retryAfter: false` is the
 *   platform that sends no hint at all.
 *
 * Written in erasable TypeScript only, as platform.ts is (the sandbox runs it directly).
 */
import type { Reply } from './platform.ts';

export interface QuotaOptions {
	/** Requests accepted per window (a whole number, 0 or more). */
	perWindow: number;
	/** The window's length in milliseconds; 60000 (the vendor's "a minute") when left out. */
	windowMs?: number;
	/** Whether a refusal carries `Retry-After` (seconds to the window's end, rounded up). */
	retryAfter: boolean;
}

export interface QuotaWindow {
	/** The window's number, 0 for the first (windows without any request are not listed). */
	index: number;
	/** When the window started, in milliseconds since the epoch. */
	startedAt: number;
	accepted: number;
	refused: number;
}

export interface QuotaCounts {
	perWindow: number;
	windowMs: number;
	retryAfter: boolean;
	/** Requests counted so far, accepted and refused, over every window. */
	accepted: number;
	refused: number;
	/** Each window that saw a request, in order. */
	windows: QuotaWindow[];
}

/** The default window: the vendor documents its limits per minute. */
export const QUOTA_WINDOW_MS = 60_000;

/** The body of a refused request: the platform's error envelope (its wording is not documented). */
export const QUOTA_ERROR = 'too many requests';

function wholeNumber(value: unknown, minimum: number): value is number {
	return typeof value === 'number' && Number.isInteger(value) && value >= minimum;
}

/** The options checked and completed; throws a readable error on a wrong one. */
export function quotaOptions(options: QuotaOptions): Required<QuotaOptions> {
	const windowMs = options.windowMs ?? QUOTA_WINDOW_MS;
	if (!wholeNumber(options.perWindow, 0))
		throw new Error(`quota: perWindow must be a whole number >= 0, not ${options.perWindow}`);
	if (!wholeNumber(windowMs, 1))
		throw new Error(`quota: windowMs must be a whole number of milliseconds >= 1, not ${windowMs}`);
	if (typeof options.retryAfter !== 'boolean')
		throw new Error(`quota: retryAfter must be true or false, not ${String(options.retryAfter)}`);
	return { perWindow: options.perWindow, windowMs, retryAfter: options.retryAfter };
}

/** One quota's counter: call `admit` for every request it counts, in arrival order. */
export class RequestQuota {
	readonly options: Required<QuotaOptions>;
	private first: number | undefined;
	private readonly windows: QuotaWindow[] = [];

	constructor(options: QuotaOptions) {
		this.options = quotaOptions(options);
	}

	/** Counts a request arriving at `now`: undefined when the window accepts it, else the 429 to answer. */
	admit(now: number): Reply | undefined {
		const { perWindow, windowMs, retryAfter } = this.options;
		this.first ??= now;
		const index = Math.floor((now - this.first) / windowMs);
		let window = this.windows.at(-1);
		if (window?.index !== index) {
			window = { index, startedAt: this.first + index * windowMs, accepted: 0, refused: 0 };
			this.windows.push(window);
		}
		if (window.accepted < perWindow) {
			window.accepted += 1;
			return undefined;
		}
		window.refused += 1;
		const secondsLeft = Math.ceil((window.startedAt + windowMs - now) / 1000);
		return {
			status: 429,
			headers: retryAfter ? { 'retry-after': String(secondsLeft) } : {},
			body: { success: false, error: QUOTA_ERROR },
		};
	}

	counts(): QuotaCounts {
		const windows = this.windows.map((window) => ({ ...window }));
		const sum = (key: 'accepted' | 'refused') =>
			windows.reduce((total, window) => total + window[key], 0);
		return { ...this.options, accepted: sum('accepted'), refused: sum('refused'), windows };
	}
}
