import { CongestionWindow } from './congestion';
import { Quota } from './quota';
import type { Throttle } from './types';

/**
 * What one run of a node shares between its items and requests, and nothing beyond the run. It is
 * kept by the run's context object: n8n makes a new one for every run of a node (in the main
 * process and in each queue-mode worker alike), so the state is dropped with the run and never seen
 * by another execution. A trigger's poll and a picker's call each get their own.
 */
export interface RunState {
	/** The congestion window every request of the run waits in (the router's under Options > Concurrency above 1, else one of size 1). */
	throttle?: Throttle;
	/** The company's quota as the run has learned it, shared by every window of the run. */
	readonly quota: Quota;
	/** Whether the platform refused a page above the safe size in this run: later lists ask for the safe size. */
	largePagesRefused: boolean;
	/** Reads an operation makes once per run and shares between its items, by name. */
	readonly memos: Map<string, unknown>;
	/**
	 * Set once an item's failure has failed the node (stopRun): no request of the run is sent after
	 * it, and those still waiting (in a window, for the quota, before a retry) give up with it.
	 */
	stopped?: RunStopped;
	/** The stop signals of the run's requests in progress (transport), all aborted by stopRun. */
	readonly requests: Set<AbortController>;
}

/**
 * What a request of a stopped run gets instead of being sent: the node has already failed on
 * another item, whose error is the one reported.
 */
export class RunStopped extends Error {
	constructor() {
		super('ELMA365: not sent, as the node has already failed on another item');
	}
}

const runs = new WeakMap<object, RunState>();

/** The state of the run `ctx` belongs to, made on first use. */
export function runState(ctx: object): RunState {
	let state = runs.get(ctx);
	if (!state) {
		state = {
			quota: new Quota(),
			largePagesRefused: false,
			memos: new Map(),
			requests: new Set(),
		};
		runs.set(ctx, state);
	}
	return state;
}

/** Stops the run of `ctx`: no request of it is sent any more, and those waiting give up (RunState.stopped). */
export function stopRun(ctx: object): void {
	const state = runState(ctx);
	if (state.stopped) return;
	state.stopped = new RunStopped();
	for (const request of state.requests) request.abort(state.stopped);
}

/**
 * Requests in flight at once in a run without the router's window (Concurrency 1, pickers,
 * triggers): as many as it sends, so the window only holds them for the quota and a 5xx.
 */
const RUN_WINDOW_SIZE = 200;

/** The window the run's requests wait in: the router's, or one that lets every request through but for the quota. */
export function runWindow(ctx: object): Throttle {
	const state = runState(ctx);
	state.throttle ??= new CongestionWindow(RUN_WINDOW_SIZE, RUN_WINDOW_SIZE, state.quota);
	return state.throttle;
}

/** The run's memo `name`: made by `create` the first time an item of the run asks for it. */
export function runMemo<T>(ctx: object, name: string, create: () => T): T {
	const { memos } = runState(ctx);
	if (!memos.has(name)) memos.set(name, create());
	return memos.get(name) as T;
}
