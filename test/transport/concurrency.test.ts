import { fail, newId, ok } from '../harness/index.ts';
import type { RecordedRequest, Reply } from '../harness/index.ts';
import { arrivalGate } from '../harness/inFlight';
import { jsonOf, pairingOf, usePlatform, byId, byCode } from '../harness/setup';
import { harnessClock, useVirtualClock } from '../harness/clock';

/**
 * Options > Concurrency, implemented once in the shared router: at most N items in flight, output in
 * input order and paired with its input, errors per item (Continue On Fail unchanged).
 */
const t = usePlatform();
useVirtualClock();
const CASE_PATH = /^\/pub\/v1\/nomenclature\/[^/]+$/;

/**
 * Counts requests in flight at the platform: each reply is held for `delay(request)` ms, the first
 * `gate` until that many have arrived (see `arrivalGate`).
 */
function inFlightRecorder(
	reply: (request: RecordedRequest) => Reply,
	delay: (request: RecordedRequest) => number,
	gate = 0,
) {
	const state = { current: 0, max: 0, order: [] as string[] };
	const arrived = arrivalGate(gate);
	const handler = async (request: RecordedRequest): Promise<Reply> => {
		state.current += 1;
		state.max = Math.max(state.max, state.current);
		await arrived();
		await harnessClock.sleep(delay(request));
		state.current -= 1;
		state.order.push(request.path);
		return reply(request);
	};
	return { state, handler };
}

const caseReply = (request: RecordedRequest): Reply => {
	const id = decodeURIComponent(request.path.split('/').pop()!);
	const body = request.body as Record<string, unknown>;
	if (body.name === 'bad') return fail(400, `name of ${id} refused`);
	return ok({ item: { ...body, __id: id } });
};

function cases(count: number, names: (index: number) => string = (index) => `Case ${index}`) {
	const directoryId = newId();
	return Array.from({ length: count }, (_, index) => ({
		json: { id: newId(), name: names(index), directoryId },
	}));
}

function caseUpdate(options?: Record<string, unknown>) {
	return {
		resource: 'case',
		operation: 'update',
		caseId: byId('={{ $json.id }}'),
		directoryId: byId('={{ $json.directoryId }}'),
		docflow: 'input',
		name: '={{ $json.name }}',
		...(options === undefined ? {} : { options }),
	};
}

/** Later items answer sooner, so completion order is the reverse of input order. */
const reversedDelay = (count: number) => (request: RecordedRequest) => {
	const name = String((request.body as Record<string, unknown>).name);
	const index = Number(name.replace(/\D/g, '')) || 0;
	return 5 + (count - index) * 3;
};

describe('Options > Concurrency on case update', () => {
	test('keeps at most N requests in flight, output in input order and paired with its input', async () => {
		const input = cases(12);
		const { state, handler } = inFlightRecorder(caseReply, reversedDelay(12), 4);
		t.platform.script('PUT', CASE_PATH, handler, 12);
		const { items, error } = await t.run({
			nodeType: 'elma365Nomenclature',
			parameters: caseUpdate({ concurrency: 4 }),
			input,
		});
		expect(error).toBeUndefined();
		expect(state.max).toBe(4);
		expect(jsonOf(items)).toEqual(
			input.map(({ json }) => ({
				directoryId: json.directoryId,
				docflow: 'input',
				name: json.name,
				__id: json.id,
			})),
		);
		expect(pairingOf(items)).toEqual(input.map((_, index) => ({ item: index })));
		// Every item was sent exactly once, to its own case.
		expect(t.platform.requests.map((r) => r.path).sort()).toEqual(
			input.map(({ json }) => `/pub/v1/nomenclature/${json.id}`).sort(),
		);
		// The replies really completed out of order: order is restored by the router.
		expect(state.order).not.toEqual(input.map(({ json }) => `/pub/v1/nomenclature/${json.id}`));
	});

	test('a concurrency above the item count starts each item once', async () => {
		const input = cases(3);
		const { state, handler } = inFlightRecorder(caseReply, () => 20, 3);
		t.platform.script('PUT', CASE_PATH, handler, 3);
		const { items, error } = await t.run({
			nodeType: 'elma365Nomenclature',
			parameters: caseUpdate({ concurrency: 10 }),
			input,
		});
		expect(error).toBeUndefined();
		expect(state.max).toBe(3);
		expect(t.platform.requests).toHaveLength(3);
		expect(jsonOf(items).map((json) => (json as Record<string, unknown>).__id)).toEqual(
			input.map(({ json }) => json.id),
		);
	});

	test('with Continue On Fail every failed item gives its own error item in its place', async () => {
		const input = cases(9, (index) => (index % 3 === 1 ? 'bad' : `Case ${index}`));
		const { state, handler } = inFlightRecorder(caseReply, reversedDelay(9), 3);
		t.platform.script('PUT', CASE_PATH, handler, 9);
		const { items, error } = await t.run({
			nodeType: 'elma365Nomenclature',
			parameters: caseUpdate({ concurrency: 3 }),
			input,
			continueOnFail: true,
		});
		expect(error).toBeUndefined();
		expect(state.max).toBe(3);
		expect(pairingOf(items)).toEqual(input.map((_, index) => ({ item: index })));
		items.forEach((item, index) => {
			if (index % 3 === 1) {
				expect(item.json).toEqual({
					error: `ELMA365 400: name of ${input[index].json.id} refused`,
					description: `The platform rejected the request (HTTP 400). Request: PUT /nomenclature/${input[index].json.id}.`,
					httpCode: '400',
				});
			} else {
				expect(item.json).toEqual({
					directoryId: input[index].json.directoryId,
					docflow: 'input',
					name: `Case ${index}`,
					__id: input[index].json.id,
				});
			}
		});
	});

	test('with Continue On Fail a validation error stays on its item and sends nothing for it', async () => {
		const input = cases(4);
		input[2].json.id = 'not-a-uuid';
		const { handler } = inFlightRecorder(caseReply, () => 5);
		t.platform.script('PUT', CASE_PATH, handler, 4);
		const { items, error } = await t.run({
			nodeType: 'elma365Nomenclature',
			parameters: caseUpdate({ concurrency: 2 }),
			input,
			continueOnFail: true,
		});
		expect(error).toBeUndefined();
		expect(t.platform.requests).toHaveLength(3);
		expect(pairingOf(items)).toEqual([{ item: 0 }, { item: 1 }, { item: 2 }, { item: 3 }]);
		expect(String(items[2].json.error)).toMatch(/Case/);
		expect(items[2].json.httpCode).toBeUndefined();
		expect(items[3].json.__id).toBe(input[3].json.id);
	});

	test('without Continue On Fail the first failed item stops the node and no new item starts', async () => {
		const input = cases(10, (index) => (index === 3 ? 'bad' : `Case ${index}`));
		const { state, handler } = inFlightRecorder(caseReply, () => 10);
		t.platform.script('PUT', CASE_PATH, handler, 10);
		const { items, error } = await t.run({
			nodeType: 'elma365Nomenclature',
			parameters: caseUpdate({ concurrency: 2 }),
			input,
		});
		expect(items).toEqual([]);
		expect(error?.message).toBe(`ELMA365 400: name of ${input[3].json.id} refused`);
		expect((error as unknown as { context: { itemIndex: number } }).context.itemIndex).toBe(3);
		expect(state.max).toBeLessThanOrEqual(2);
		// Items 0-3 and at most the one in flight beside item 3; nothing after that.
		expect(t.platform.requests.length).toBeGreaterThanOrEqual(4);
		expect(t.platform.requests.length).toBeLessThanOrEqual(5);
	});

	test('a concurrency outside 1-200 is refused before any request', async () => {
		for (const concurrency of [0, 201, 2.5]) {
			const { items, error } = await t.run({
				nodeType: 'elma365Nomenclature',
				parameters: caseUpdate({ concurrency }),
				input: cases(2),
			});
			expect(items).toEqual([]);
			expect(error?.message).toBe(
				`Options > Concurrency must be a whole number from 1 to 200, got ${concurrency}`,
			);
		}
		expect(t.platform.requests).toHaveLength(0);
	});
});

describe("Case > Update: cases in parallel, each case's updates in input order", () => {
	test('updates of the same case never overlap and reach the platform in input order; other cases go beside them', async () => {
		const [a, b, c] = cases(3).map(({ json }) => json.id);
		const directoryId = newId();
		const targets = [a, a, b, a, c, b, a];
		const input = targets.map((id, index) => ({
			json: { id, name: `Case ${index}`, directoryId },
		}));
		const inFlightPerCase = new Map<string, number>();
		const overlaps: string[] = [];
		const { state, handler } = inFlightRecorder(caseReply, reversedDelay(targets.length), 3);
		t.platform.script(
			'PUT',
			CASE_PATH,
			async (request) => {
				const id = request.path.split('/').pop()!;
				if ((inFlightPerCase.get(id) ?? 0) > 0) overlaps.push(id);
				inFlightPerCase.set(id, (inFlightPerCase.get(id) ?? 0) + 1);
				const reply = await handler(request);
				inFlightPerCase.set(id, inFlightPerCase.get(id)! - 1);
				return reply;
			},
			targets.length,
		);
		const { items, error } = await t.run({
			nodeType: 'elma365Nomenclature',
			parameters: caseUpdate(),
			input,
		});
		expect(error).toBeUndefined();
		expect(overlaps).toEqual([]);
		// Different cases did run side by side.
		expect(state.max).toBe(3);
		const namesSentTo = (id: string) =>
			t.platform.requests
				.filter((r) => r.path.endsWith(id))
				.map((r) => (r.body as { name: string }).name);
		expect(namesSentTo(a)).toEqual(['Case 0', 'Case 1', 'Case 3', 'Case 6']);
		expect(namesSentTo(b)).toEqual(['Case 2', 'Case 5']);
		expect(jsonOf(items).map((json) => (json as { name: string }).name)).toEqual(
			input.map(({ json }) => json.name),
		);
		expect(pairingOf(items)).toEqual(input.map((_, index) => ({ item: index })));
	});

	test('Concurrency 1 sends one item after the other', async () => {
		const input = cases(4);
		const { state, handler } = inFlightRecorder(caseReply, () => 5);
		t.platform.script('PUT', CASE_PATH, handler, 4);
		const { error } = await t.run({
			nodeType: 'elma365Nomenclature',
			parameters: caseUpdate({ concurrency: 1 }),
			input,
		});
		expect(error).toBeUndefined();
		expect(state.max).toBe(1);
		expect(state.order).toEqual(input.map(({ json }) => `/pub/v1/nomenclature/${json.id}`));
	});

	test("with Continue On Fail, a failed update of a case does not stop that case's later updates", async () => {
		const [a] = cases(1).map(({ json }) => json.id);
		const directoryId = newId();
		const input = ['Case 0', 'bad', 'Case 2'].map((name) => ({
			json: { id: a, name, directoryId },
		}));
		const { handler } = inFlightRecorder(caseReply, () => 5);
		t.platform.script('PUT', CASE_PATH, handler, 3);
		const { items, error } = await t.run({
			nodeType: 'elma365Nomenclature',
			parameters: caseUpdate(),
			input,
			continueOnFail: true,
		});
		expect(error).toBeUndefined();
		expect(t.platform.requests.map((r) => (r.body as { name: string }).name)).toEqual([
			'Case 0',
			'bad',
			'Case 2',
		]);
		expect(items.map((item) => item.json.error ?? item.json.name)).toEqual([
			'Case 0',
			`ELMA365 400: name of ${a} refused`,
			'Case 2',
		]);
		expect(pairingOf(items)).toEqual([{ item: 0 }, { item: 1 }, { item: 2 }]);
	});
});

describe('Options > Concurrency on application items', () => {
	const NS = 'crm';
	const APP = 'deals';
	const createPath = `/pub/v1/app/${NS}/${APP}/create`;

	test('create one by one (Send in One Request off): at most N in flight, created items in input order and paired', async () => {
		const input = Array.from({ length: 10 }, (_, index) => ({ json: { title: `Deal ${index}` } }));
		const { state, handler } = inFlightRecorder(
			(request) =>
				ok({ item: { ...(request.body as { context: object }).context, __id: newId() } }),
			(request) =>
				5 +
				(10 -
					Number(
						String((request.body as { context: { __name: string } }).context.__name).replace(
							/\D/g,
							'',
						),
					)) *
					3,
			5,
		);
		t.platform.script('POST', createPath, handler, 10);
		const { items, error } = await t.run({
			nodeType: 'elma365App',
			parameters: {
				resource: 'item',
				operation: 'create',
				namespace: byCode(NS),
				application: byCode(APP),
				columns: { mappingMode: 'defineBelow', value: { __name: '={{ $json.title }}' } },
				sendInOneRequest: false,
				options: { concurrency: 5 },
			},
			input,
		});
		expect(error).toBeUndefined();
		expect(state.max).toBe(5);
		expect(t.platform.requests).toHaveLength(10);
		expect(jsonOf(items).map((json) => (json as Record<string, unknown>).__name)).toEqual(
			input.map(({ json }) => json.title),
		);
		expect(pairingOf(items)).toEqual(input.map((_, index) => ({ item: index })));
	});

	test('update: at most N in flight and each item updates its own id', async () => {
		const ids = Array.from({ length: 6 }, () => newId());
		const { state, handler } = inFlightRecorder(
			(request) =>
				ok({
					item: {
						...(request.body as { context: object }).context,
						__id: request.path.split('/')[6],
					},
				}),
			() => 15,
			3,
		);
		t.platform.script('POST', /\/update$/, handler, 6);
		const { items, error } = await t.run({
			nodeType: 'elma365App',
			parameters: {
				resource: 'item',
				operation: 'update',
				namespace: byCode(NS),
				application: byCode(APP),
				itemId: { __rl: true, mode: 'id', value: '={{ $json.id }}' },
				fieldsInputMode: 'json',
				fieldsJson: '={{ JSON.stringify({ price: $json.price }) }}',
				options: { concurrency: 3 },
			},
			input: ids.map((id, index) => ({ json: { id, price: index * 10 } })),
		});
		expect(error).toBeUndefined();
		expect(state.max).toBe(3);
		// The scheme read once for the run (the JSON's field types), shared by every item in flight.
		expect(t.platform.requests.map((r) => r.path).sort()).toEqual(
			[
				`/pub/v1/scheme/namespaces/${NS}/apps/${APP}`,
				...ids.map((id) => `/pub/v1/app/${NS}/${APP}/${id}/update`),
			].sort(),
		);
		expect(jsonOf(items)).toEqual(ids.map((id, index) => ({ price: index * 10, __id: id })));
		expect(pairingOf(items)).toEqual(ids.map((_, index) => ({ item: index })));
	});

	test('update: every item taken at once by default, updates of one item in input order and never overlapping', async () => {
		const ids = Array.from({ length: 12 }, () => newId());
		// Items 0, 5 and 11 update the same item.
		const targets = ids.map((id, index) => ([5, 11].includes(index) ? ids[0] : id));
		const inFlight = new Map<string, number>();
		const overlaps: string[] = [];
		const { state, handler } = inFlightRecorder(
			(request) =>
				ok({
					item: {
						...(request.body as { context: object }).context,
						__id: request.path.split('/')[6],
					},
				}),
			(request) =>
				5 + (12 - Number((request.body as { context: { price: number } }).context.price)) * 3,
			10,
		);
		t.platform.script(
			'POST',
			/\/update$/,
			async (request) => {
				const id = request.path.split('/')[6];
				if ((inFlight.get(id) ?? 0) > 0) overlaps.push(id);
				inFlight.set(id, (inFlight.get(id) ?? 0) + 1);
				const reply = await handler(request);
				inFlight.set(id, inFlight.get(id)! - 1);
				return reply;
			},
			12,
		);
		const { items, error } = await t.run({
			nodeType: 'elma365App',
			parameters: {
				resource: 'item',
				operation: 'update',
				namespace: byCode(NS),
				application: byCode(APP),
				itemId: { __rl: true, mode: 'id', value: '={{ $json.id }}' },
				fieldsInputMode: 'pairs',
				fields: { field: [{ name: 'price', value: '={{ $json.price }}' }] },
			},
			input: targets.map((id, index) => ({ json: { id, price: index } })),
		});
		expect(error).toBeUndefined();
		expect(overlaps).toEqual([]);
		// The window's first round takes all twelve; items 5 and 11 hold their places waiting for item 0
		// (the same platform item).
		expect(state.max).toBe(10);
		const pricesSentTo = (id: string) =>
			t.platform.requests
				.filter((r) => r.path.split('/')[6] === id)
				.map((r) => (r.body as { context: { price: number } }).context.price);
		expect(pricesSentTo(ids[0])).toEqual([0, 5, 11]);
		expect(jsonOf(items)).toEqual(targets.map((id, index) => ({ price: index, __id: id })));
		expect(pairingOf(items)).toEqual(targets.map((_, index) => ({ item: index })));
	});
});
