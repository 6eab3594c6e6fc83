/**
 * Counts requests in flight at the platform double while its real routes answer them (so the
 * request's shape is still checked): each matching request is held `delay(request)` ms first.
 */
import type { Platform, RecordedRequest } from './platform.ts';
import { harnessClock } from './clock.ts';

export interface InFlight {
	current: number;
	max: number;
	/** Paths in the order their answers were given. */
	order: string[];
	/** Keys (see `key`) that had a second request arrive while one was in flight. */
	overlaps: string[];
	/** Requests in flight per key. */
	perKey: Map<string, number>;
}

export function newInFlight(): InFlight {
	return { current: 0, max: 0, order: [], overlaps: [], perKey: new Map() };
}

export function holdRequests(
	platform: Platform,
	method: string,
	path: RegExp,
	options: {
		times: number;
		delay: (request: RecordedRequest) => number;
		key?: (request: RecordedRequest) => string;
		/** Hold the first `gate` requests until all of them have arrived (see `arrivalGate`). */
		gate?: number;
	},
	state: InFlight = newInFlight(),
): InFlight {
	const { perKey } = state;
	const gate = arrivalGate(options.gate ?? 0);
	platform.script(
		method,
		path,
		async (request, _params, p) => {
			const key = options.key?.(request);
			if (key !== undefined) {
				if ((perKey.get(key) ?? 0) > 0) state.overlaps.push(key);
				perKey.set(key, (perKey.get(key) ?? 0) + 1);
			}
			state.current += 1;
			state.max = Math.max(state.max, state.current);
			await gate();
			await harnessClock.sleep(options.delay(request));
			state.current -= 1;
			if (key !== undefined) perKey.set(key, perKey.get(key)! - 1);
			state.order.push(request.path);
			return await p.routed(request);
		},
		options.times,
	);
	return state;
}

/** Item `index` of `count` answers sooner the later it comes, so answers arrive out of input order (held long enough for a loaded machine to start the others). */
export const reversed = (count: number, index: number): number => 20 + (count - index) * 10;

/**
 * The first `count` callers wait until `count` have called (or `GATE_LIMIT_MS` has passed since the first), so a
 * test that expects N in flight sees N however slowly a loaded machine sends them; later callers
 * pass at once. A client that never reaches N in flight is released by the limit and the test's
 * count fails.
 */
export function arrivalGate(count: number): () => Promise<void> {
	let arrived = 0;
	let open: () => void = () => {};
	const opened = new Promise<void>((resolve) => (open = resolve));
	return async () => {
		arrived += 1;
		if (arrived === 1) setTimeout(open, GATE_LIMIT_MS).unref();
		if (arrived >= count) open();
		if (arrived <= count) await opened;
	};
}

const GATE_LIMIT_MS = 3_000;
