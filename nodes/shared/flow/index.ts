/**
 * Flow control: how many requests of a run are in flight, when the company's quota lets the next
 * one go, and how long a request waits. One door: the transport asks a window for a turn before
 * each attempt (`enter`) and tells it how the attempt ended (`leave`); the router opens the run's
 * window for Options > Concurrency (`openRunWindow`), the list reader one for the pages it reads
 * ahead (`openWindow`). Every window of a run shares the run's quota (runState.ts), and all time
 * goes through one clock (clock.ts).
 */
import { CongestionWindow } from './congestion';
import { runState } from './runState';
import type { Throttle } from './types';

export type { Clock } from './clock';
export { clock, systemClock, useClock } from './clock';
export { CongestionWindow, QuotaWaitTooLong } from './congestion';
export { FIRST_PROBE_MS, MAX_PROBE_MS } from './quota';
export type { RunState } from './runState';
export type { Throttle, Ticket, Turn, Verdict } from './types';
export { RunStopped, runMemo, runState, runWindow, stopRun } from './runState';

/** A window of at most `ceiling` requests in flight, starting at `initial`, under the run's quota. */
export function openWindow(ctx: object, ceiling: number, initial: number): Throttle {
	return new CongestionWindow(ceiling, initial, runState(ctx).quota);
}

/** Makes a window of `ceiling` the one every request of the run waits in (Options > Concurrency). */
export function openRunWindow(ctx: object, ceiling: number, initial: number): void {
	runState(ctx).throttle = openWindow(ctx, ceiling, initial);
}
