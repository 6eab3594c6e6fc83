import { faults, newId, ok } from '../harness/index.ts';
import type { RecordedRequest, Reply } from '../harness/index.ts';
import { jsonOf, pairingOf, usePlatform, byId } from '../harness/setup';
import { MAX_ATTEMPTS } from '../../nodes/shared/transport';
import { harnessClock, useVirtualClock } from '../harness/clock';

/**
 * Congestion control under Options > Concurrency (nodes/shared/flow/congestion.ts), against a double that
 * answers 429 above a fixed rate: no item fails at any setting, the window shrinks instead of
 * hammering the platform, and every case is updated exactly once.
 */
const t = usePlatform();
useVirtualClock();
const CASE_PATH = /^\/pub\/v1\/nomenclature\/[^/]+$/;

/** At most `perWindow` requests per `windowMs`; above that 429 with Retry-After until the window ends. */
function rateLimited(perWindow: number, windowMs: number) {
	const state = { windowStart: 0, used: 0, refused: 0, accepted: [] as string[] };
	const handler = async (request: RecordedRequest): Promise<Reply> => {
		const now = harnessClock.now();
		if (now - state.windowStart >= windowMs) {
			state.windowStart = now;
			state.used = 0;
		}
		if (state.used >= perWindow) {
			state.refused += 1;
			return faults.tooManyRequests(String((state.windowStart + windowMs - now) / 1000));
		}
		state.used += 1;
		await harnessClock.sleep(5);
		const id = decodeURIComponent(request.path.split('/').pop()!);
		state.accepted.push(id);
		return ok({ item: { ...(request.body as object), __id: id } });
	};
	return { state, handler };
}

function caseUpdate(concurrency: number) {
	return {
		resource: 'case',
		operation: 'update',
		caseId: byId('={{ $json.id }}'),
		directoryId: byId('={{ $json.directoryId }}'),
		docflow: 'input',
		name: '={{ $json.name }}',
		options: { concurrency },
	};
}

describe('congestion control against a platform that answers 429 above 20 requests per 200 ms', () => {
	test.each([2, 8, 50])(
		'Concurrency %i: every item succeeds once, in order, paired',
		async (concurrency) => {
			const directoryId = newId();
			// Without the window, 50 requests racing for 20 places per 200 ms lose their 4 attempts.
			const input = Array.from({ length: 80 }, (_, index) => ({
				json: { id: newId(), name: `Case ${index}`, directoryId },
			}));
			const { state, handler } = rateLimited(20, 200);
			t.platform.script('PUT', CASE_PATH, handler, Infinity);
			const { items, error } = await t.run({
				nodeType: 'elma365Nomenclature',
				parameters: caseUpdate(concurrency),
				input,
			});
			expect(error).toBeUndefined();
			expect(jsonOf(items)).toEqual(
				input.map(({ json }) => ({
					directoryId,
					docflow: 'input',
					name: json.name,
					__id: json.id,
				})),
			);
			expect(pairingOf(items)).toEqual(input.map((_, index) => ({ item: index })));
			expect([...state.accepted].sort()).toEqual(input.map(({ json }) => json.id).sort());
			// The window holds and halves: refusals stay below a retry storm's, where requests are refused on
			// every one of their 4 attempts and items fail (how many get through a window depends on the machine's speed).
			expect(state.refused).toBeLessThan(concurrency >= 8 ? input.length * 3 : input.length / 2);
		},
	);
});

test('under Concurrency, a 429 that asks for a wait beyond Max Quota Wait fails every item at once, each sent once', async () => {
	const directoryId = newId();
	const input = Array.from({ length: 3 }, (_, index) => ({
		json: { id: newId(), name: `Case ${index}`, directoryId },
	}));
	t.platform.script('PUT', CASE_PATH, faults.tooManyRequests('600'), Infinity);
	const started = harnessClock.now();
	const { items, error } = await t.run({
		nodeType: 'elma365Nomenclature',
		parameters: caseUpdate(3),
		input,
	});
	expect(items).toEqual([]);
	expect(error?.message).toBe(
		"ELMA365 429: the company's API request quota is used up, and the wait for it would pass Max Quota Wait (300 s)",
	);
	expect(harnessClock.now() - started).toBeLessThan(10_000);
	expect(t.platform.requests).toHaveLength(3);
});

describe('under Concurrency, a refused request is not one of its MAX_ATTEMPTS: only Max Quota Wait ends it', () => {
	const directoryId = newId();
	const input = Array.from({ length: 3 }, (_, index) => ({
		json: { id: newId(), name: `Case ${index}`, directoryId },
	}));
	const sendsPerCase = () =>
		input.map(({ json }) => t.platform.requests.filter((r) => r.path.endsWith(json.id)).length);

	test('a 429 that never ends: the items wait together, one probe at a time, and fail with the quota at Max Quota Wait, not as timed out', async () => {
		t.platform.script('PUT', CASE_PATH, faults.tooManyRequests('1.2'), Infinity);
		// A Timeout shorter than the holds: each send has its own.
		const { items, error } = await t.run({
			nodeType: 'elma365Nomenclature',
			parameters: { ...caseUpdate(3), requestOptions: { timeout: 1000, maxQuotaWait: 4 } },
			input,
			continueOnFail: true,
		});
		expect(error).toBeUndefined();
		for (const item of jsonOf(items)) {
			expect(item.error).toBe(
				"ELMA365 429: the company's API request quota is used up, and the wait for it would pass Max Quota Wait (4 s)",
			);
			expect(item.httpCode).toBe('429');
		}
		expect(pairingOf(items)).toEqual(input.map((_, index) => ({ item: index })));
		// Three first sends; one sent again after the short Retry-After (the window halved to 1),
		// without a probe; refused again, so probes after holds of 1.2 s and 1.2 s (a refused probe
		// waits at least 1 s, then 2 s): the third hold (2 s) would pass 4 s.
		expect(t.platform.requests).toHaveLength(6);
	});

	test('a 5xx and more 429s than MAX_ATTEMPTS after it: the item succeeds, the refusals never count as failures', async () => {
		t.platform.script('PUT', CASE_PATH, faults.serverError(503, 'busy', '0'), 1);
		t.platform.script('PUT', CASE_PATH, faults.tooManyRequests('0.1'), MAX_ATTEMPTS);
		t.platform.script(
			'PUT',
			CASE_PATH,
			(request: RecordedRequest) => {
				const id = decodeURIComponent(request.path.split('/').pop()!);
				return ok({ item: { ...(request.body as object), __id: id } });
			},
			Infinity,
		);
		const { items, error } = await t.run({
			nodeType: 'elma365Nomenclature',
			parameters: caseUpdate(1),
			input,
		});
		expect(error).toBeUndefined();
		expect(jsonOf(items)).toEqual(
			input.map(({ json }) => ({ directoryId, docflow: 'input', name: json.name, __id: json.id })),
		);
		// The first item: the 5xx, MAX_ATTEMPTS refusals, then its update; the others once each.
		expect(sendsPerCase()).toEqual([MAX_ATTEMPTS + 2, 1, 1]);
	});
});
