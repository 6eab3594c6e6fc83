import type { Throttle } from './index';

/**
 * What one run of a node shares between its items and requests, and nothing beyond the run. It is
 * kept by the run's context object: n8n makes a new one for every run of a node (in the main
 * process and in each queue-mode worker alike), so the state is dropped with the run and never seen
 * by another execution. A trigger's poll and a picker's call each get their own.
 */
export interface RunState {
	/** The congestion window every request of the run waits in (the router's, under Options > Concurrency above 1). */
	throttle?: Throttle;
	/** Whether the platform refused a page above the safe size in this run: later lists ask for the safe size. */
	largePagesRefused: boolean;
	/** Reads an operation makes once per run and shares between its items, by name. */
	readonly memos: Map<string, unknown>;
}

const runs = new WeakMap<object, RunState>();

/** The state of the run `ctx` belongs to, made on first use. */
export function runState(ctx: object): RunState {
	let state = runs.get(ctx);
	if (!state) {
		state = { largePagesRefused: false, memos: new Map() };
		runs.set(ctx, state);
	}
	return state;
}

/** The run's memo `name`: made by `create` the first time an item of the run asks for it. */
export function runMemo<T>(ctx: object, name: string, create: () => T): T {
	const { memos } = runState(ctx);
	if (!memos.has(name)) memos.set(name, create());
	return memos.get(name) as T;
}
