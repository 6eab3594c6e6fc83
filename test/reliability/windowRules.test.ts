import { CongestionWindow } from '../../nodes/shared/execution/congestion';

/**
 * The congestion window's response to 429s with Retry-After (nodes/shared/execution/congestion.ts),
 * on jest's virtual clock against small platform models: a limit per period (Retry-After is the rest
 * of the period) and a limit in flight that answers with whole seconds. Each request reaches the
 * model REACH_MS after it starts and its answer comes back BACK_MS later; the test reads the
 * window's size just before and just after it takes each burst of refusals. The node-level tests
 * of the same rules are in window.test.ts.
 */
const REACH_MS = 100;
const BACK_MS = 20;

interface Answer {
	status: number;
	retryAfterMs?: number;
}

/** The first refusal of each burst (refusals less than 500 ms apart: the holds in these tests are longer): the window's size before and after it took it. */
interface Burst {
	at: number;
	before: number;
	after: number;
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function sendAll(
	count: number,
	serve: () => Promise<Answer> | Answer,
	starts: number[] = [],
): Promise<Burst[]> {
	const window = new CongestionWindow(100);
	const bursts: Burst[] = [];
	const request = async (): Promise<Answer> => {
		starts.push(Date.now());
		await wait(REACH_MS);
		const answer = await serve();
		await wait(BACK_MS);
		const last = bursts[bursts.length - 1];
		if (answer.status === 429 && (last === undefined || Date.now() - last.at >= 500)) {
			const burst = { at: Date.now(), before: window.size, after: window.size };
			bursts.push(burst);
			// The window takes the answer as soon as this request resolves: read it on the next turn.
			setTimeout(() => (burst.after = window.size), 0);
		}
		return answer;
	};
	let next = 0;
	const worker = async () => {
		while (next < count) {
			next += 1;
			const answer = await window.send(
				request,
				(a) => a.retryAfterMs,
				120_000,
				() => true,
			);
			expect(answer.status).toBe(200);
		}
	};
	const done = Promise.all(Array.from({ length: 100 }, worker));
	await jest.runAllTimersAsync();
	await done;
	return bursts;
}

beforeEach(() => {
	jest.useFakeTimers({ now: 1_000_000 });
});

afterEach(() => {
	jest.useRealTimers();
});

/** 100 requests per second (whole seconds from the start), then 429 with the rest of the second. */
function perSecond(started: number) {
	const period = { index: -1, used: 0 };
	return (): Answer => {
		const elapsed = Date.now() - started;
		const index = Math.floor(elapsed / 1000);
		if (index !== period.index) Object.assign(period, { index, used: 0 });
		if (period.used >= 100) return { status: 429, retryAfterMs: 1000 - (elapsed % 1000) };
		period.used += 1;
		return { status: 200 };
	};
}

test('a limit per period, answered with the rest of the period: every burst of refusals keeps the window (the wait is the back-off)', async () => {
	const bursts = await sendAll(400, perSecond(Date.now()));
	expect(bursts.length).toBeGreaterThanOrEqual(2);
	expect(bursts.map(({ before, after }) => after >= before)).toEqual(bursts.map(() => true));
});

test('after a wait that kept the window, the kept window starts at once when the wait ends, not paced over a round', async () => {
	const started = Date.now();
	const starts: number[] = [];
	const bursts = await sendAll(200, perSecond(started), starts);
	const [first] = bursts;
	expect(first.after).toBe(first.before);
	// The requests that start once the next second has begun: the kept window, all together.
	const afterWait = starts.filter((at) => at >= started + 1000).slice(0, first.before);
	expect(afterWait).toHaveLength(first.before);
	expect(afterWait[afterWait.length - 1] - afterWait[0]).toBeLessThanOrEqual(2);
});

test('a limit in flight answered with whole seconds: a kept window refused again right after its wait halves, and so does every later burst', async () => {
	let inFlight = 0;
	const bursts = await sendAll(600, async () => {
		if (inFlight >= 20) return { status: 429, retryAfterMs: 1000 };
		inFlight += 1;
		await wait(100);
		inFlight -= 1;
		return { status: 200 };
	});
	const kept = bursts.filter(({ before, after }) => after >= before);
	expect(bursts.length).toBeGreaterThanOrEqual(3);
	// At most one burst is taken for a limit per period; the next refusal tells it is not one.
	expect(kept.length).toBeLessThanOrEqual(1);
	const afterKept = bursts.slice(bursts.indexOf(kept[0] ?? bursts[0]) + 1);
	expect(afterKept.map(({ before, after }) => after < before)).toEqual(afterKept.map(() => true));
});

test('the first wait of a limit per period raises the window to what the period took: slow start that ended early on rising response times does not leave the next period to several rounds', async () => {
	const started = Date.now();
	const starts: number[] = [];
	const allow = perSecond(started);
	const bursts = await sendAll(
		200,
		async () => {
			// From the second round on, every answer is 40 ms slower: slow start ends early.
			if (Date.now() - started > REACH_MS + BACK_MS) await wait(40);
			return allow();
		},
		starts,
	);
	const [first] = bursts;
	expect(first.before).toBeLessThan(90);
	expect(first.after).toBeGreaterThanOrEqual(95);
	// The second second's hundred: sent together when the wait ends, not in rounds of the old window.
	const afterWait = starts.filter((at) => at >= started + 1000).slice(0, 95);
	expect(afterWait).toHaveLength(95);
	expect(afterWait[afterWait.length - 1] - afterWait[0]).toBeLessThanOrEqual(2);
});
