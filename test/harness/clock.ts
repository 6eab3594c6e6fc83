/**
 * A virtual clock for the nodes (nodes/shared/flow/clock.ts) and the doubles: waits, deadlines
 * and the time move on a virtual timeline, so that backoffs, quota holds, windows and polls take
 * no real time, and a seeded jitter makes every run the same.
 *
 * Time stands still while anything real is under way and jumps to the next wait's end once the
 * process is quiet for QUIET_TURNS turns of the event loop: nothing asked the clock anything, no
 * file or name look-up is pending, and no connection is open but those of requests a double holds
 * in a wait on this clock (a slow answer, a dripping body: two sockets each, the client's and the
 * server's, as both ends live in this process). So a wait ends after everything that would have
 * happened before it in real time, and a response time is measured in virtual time.
 *
 * Use it in a suite with `useVirtualClock()`; `harnessClock` is what the doubles read, the
 * virtual clock while one is installed and the system's otherwise.
 */
import path from 'node:path';
import type { Clock } from '../../nodes/shared/flow/clock';

/** Event-loop turns without activity after which the clock moves to the next wait's end. */
const QUIET_TURNS = 8;
/** Where virtual time starts: a fixed instant, so that dates in a run are the same every time. */
export const VIRTUAL_EPOCH = Date.UTC(2026, 10, 28, 9, 0, 0);
/** The default seed of the jitter; `CLOCK_SEED` changes it. */
export const CLOCK_SEED = Number(process.env.CLOCK_SEED ?? 20261128);

interface Timer {
	at: number;
	order: number;
	fire: () => void;
	cancelled: boolean;
}

/** Mulberry32: a small seeded generator, enough for jitter. */
export function seededRandom(seed: number): () => number {
	let state = seed >>> 0;
	return () => {
		state = (state + 0x6d2b79f5) >>> 0;
		let t = state;
		t = Math.imul(t ^ (t >>> 15), t | 1);
		t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
		return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
	};
}

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));
/** The next turn of the event loop's timers (1 ms at the soonest). */
const nextTick = () => new Promise<void>((resolve) => setTimeout(resolve, 1));

/** Resources of real work under way: open connections and pending file and name look-ups. */
const REAL_WORK = new Set([
	'TCPSocketWrap',
	'TCPWRAP',
	'TLSWrap',
	'GetAddrInfoReqWrap',
	'FSReqCallback',
	'FSReqPromise',
	'ZlibWrap',
]);

function realWork(): number {
	let count = 0;
	for (const resource of process.getActiveResourcesInfo()) if (REAL_WORK.has(resource)) count += 1;
	return count;
}

export class VirtualClock implements Clock {
	private time = VIRTUAL_EPOCH;
	private readonly timers: Timer[] = [];
	private order = 0;
	private activity = 0;
	/** Waits the doubles are in while they serve a request. */
	private parked = 0;
	private pumping = false;
	private stopped = false;
	private frozen = false;
	private thaw: () => void = () => undefined;
	readonly random: () => number;
	/** Real milliseconds spent and virtual milliseconds passed, for a suite that wants to show them. */
	readonly startedAt = Date.now();

	constructor(seed = CLOCK_SEED) {
		this.random = seededRandom(seed);
	}

	now(): number {
		this.activity += 1;
		return this.time;
	}

	/** A double received a request. */
	touch(): void {
		this.activity += 1;
	}

	/** A double's wait while it serves a request: time may move on during it. */
	async park(ms: number): Promise<void> {
		this.parked += 1;
		try {
			await this.sleep(ms);
		} finally {
			this.parked -= 1;
			this.activity += 1;
		}
	}

	sleep(ms: number, signal?: AbortSignal): Promise<void> {
		return new Promise<void>((resolve, reject) => {
			if (signal?.aborted) {
				reject(signal.reason ?? new Error('aborted'));
				return;
			}
			const timer = this.at(this.time + Math.max(0, ms), () => {
				signal?.removeEventListener('abort', onAbort);
				resolve();
			});
			const onAbort = () => {
				timer.cancelled = true;
				reject(signal!.reason ?? new Error('aborted'));
			};
			signal?.addEventListener('abort', onAbort, { once: true });
		});
	}

	deadline(ms: number): AbortSignal {
		const controller = new AbortController();
		this.at(this.time + Math.max(0, ms), () =>
			controller.abort(
				new DOMException('The operation was aborted due to timeout', 'TimeoutError'),
			),
		);
		return controller.signal;
	}

	/** Virtual milliseconds since the clock was made. */
	get elapsed(): number {
		return this.time - VIRTUAL_EPOCH;
	}

	/** Stops time where it is until `unfreeze`: a test that acts while the nodes wait (stopping an execution mid-wait). */
	freeze(): void {
		this.frozen = true;
	}

	unfreeze(): void {
		this.frozen = false;
		this.thaw();
	}

	/** Ends the clock: pending waits never end (the suite is over). */
	stop(): void {
		this.stopped = true;
		this.timers.length = 0;
	}

	private at(at: number, fire: () => void): Timer {
		this.activity += 1;
		const timer: Timer = { at, order: this.order++, fire, cancelled: false };
		// Sorted by time, then by the order the waits began (a binary search keeps it cheap).
		let low = 0;
		let high = this.timers.length;
		while (low < high) {
			const middle = (low + high) >>> 1;
			if (this.timers[middle].at <= at) low = middle + 1;
			else high = middle;
		}
		this.timers.splice(low, 0, timer);
		if (!this.pumping) {
			this.pumping = true;
			void this.pump();
		}
		return timer;
	}

	private async pump(): Promise<void> {
		while (!this.stopped && this.timers.length > 0) {
			if (this.frozen) await new Promise<void>((resolve) => (this.thaw = resolve));
			await this.quiet();
			if (this.frozen || this.timers.length === 0) continue;
			// Every wait that ends at the same instant ends together, in the order the waits began.
			const at = this.timers[0].at;
			this.time = Math.max(this.time, at);
			while (this.timers.length > 0 && this.timers[0].at === at) {
				const timer = this.timers.shift()!;
				if (!timer.cancelled) timer.fire();
			}
		}
		this.pumping = false;
	}

	private async quiet(): Promise<void> {
		let seen = this.activity;
		let busy = false;
		for (let calm = 0; calm < QUIET_TURNS && !this.stopped; ) {
			// While real work is under way, look again after a timer tick rather than at every turn
			// of the event loop: the check would otherwise take the CPU the work needs.
			await (busy ? nextTick() : nextTurn());
			busy = realWork() > 2 * this.parked;
			if (this.activity === seen && !busy) calm += 1;
			else {
				seen = this.activity;
				calm = 0;
			}
		}
	}
}

/** The nodes' clock module, as the engine loaded it from dist/ (the same instance the nodes use). */
function distClock(): { useClock(clock: Clock): () => void } {
	return jest.requireActual(path.resolve(__dirname, '../../dist/nodes/shared/flow/clock.js'));
}

let installed: VirtualClock | undefined;

/** The clock the doubles read: the suite's virtual clock, else the system's time and real waits. */
export const harnessClock = {
	now: (): number => (installed ? installed.now() : Date.now()),
	/** A double's wait while it serves a request (a slow answer, a drip). */
	sleep: (ms: number): Promise<void> =>
		installed ? installed.park(ms) : new Promise((resolve) => setTimeout(resolve, ms)),
	/** A double received a request. */
	touch: (): void => installed?.touch(),
};

let suiteClock: (() => VirtualClock) | undefined;

/**
 * Runs every test of the suite on a fresh virtual clock (seeded with CLOCK_SEED): the nodes' waits,
 * deadlines and jitter and the doubles' time. The suite's `beforeAll` blocks get one too. Every
 * suite that uses the platform double gets it (usePlatform); a second call in a suite changes
 * nothing. Returns a getter for the clock in use.
 */
export function useVirtualClock(seed = CLOCK_SEED): () => VirtualClock {
	if (suiteClock) return suiteClock;
	let restore: (() => void) | undefined;
	const uninstall = () => {
		restore?.();
		restore = undefined;
		installed?.stop();
		installed = undefined;
	};
	const install = () => {
		uninstall();
		installed = new VirtualClock(seed);
		restore = distClock().useClock(installed);
	};
	beforeAll(install);
	beforeEach(install);
	afterAll(uninstall);
	suiteClock = () => installed!;
	return suiteClock;
}
