import { CongestionWindow, QuotaWaitTooLong } from '../../nodes/shared/flow/congestion';
import { FIRST_PROBE_MS, MAX_PROBE_MS } from '../../nodes/shared/flow/quota';
import type { Turn, Verdict } from '../../nodes/shared/flow/types';

/**
 * The congestion window and the run's quota (nodes/shared/flow/congestion.ts, quota.ts) on
 * jest's virtual clock, against small models of a company: a quota per fixed period (as the
 * vendor's help documents a per-minute one, "SaaS Standard limits"), with and without
 * Retry-After, and a proxy's limit on requests in flight. Each request reaches the model REACH_MS
 * after it is sent and its answer comes back BACK_MS later; a refused request is sent again, as
 * the transport does, until it is taken. The node-level tests of the same rules are in
 * window.test.ts and test/transport/.
 */
const REACH_MS = 50;
const BACK_MS = 20;
const START = 1_000_000;

interface Send {
	sentAt: number;
	arrivedAt: number;
	status: number;
	probe: boolean;
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function sendAll(
	count: number,
	serve: (now: number) => Verdict,
	{ ceiling = 100, maxQuotaWaitMs = 3_600_000 } = {},
): Promise<{ sends: Send[]; window: CongestionWindow }> {
	const window = new CongestionWindow(ceiling);
	const sends: Send[] = [];
	let next = 0;
	const worker = async () => {
		while (next < count) {
			next += 1;
			const turn: Turn = { first: false, maxQuotaWaitMs };
			for (;;) {
				const ticket = await window.enter(turn);
				await wait(REACH_MS);
				const arrivedAt = Date.now();
				const verdict = serve(arrivedAt);
				await wait(BACK_MS);
				window.leave(ticket, verdict);
				sends.push({
					sentAt: ticket.sentAt,
					arrivedAt,
					status: verdict.status,
					probe: ticket.probe,
				});
				if (verdict.status !== 429) break;
				turn.first = true;
			}
		}
	};
	const done = Promise.all(Array.from({ length: ceiling }, worker));
	await jest.runAllTimersAsync();
	await done;
	return { sends, window };
}

/** `perPeriod` requests per fixed period of `periodMs` from START, refused ones counted too; 429 after that, with the rest of the period (whole seconds, rounded up) when `retryAfter`. */
function quotaPerPeriod(perPeriod: number, periodMs: number, retryAfter: boolean) {
	const used = new Map<number, number>();
	return (now: number): Verdict => {
		const period = Math.floor((now - START) / periodMs);
		const count = (used.get(period) ?? 0) + 1;
		used.set(period, count);
		if (count <= perPeriod) return { status: 200 };
		const rest = START + (period + 1) * periodMs - now;
		return { status: 429, retryAfterMs: retryAfter ? Math.ceil(rest / 1000) * 1000 : undefined };
	};
}

const periodOf = (send: Send, periodMs: number) => Math.floor((send.arrivedAt - START) / periodMs);

function refusedPerPeriod(sends: Send[], periodMs: number): number[] {
	const counts: number[] = [];
	for (const send of sends) {
		const period = periodOf(send, periodMs);
		counts[period] = (counts[period] ?? 0) + (send.status === 429 ? 1 : 0);
	}
	return Array.from(counts, (count) => count ?? 0);
}

beforeEach(() => {
	jest.useFakeTimers({ now: START });
});

afterEach(() => {
	jest.useRealTimers();
});

describe.each([true, false])('a quota of 30 a minute, Retry-After %p', (retryAfter) => {
	const PERIOD = 60_000;
	test('every request is taken once; refusals only while the run learns the quota (the first two minutes), none after; done within one minute of the floor', async () => {
		const count = 200;
		const { sends } = await sendAll(count, quotaPerPeriod(30, PERIOD, retryAfter));
		expect(sends.filter((send) => send.status === 200)).toHaveLength(count);
		const refused = refusedPerPeriod(sends, PERIOD);
		expect(refused.slice(2).every((n) => n === 0)).toBe(true);
		// The floor: 200 at 30 a minute need 7 minutes' allowances, the last one starting at 6 minutes.
		const floor = (Math.ceil(count / 30) - 1) * PERIOD;
		const last = Math.max(...sends.map((send) => send.arrivedAt)) - START;
		expect(last).toBeGreaterThanOrEqual(floor);
		expect(last).toBeLessThan(floor + PERIOD);
	});

	test('during a hold nothing is sent; the probe that ends it goes alone, the others after its answer', async () => {
		const { sends } = await sendAll(120, quotaPerPeriod(30, PERIOD, retryAfter));
		for (const probe of sends.filter((send) => send.probe)) {
			const answeredAt = probe.sentAt + REACH_MS + BACK_MS;
			const meanwhile = sends.filter(
				(send) => send !== probe && send.sentAt > probe.sentAt && send.sentAt < answeredAt,
			);
			expect(meanwhile).toEqual([]);
		}
	});
});

test('without Retry-After, the probes wait 1 s, then twice as long each time up to 16 s', async () => {
	// A company that takes 10 requests, then nothing for 100 s.
	let taken = 0;
	const serve = (now: number): Verdict =>
		now - START < 100_000 && taken >= 10 ? { status: 429 } : (taken++, { status: 200 });
	const { sends } = await sendAll(20, serve, { ceiling: 20 });
	const probes = sends.filter((send) => send.probe).map((send) => send.sentAt);
	const gaps = probes.slice(1).map((at, index) => at - probes[index]);
	const expected = [2, 4, 8, 16, 32, 64].map((n) => Math.min(n * FIRST_PROBE_MS, MAX_PROBE_MS));
	expect(probes[0] - START).toBeGreaterThanOrEqual(FIRST_PROBE_MS);
	for (const [index, gap] of gaps.slice(0, expected.length).entries()) {
		// Each gap is the hold (plus up to 250 ms of jitter) and the refused probe's round trip.
		expect(gap).toBeGreaterThanOrEqual(expected[index]);
		expect(gap).toBeLessThan(expected[index] + 250 + REACH_MS + BACK_MS + 5);
	}
	expect(sends.filter((send) => send.status === 200)).toHaveLength(20);
});

test('a limit of 8 requests in flight answered with a 50 ms Retry-After: every request taken, the window halves towards it, no allowance per period is kept', async () => {
	let inFlight = 0;
	const serve = (): Verdict => {
		if (inFlight >= 8) return { status: 429, retryAfterMs: 50 };
		inFlight += 1;
		setTimeout(() => (inFlight -= 1), BACK_MS - 1);
		return { status: 200 };
	};
	const { sends, window } = await sendAll(400, serve);
	expect(sends.filter((send) => send.status === 200)).toHaveLength(400);
	expect(window.size).toBeLessThan(32);
	// Without a kept allowance, the run takes about as long as its refusals' holds, not periods.
	const last = Math.max(...sends.map((send) => send.arrivedAt)) - START;
	expect(last).toBeLessThan(20_000);
});

test('a hold longer than what is left of Max Quota Wait is refused at once: QuotaWaitTooLong, with the wait so far and the hold', async () => {
	const window = new CongestionWindow(10);
	const turn: Turn = { first: false, maxQuotaWaitMs: 5_000 };
	const ticket = await window.enter(turn);
	window.leave(ticket, { status: 429, retryAfterMs: 4_000 });
	const entered = window.enter({ ...turn, first: true });
	await jest.advanceTimersByTimeAsync(4_300);
	// The hold passed, the probe goes.
	const probe = await entered;
	expect(probe.probe).toBe(true);
	window.leave(probe, { status: 429, retryAfterMs: 4_000 });
	const again: Turn = { first: true, maxQuotaWaitMs: 5_000, quotaWaitSince: START };
	await expect(window.enter(again)).rejects.toBeInstanceOf(QuotaWaitTooLong);
	await expect(window.enter(again)).rejects.toMatchObject({ waitedMs: 4_300 });
});

test('a limit of 100 a second answered with the rest of the second: no probe, the window is kept (the wait is the back-off), the run takes about what the limit imposes', async () => {
	const used = new Map<number, number>();
	const serve = (now: number): Verdict => {
		const second = Math.floor((now - START) / 1000);
		const count = (used.get(second) ?? 0) + 1;
		used.set(second, count);
		return count <= 100
			? { status: 200 }
			: { status: 429, retryAfterMs: START + (second + 1) * 1000 - now };
	};
	const { sends, window } = await sendAll(600, serve);
	expect(sends.filter((send) => send.status === 200)).toHaveLength(600);
	expect(sends.filter((send) => send.probe)).toEqual([]);
	expect(window.size).toBe(100);
	// 600 at 100 a second: the last second's allowance starts at 5 s.
	const last = Math.max(...sends.map((send) => send.arrivedAt)) - START;
	expect(last).toBeGreaterThanOrEqual(5_000);
	expect(last).toBeLessThan(6_000);
});

test('a short Retry-After refused again before the platform took anything is a quota: the next request probes, and holds grow', async () => {
	// A company that answers "come back at once" for 10 s, then takes everything.
	const serve = (now: number): Verdict =>
		now - START < 10_000 ? { status: 429, retryAfterMs: 0 } : { status: 200 };
	const { sends } = await sendAll(20, serve, { ceiling: 20 });
	expect(sends.filter((send) => send.status === 200)).toHaveLength(20);
	const refused = sends.filter((send) => send.status === 429);
	// The first burst (20), the halved window (10) sent again at once, then probes 1, 2, 4 s apart.
	expect(refused.filter((send) => !send.probe)).toHaveLength(30);
	expect(refused.filter((send) => send.probe).length).toBeLessThanOrEqual(4);
});

test('a limit in flight answered with whole seconds: a kept window refused before it was taken whole halves from then on', async () => {
	let inFlight = 0;
	const serve = (): Verdict => {
		if (inFlight >= 8) return { status: 429, retryAfterMs: 1_000 };
		inFlight += 1;
		setTimeout(() => (inFlight -= 1), BACK_MS - 1);
		return { status: 200 };
	};
	const { sends } = await sendAll(400, serve);
	expect(sends.filter((send) => send.status === 200)).toHaveLength(400);
	// Each refusal holds the run a second. Kept on every one, the window would be refused every
	// round after its wait (in this model 224 refusals, 15 s).
	expect(sends.filter((send) => send.status === 429).length).toBeLessThan(100);
	const last = Math.max(...sends.map((send) => send.arrivedAt)) - START;
	expect(last).toBeLessThan(10_000);
});
