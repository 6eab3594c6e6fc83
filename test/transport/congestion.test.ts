import { faults, newId, ok } from '../harness/index.ts';
import type { RecordedRequest, Reply } from '../harness/index.ts';
import { jsonOf, pairingOf, usePlatform } from '../harness/setup';
import { MAX_ATTEMPTS } from '../../nodes/shared/transport';

/**
 * Congestion control under Options > Concurrency (nodes/shared/execution/congestion.ts), against a double that
 * answers 429 above a fixed rate: no item fails at any setting, the window shrinks instead of
 * hammering the platform, and every case is updated exactly once.
 */
const t = usePlatform();
const CASE_PATH = /^\/pub\/v1\/nomenclature\/[^/]+$/;
const locator = (value: string) => ({ __rl: true, mode: 'id', value });

/** At most `perWindow` requests per `windowMs`; above that 429 with Retry-After until the window ends. */
function rateLimited(perWindow: number, windowMs: number) {
	const state = { windowStart: 0, used: 0, refused: 0, accepted: [] as string[] };
	const handler = async (request: RecordedRequest): Promise<Reply> => {
		const now = Date.now();
		if (now - state.windowStart >= windowMs) {
			state.windowStart = now;
			state.used = 0;
		}
		if (state.used >= perWindow) {
			state.refused += 1;
			return faults.tooManyRequests(String((state.windowStart + windowMs - now) / 1000));
		}
		state.used += 1;
		await new Promise((resolve) => setTimeout(resolve, 5));
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
		caseId: locator('={{ $json.id }}'),
		directoryId: locator('={{ $json.directoryId }}'),
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

test('under Concurrency, a 429 that asks for a wait beyond the single-wait bound fails at once, as without it', async () => {
	const directoryId = newId();
	const input = Array.from({ length: 3 }, (_, index) => ({
		json: { id: newId(), name: `Case ${index}`, directoryId },
	}));
	t.platform.script('PUT', CASE_PATH, faults.tooManyRequests('60'), Infinity);
	const started = Date.now();
	const { items, error } = await t.run({
		nodeType: 'elma365Nomenclature',
		parameters: caseUpdate(3),
		input,
	});
	expect(items).toEqual([]);
	expect(error?.message).toBe('ELMA365 429: too many requests');
	expect(Date.now() - started).toBeLessThan(10_000);
	expect(t.platform.requests).toHaveLength(3);
});

describe('under Concurrency, every send of a request refused with 429 is one of its MAX_ATTEMPTS', () => {
	const directoryId = newId();
	const input = Array.from({ length: 3 }, (_, index) => ({
		json: { id: newId(), name: `Case ${index}`, directoryId },
	}));
	const refused = (id: string) => ({
		error: 'ELMA365 429: too many requests',
		description: `The platform is limiting requests (HTTP 429) and still did so after the retries allowed. Request: PUT /nomenclature/${id}. Tried ${MAX_ATTEMPTS} times.`,
		httpCode: '429',
	});
	const sendsPerCase = () =>
		input.map(({ json }) => t.platform.requests.filter((r) => r.path.endsWith(json.id)).length);

	test('a 429 that never ends: each item is sent exactly MAX_ATTEMPTS times and fails with the 429, not as timed out', async () => {
		t.platform.script('PUT', CASE_PATH, faults.tooManyRequests('1.2'), Infinity);
		// A Timeout shorter than the window's holds: each send has its own.
		const { items, error } = await t.run({
			nodeType: 'elma365Nomenclature',
			parameters: { ...caseUpdate(3), requestOptions: { timeout: 1000 } },
			input,
			continueOnFail: true,
		});
		expect(error).toBeUndefined();
		expect(jsonOf(items)).toEqual(input.map(({ json }) => refused(json.id)));
		expect(pairingOf(items)).toEqual(input.map((_, index) => ({ item: index })));
		expect(sendsPerCase()).toEqual([MAX_ATTEMPTS, MAX_ATTEMPTS, MAX_ATTEMPTS]);
	});

	test('a 5xx and the 429s after it share the same MAX_ATTEMPTS', async () => {
		t.platform.script('PUT', CASE_PATH, faults.serverError(503, 'busy', '0'), input.length);
		t.platform.script('PUT', CASE_PATH, faults.tooManyRequests('0.1'), Infinity);
		const { items, error } = await t.run({
			nodeType: 'elma365Nomenclature',
			parameters: caseUpdate(3),
			input,
			continueOnFail: true,
		});
		expect(error).toBeUndefined();
		expect(jsonOf(items)).toEqual(input.map(({ json }) => refused(json.id)));
		expect(sendsPerCase()).toEqual([MAX_ATTEMPTS, MAX_ATTEMPTS, MAX_ATTEMPTS]);
		expect(
			t.platform.requests
				.slice(0, input.length)
				.map((r) => r.path)
				.sort(),
		).toEqual(input.map(({ json }) => `/pub/v1/nomenclature/${json.id}`).sort());
	});
});
