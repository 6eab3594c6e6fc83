import { useClock } from '../../nodes/shared/flow/clock';
import { CongestionWindow, QuotaWaitTooLong } from '../../nodes/shared/flow/congestion';
import type { Turn } from '../../nodes/shared/flow/types';
import { VirtualClock } from '../harness/clock';

/**
 * The congestion window's queue (nodes/shared/flow/congestion.ts) on the virtual clock: a request
 * that gives up its wait hands its place on, so no request is left waiting for a place nobody frees.
 */
test('a quota that never ends: every request waiting in the queue fails at its Max Quota Wait, none is left waiting', async () => {
	const clock = new VirtualClock();
	const restore = useClock(clock);
	try {
		const window = new CongestionWindow(3, 3);
		const outcomes: string[] = [];
		// Each request is refused for the quota (Retry-After 1.2 s) until its Max Quota Wait (4 s) ends it.
		const request = async () => {
			const turn: Turn = { first: false, maxQuotaWaitMs: 4000 };
			for (;;) {
				let ticket;
				try {
					ticket = await window.enter(turn);
				} catch (error) {
					outcomes.push(error instanceof QuotaWaitTooLong ? 'quota wait too long' : String(error));
					return;
				}
				await clock.sleep(20);
				window.leave(ticket, { status: 429, retryAfterMs: 1200 });
				turn.first = true;
			}
		};
		await Promise.all([request(), request(), request()]);
		expect(outcomes).toEqual(Array(3).fill('quota wait too long'));
		expect(window.inFlight).toBe(0);
	} finally {
		restore();
		clock.stop();
	}
});
