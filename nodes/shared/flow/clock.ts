import * as workflow from 'n8n-workflow';

/**
 * Time as flow control, retries, deadlines and the triggers see it: nothing in the package reads
 * the time, sleeps or draws a jitter but through the clock. In n8n it is the system's time and
 * n8n's sleep; a test sets a virtual clock (`useClock`), so that a minute of quota or a chain of
 * backoffs takes no real time and a seeded jitter gives the same run every time.
 */
export interface Clock {
	/** Milliseconds since the epoch, as `Date.now()`. */
	now(): number;
	/** Resolves after `ms`; rejects at once when `signal` fires. */
	sleep(ms: number, signal?: AbortSignal): Promise<void>;
	/** A signal that fires `ms` from now (an attempt's deadline), as `AbortSignal.timeout`. */
	deadline(ms: number): AbortSignal;
	/** A number in [0, 1): the random part of a wait, so that parallel runs do not move in step. */
	random(): number;
}

/** n8n 2.x's `sleep` ends on an abort signal; 1.x's does not, and has `sleepWithAbort` for it. */
const abortableSleep = ((workflow as unknown as { sleepWithAbort?: unknown }).sleepWithAbort ??
	workflow.sleep) as (ms: number, signal?: AbortSignal) => Promise<void>;

export const systemClock: Clock = {
	now: () => Date.now(),
	sleep: abortableSleep,
	deadline: (ms) => AbortSignal.timeout(ms),
	random: () => Math.random(),
};

let current: Clock = systemClock;

/** The clock in use: the system's, unless a test set its own. */
export function clock(): Clock {
	return current;
}

/** Sets the clock every later reading and wait goes through; returns a function that restores the previous one. */
export function useClock(next: Clock): () => void {
	const previous = current;
	current = next;
	return () => {
		current = previous;
	};
}
