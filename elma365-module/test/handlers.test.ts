import { createHmac } from 'node:crypto';
import { SUBSCRIBE_KEY, createSandbox, itemEvent, startModule, type Module } from './emulation';
import { startReceiver, type Receiver } from './receiver';

const secret = 'a-secret-of-24-characters';
const DEAL = { __id: 'f4f1a2b3-0000-4000-8000-000000000001', __name: 'Deal 1', amount: 5 };
/** An item_create context as the vendor's own handlers read it (emulation.ts, itemEvent). */
const created = itemEvent('crm', 'deals', DEAL);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

let company: Module;
let receiver: Receiver;

async function subscribe(events: string[], applications: string[] = [], url = receiver.url) {
	const response = await fetch(company.methodUrl('subscribe'), {
		method: 'POST',
		headers: { Authorization: `Bearer ${company.token}` },
		body: JSON.stringify({ url, events, applications, secret, key: SUBSCRIBE_KEY }),
	});
	expect(response.status).toBe(200);
	return ((await response.json()) as { id: string }).id;
}

afterEach(async () => {
	await company.close();
	await receiver.close();
});

describe('event handlers', () => {
	beforeEach(async () => {
		company = await startModule();
		receiver = await startReceiver();
	});

	it('an item created delivers the exact envelope: namespace, application and item from __item and item', async () => {
		await subscribe(['item.created']);
		const before = Date.now();
		await company.emit('item.created', created);

		expect(receiver.requests).toHaveLength(1);
		const [{ body }] = receiver.requests;
		const envelope = JSON.parse(body);
		expect(envelope).toEqual({
			id: expect.stringMatching(UUID),
			event: 'item.created',
			time: expect.any(String),
			namespace: 'crm',
			application: 'deals',
			item: DEAL,
		});
		expect(Date.parse(envelope.time)).toBeGreaterThanOrEqual(before);
		expect(Date.parse(envelope.time)).toBeLessThanOrEqual(Date.now());
		expect(company.sandbox.itemFetches).toBe(0);
		expect(company.sandbox.errors).toEqual([]);
	});

	it('signs with the timestamp and HMAC only: no header carries the secret or an event ID', async () => {
		await subscribe(['item.created']);
		const before = Math.floor(Date.now() / 1000);
		await company.emit('item.created', created);
		const [{ headers, body }] = receiver.requests;
		expect(
			Object.keys(headers)
				.filter((h) => h.startsWith('x-elma365-'))
				.sort(),
		).toEqual(['x-elma365-signature', 'x-elma365-timestamp']);
		expect(Object.values(headers).join('\n')).not.toContain(secret);
		expect(headers['content-type']).toBe('application/json');
		const timestamp = Number(headers['x-elma365-timestamp']);
		expect(timestamp).toBeGreaterThanOrEqual(before);
		expect(timestamp).toBeLessThanOrEqual(Math.floor(Date.now() / 1000));
		const expected = createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
		expect(headers['x-elma365-signature']).toBe(`sha256=${expected}`);
	});

	it('an item updated reads the same shapes (and __data.item when item is missing)', async () => {
		await subscribe(['item.updated']);
		await company.emit('item.updated', itemEvent('crm', 'deals', DEAL, true));
		const { __item, __data } = itemEvent('crm', 'deals', DEAL, true);
		await company.emit('item.updated', { __item, __data });
		const bodies = receiver.requests.map((r) => JSON.parse(r.body));
		expect(bodies.map((b) => [b.event, b.namespace, b.application, b.item])).toEqual([
			['item.updated', 'crm', 'deals', DEAL],
			['item.updated', 'crm', 'deals', DEAL],
		]);
		expect(company.sandbox.itemFetches).toBe(0);
	});

	it('with only the reference, the item is read with __item.fetch(); a gone item still carries its ID', async () => {
		await subscribe(['item.status_changed', 'item.deleted']);
		company.sandbox.items.set(`crm/deals/${DEAL.__id}`, DEAL);
		await company.emit('item.status_changed', { __item: created.__item });
		company.sandbox.items.clear();
		await company.emit('item.deleted', { __item: created.__item });
		const bodies = receiver.requests.map((r) => JSON.parse(r.body));
		expect(company.sandbox.itemFetches).toBe(2);
		expect(bodies[0]).toMatchObject({ event: 'item.status_changed', item: DEAL });
		expect(bodies[1]).toEqual({
			id: expect.stringMatching(UUID),
			event: 'item.deleted',
			time: expect.any(String),
			namespace: 'crm',
			application: 'deals',
			item: { __id: DEAL.__id },
		});
	});

	it('a user event (handler context unverified) carries the whole handler context as context', async () => {
		await subscribe(['user.updated']);
		const data = { user: { __id: 'user-2', email: 'b@example.com' } };
		await company.emit('user.updated', data);
		const body = JSON.parse(receiver.requests[0].body);
		expect(body).toEqual({
			id: expect.stringMatching(UUID),
			event: 'user.updated',
			time: expect.any(String),
			context: data,
		});
	});

	it('a subscription for one application gets only its events; one for all apps gets every app', async () => {
		const other = await startReceiver();
		try {
			await subscribe(['item.updated'], ['crm/deals']);
			await subscribe(['item.updated'], ['hr/people'], other.url);
			await company.emit('item.updated', itemEvent('crm', 'deals', DEAL, true));
			await company.emit('item.updated', itemEvent('crm', 'companies', { __id: 'c-1' }, true));
			expect(receiver.requests.map((r) => JSON.parse(r.body).application)).toEqual(['deals']);
			expect(other.requests).toHaveLength(0);
			await company.emit('item.updated', itemEvent('hr', 'people', { __id: 'p-1' }, true));
			expect(other.requests.map((r) => JSON.parse(r.body).item.__id)).toEqual(['p-1']);
			expect(receiver.requests).toHaveLength(1);
		} finally {
			await other.close();
		}
	});

	it('an item event whose app the context does not name reaches only subscriptions for all apps', async () => {
		const all = await startReceiver();
		try {
			await subscribe(['item.created'], ['crm/deals']);
			await subscribe(['item.created'], [], all.url);
			await company.emit('item.created', { item: DEAL });
			expect(receiver.requests).toHaveLength(0);
			expect(JSON.parse(all.requests[0].body)).toMatchObject({ item: DEAL });
			expect(JSON.parse(all.requests[0].body)).not.toHaveProperty('namespace');
		} finally {
			await all.close();
		}
	});

	it('an unsubscribed subscription gets nothing', async () => {
		const id = await subscribe(['item.created']);
		await fetch(company.methodUrl('unsubscribe'), {
			method: 'POST',
			headers: { Authorization: `Bearer ${company.token}` },
			body: JSON.stringify({ id, key: SUBSCRIBE_KEY }),
		});
		await company.emit('item.created', created);
		expect(receiver.requests).toHaveLength(0);
		expect(company.sandbox.storage.subscriptions()).toEqual([]);
	});

	it('with nothing to deliver a handler ends at once: one store read, no item read, nothing sent', async () => {
		await subscribe(['item.updated'], ['hr/people']);
		const { reads, writes } = company.sandbox.storage;
		await company.emit('item.created', { __item: created.__item });
		await company.emit('item.updated', { __item: created.__item });
		expect(company.sandbox.storage.reads - reads).toBe(2);
		expect(company.sandbox.storage.writes - writes).toBe(0);
		expect(company.sandbox.itemFetches).toBe(0);
		expect(receiver.requests).toHaveLength(0);
	});

	it('every handler event is delivered under its own name', async () => {
		const events = [
			'item.created',
			'item.updated',
			'item.status_changed',
			'item.deleted',
			'item.comment_added',
			'user.created',
			'user.updated',
		];
		await subscribe(events);
		for (const event of events) await company.emit(event, created);
		expect(receiver.requests.map((r) => JSON.parse(r.body).event)).toEqual(events);
	});
});

describe('retries', () => {
	beforeEach(async () => {
		company = await startModule(createSandbox());
	});

	it('a 5xx is tried 3 times at most, with the same event ID, timestamp, body and signature', async () => {
		receiver = await startReceiver([{ status: 503 }]);
		await subscribe(['item.created']);
		await company.emit('item.created', created);
		expect(receiver.requests).toHaveLength(3);
		const [first, ...rest] = receiver.requests;
		for (const request of rest) {
			expect(request.body).toBe(first.body);
			for (const header of ['x-elma365-timestamp', 'x-elma365-signature'])
				expect(request.headers[header]).toBe(first.headers[header]);
		}
		expect(company.sandbox.waits).toEqual([500, 1500]);
		expect(company.sandbox.errors).toHaveLength(1);
		expect(company.sandbox.errors[0]).toContain('failed after 3 attempts: 503');
	});

	it('a 5xx then a 200 stops after the second attempt', async () => {
		receiver = await startReceiver([{ status: 500 }, { status: 200 }]);
		await subscribe(['item.created']);
		await company.emit('item.created', created);
		expect(receiver.requests).toHaveLength(2);
		expect(company.sandbox.errors).toEqual([]);
	});

	it("a 401 (n8n not yet holding a new subscription's secret) is tried again: 401 then 200 succeeds", async () => {
		receiver = await startReceiver([{ status: 401 }, { status: 200 }]);
		await subscribe(['item.created']);
		await company.emit('item.created', created);
		expect(receiver.requests).toHaveLength(2);
		expect(receiver.requests[1].body).toBe(receiver.requests[0].body);
		expect(company.sandbox.waits).toEqual([500]);
		expect(company.sandbox.errors).toEqual([]);
	});

	it('a 401 every time is tried 3 times at most', async () => {
		receiver = await startReceiver([{ status: 401 }]);
		await subscribe(['item.created']);
		await company.emit('item.created', created);
		expect(receiver.requests).toHaveLength(3);
		expect(company.sandbox.errors[0]).toContain('failed after 3 attempts: 401');
	});

	it('another 4xx (a body too large) is not retried', async () => {
		receiver = await startReceiver([{ status: 413 }]);
		await subscribe(['item.created']);
		await company.emit('item.created', created);
		expect(receiver.requests).toHaveLength(1);
		expect(company.sandbox.errors[0]).toContain('failed after 1 attempts: 413');
	});

	it('a refused connection is tried 3 times, then the next subscription still gets the event', async () => {
		receiver = await startReceiver();
		const closed = await startReceiver();
		await closed.close();
		await subscribe(['item.created'], [], closed.url);
		await subscribe(['item.created']);
		await company.emit('item.created', created);
		expect(company.sandbox.waits).toEqual([500, 1500]);
		expect(company.sandbox.errors[0]).toContain('failed after 3 attempts');
		expect(receiver.requests).toHaveLength(1);
	});

	it('without setTimeout (not documented for scripts) the three attempts follow at once', async () => {
		await company.close();
		company = await startModule(createSandbox({ timers: false }));
		receiver = await startReceiver([{ status: 503 }]);
		await subscribe(['item.created']);
		await company.emit('item.created', created);
		expect(receiver.requests).toHaveLength(3);
		expect(company.sandbox.waits).toEqual([]);
		expect(company.sandbox.errors[0]).toContain('failed after 3 attempts: 503');
	});
});
