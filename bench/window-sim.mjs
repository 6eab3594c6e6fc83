/**
 * `node bench/window-sim.mjs` (after `npm run build`): the congestion window of dist/
 * (`nodes/shared/flow/congestion.js`) against models of the realistic benchmark's platforms,
 * on a virtual clock: no network, no TLS, no engine, no CPU noise, the same figures on every run
 * and a run in under a second. For trying a change to the window's rules before a benchmark run; the
 * benchmark (`npm run bench -- --realistic`) stays the measurement the docs quote.
 *
 * Every request reaches the platform CONNECT ms after it starts (a new TCP connection and TLS
 * handshake, then half a round trip: 125 ms at RTT 50) and its answer comes back RETURN ms after the
 * platform gives it, both with a few milliseconds of seeded jitter. The platforms, as in
 * bench/platform.mjs: `healthy` answers at once; `rate` accepts 100 per second and answers 429 with
 * the rest of the second as Retry-After; `inflight` holds each 100 ms and answers 429 (Retry-After
 * 0.1, or SIM_LIMIT_RETRY_MS) above 20 in flight; `slowing` holds each 100 ms x max(1, in flight / 32).
 * Environment: SIM_ITEMS (200), SIM_CEILING (100), SIM_CONNECT_MS (125), SIM_RETURN_MS (25), SIM_LIMIT_RETRY_MS (100),
 * SIM_PLATFORMS (healthy,rate,inflight,slowing), SIM_TRACE (a platform: print the window every 50 ms).
 *
 * Each platform's second line is the best that a client told the platform in advance could do in
 * this model (`fixed`): a fixed number in flight, started evenly over a response time (the
 * platform's hold included), a refused request sent again after its own Retry-After without
 * holding the others; the best of 10, 20, ... ITEMS in flight (against the slowing platform, the
 * best that keeps its hold below twice the base): about the best to hope for, since a window that
 * starts small and backs off knows less than this client.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ITEMS = Number(process.env.SIM_ITEMS ?? 200);
const CEILING = Number(process.env.SIM_CEILING ?? 100);
const CONNECT_MS = Number(process.env.SIM_CONNECT_MS ?? 125);
const RETURN_MS = Number(process.env.SIM_RETURN_MS ?? 25);
/** The in-flight limited platform's Retry-After (100 ms, as the benchmark's; 1000 for one that answers in whole seconds). */
const LIMIT_RETRY_MS = Number(process.env.SIM_LIMIT_RETRY_MS ?? 100);
const PLATFORMS = (process.env.SIM_PLATFORMS ?? 'healthy,rate,inflight,slowing').split(',');
const TRACE = process.env.SIM_TRACE;

// ---------------------------------------------------------------- the virtual clock

/** Timers by due time; Date.now() is the virtual time, which jumps from one timer to the next. */
const clock = { now: 0, timers: [], sequence: 0 };
const realSetImmediate = setImmediate;
globalThis.setTimeout = (callback, ms = 0, ...args) => {
	// Node runs a timer of under 1 ms after 1 ms: so does the clock.
	const timer = {
		at: clock.now + Math.max(1, Math.ceil(ms)),
		order: clock.sequence++,
		callback,
		args,
	};
	clock.timers.push(timer);
	return { unref: () => timer, ref: () => timer };
};
globalThis.clearTimeout = (handle) => {
	clock.timers = clock.timers.filter((timer) => timer !== handle?.unref?.());
};
Date.now = () => clock.now;

/** Runs timers in time order, letting every promise settle between two, until none is left. */
async function runClock() {
	for (;;) {
		await new Promise((resolve) => realSetImmediate(resolve));
		if (clock.timers.length === 0) return;
		clock.timers.sort((a, b) => a.at - b.at || a.order - b.order);
		const timer = clock.timers.shift();
		clock.now = Math.max(clock.now, timer.at);
		timer.callback(...timer.args);
	}
}

/** A seeded generator in place of Math.random (the window's jitter), so that every run is the same. */
let seed = 1;
Math.random = () => {
	seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
	return seed / 2_147_483_648;
};

const require = createRequire(import.meta.url);
const here = path.dirname(fileURLToPath(import.meta.url));
const { CongestionWindow } = require(path.join(here, '../dist/nodes/shared/flow/congestion.js'));

// ---------------------------------------------------------------- the platforms

const wait = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const jitter = () => (Math.random() - 0.5) * 10;

/** One platform model: `serve` is what it does with a request that has reached it. */
function platform(kind, startedAt) {
	const seen = { refused: 0, current: 0, peak: 0, longestHoldMs: 0, second: -1, used: 0 };
	const accept = async (holdMs) => {
		seen.current += 1;
		seen.peak = Math.max(seen.peak, seen.current);
		seen.longestHoldMs = Math.max(seen.longestHoldMs, holdMs);
		await wait(holdMs);
		seen.current -= 1;
		return { status: 200 };
	};
	const refuse = (retryAfterMs) => {
		seen.refused += 1;
		return { status: 429, retryAfterMs };
	};
	const serve = {
		healthy: () => ({ status: 200 }),
		rate: () => {
			const elapsed = Date.now() - startedAt;
			const second = Math.floor(elapsed / 1000);
			if (second !== seen.second) Object.assign(seen, { second, used: 0 });
			if (seen.used >= 100) return refuse(1000 - (elapsed % 1000));
			seen.used += 1;
			return { status: 200 };
		},
		inflight: () => (seen.current >= 20 ? refuse(LIMIT_RETRY_MS) : accept(100)),
		slowing: () => accept(100 * Math.max(1, (seen.current + 1) / 32)),
	}[kind];
	return { seen, serve };
}

/** What the limit itself imposes on ITEMS requests, where the platform has one. */
const IMPOSED_MS = {
	// As the benchmark counts: the last of ceil(ITEMS / 100) whole-second windows opens this long after the start.
	rate: Math.max(1, Math.ceil(ITEMS / 100) - 1) * 1000,
	inflight: (ITEMS / 20) * 100,
};

/** The platform's own hold of a request it accepts, when few are in flight. */
const HOLD_MS = { healthy: 0, rate: 0, inflight: 100, slowing: 100 };

/**
 * The `fixed` client: `size` in flight, each start at least a response time / `size` after the
 * previous one; a 429 is sent again after its Retry-After while the others go on.
 */
function fixedWindow(kind, size) {
	const spacingMs = (CONNECT_MS + HOLD_MS[kind] + RETURN_MS) / size;
	let nextStartAt = 0;
	return {
		size,
		inFlight: 0,
		async send(send, retryAfterMs) {
			for (;;) {
				const startAt = Math.max(Date.now(), nextStartAt);
				nextStartAt = startAt + spacingMs;
				if (startAt > Date.now()) await wait(startAt - Date.now());
				this.inFlight += 1;
				const answer = await send();
				this.inFlight -= 1;
				if (answer.status !== 429) return answer;
				await wait(retryAfterMs(answer));
			}
		},
	};
}

/** One request through the congestion window, as the transport sends it: a 429 goes again, first, after the quota's hold. */
async function throughWindow(window, request) {
	const turn = { first: false, maxQuotaWaitMs: 3_600_000 };
	for (;;) {
		const ticket = await window.enter(turn);
		const answer = await request();
		window.leave(ticket, { status: answer.status, retryAfterMs: answer.retryAfterMs });
		if (answer.status !== 429) return answer;
		turn.first = true;
	}
}

async function simulate(kind, fixedSize) {
	const startedAt = Date.now();
	const { seen, serve } = platform(kind, startedAt);
	const window = fixedSize ? fixedWindow(kind, fixedSize) : new CongestionWindow(CEILING);
	const places = fixedSize ?? CEILING;
	const request = async () => {
		await wait(CONNECT_MS + jitter());
		const answer = await serve();
		await wait(RETURN_MS + jitter());
		return answer;
	};
	if (TRACE === kind && !fixedSize) {
		const trace = () => {
			console.log(
				`  ${String(Date.now() - startedAt).padStart(5)} ms  window ${window.size}  in flight ${window.inFlight}  at the platform ${seen.current}`,
			);
			if (window.inFlight > 0 || next < ITEMS) setTimeout(trace, 50);
		};
		setTimeout(trace, 0);
	}
	// As the router does: one worker per place up to the ceiling, each taking the next item.
	let next = 0;
	const worker = async () => {
		while (next < ITEMS) {
			next += 1;
			if (fixedSize) await window.send(request, (answer) => answer.retryAfterMs);
			else await throughWindow(window, request);
		}
	};
	const done = Promise.all(Array.from({ length: Math.min(places, ITEMS) }, worker));
	await runClock();
	await done;
	return { ms: Date.now() - startedAt, ...seen };
}

console.log(
	`window simulation: ${ITEMS} requests, ceiling ${CEILING}, ${CONNECT_MS} ms to reach the platform, ${RETURN_MS} ms back`,
);
/** The best `fixed` client for the platform (see the header). */
async function bestFixed(kind) {
	let best;
	for (let size = 10; size <= ITEMS; size += 10) {
		const result = { size, ...(await simulate(kind, size)) };
		if (kind === 'slowing' && result.longestHoldMs >= 2 * HOLD_MS.slowing) continue;
		if (!best || result.ms < best.ms) best = result;
	}
	return best;
}

/** One line of results: time, share of the imposed time, refusals, what the platform saw. */
function line(kind, label, result) {
	const imposed = IMPOSED_MS[kind];
	const parts = [
		`${label.padEnd(18)} ${String(result.ms).padStart(6)} ms`,
		imposed ? `${(result.ms / imposed).toFixed(2)}x of imposed` : '',
		`429s ${result.refused}`,
		kind === 'inflight' || kind === 'slowing' ? `peak ${result.peak} at the platform` : '',
		kind === 'slowing' ? `longest hold ${(result.longestHoldMs / 100).toFixed(2)}x` : '',
	];
	console.log(parts.filter(Boolean).join('  '));
}

// Every window first, then the fixed clients: the seeded jitter gives the window the same draws as before they were added.
const windowResults = [];
for (const kind of PLATFORMS) windowResults.push([kind, await simulate(kind)]);
for (const [kind, result] of windowResults) {
	line(kind, kind, result);
	const best = await bestFixed(kind);
	line(kind, `  fixed ${best.size}`, best);
}
