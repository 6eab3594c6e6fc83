import { createHmac } from 'node:crypto';
import { createSandbox, startModule, type Module } from './emulation';
import { startReceiver, type Receiver } from './receiver';

const secret = 'a-secret-of-24-characters';
const itemEvent = {
	target: {
		namespace: 'crm',
		code: 'deals',
		data: { __id: 'item-1', __name: 'Deal 1', amount: 5 },
	},
	author: { data: { __id: 'user-1', __name: 'Ann' } },
	createdAt: '2026-11-26T09:00:00.000Z',
};

let company: Module;
let receiver: Receiver;

async function subscribe(events: string[], applications: string[] = [], url = receiver.url) {
	const response = await fetch(company.methodUrl('subscribe'), {
		method: 'POST',
		headers: { Authorization: `Bearer ${company.token}` },
		body: JSON.stringify({ url, events, applications, secret }),
	});
	expect(response.status).toBe(200);
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

	it('an item created delivers the exact envelope, headers and a signature Node verifies', async () => {
		await subscribe(['item.created']);
		const before = Math.floor(Date.now() / 1000);
		await company.emit('item.created', itemEvent);

		expect(receiver.requests).toHaveLength(1);
		const [{ headers, body }] = receiver.requests;
		const id = headers['x-elma365-event-id'] as string;
		expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
		expect(JSON.parse(body)).toEqual({
			id,
			event: 'item.created',
			time: '2026-11-26T09:00:00.000Z',
			namespace: 'crm',
			application: 'deals',
			item: { __id: 'item-1', __name: 'Deal 1', amount: 5 },
			author: { __id: 'user-1', __name: 'Ann' },
		});
		expect(headers['content-type']).toBe('application/json');
		expect(headers['x-elma365-secret']).toBe(secret);
		const timestamp = Number(headers['x-elma365-timestamp']);
		expect(timestamp).toBeGreaterThanOrEqual(before);
		expect(timestamp).toBeLessThanOrEqual(Math.floor(Date.now() / 1000));
		const expected = createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
		expect(headers['x-elma365-signature']).toBe(`sha256=${expected}`);
		expect(company.sandbox.errors).toEqual([]);
	});

	it('a user event carries the user', async () => {
		await subscribe(['user.updated']);
		await company.emit('user.updated', {
			target: { data: { __id: 'user-2', email: 'b@example.com' } },
			createdAt: '2026-11-26T09:01:00.000Z',
		});
		const body = JSON.parse(receiver.requests[0].body);
		expect(body).toEqual({
			id: receiver.requests[0].headers['x-elma365-event-id'],
			event: 'user.updated',
			time: '2026-11-26T09:01:00.000Z',
			user: { __id: 'user-2', email: 'b@example.com' },
		});
	});

	it('an event time the platform does not give, or cannot be read, is the time of sending', async () => {
		await subscribe(['item.updated']);
		const before = Date.now();
		await company.emit('item.updated', { ...itemEvent, createdAt: 'not a date' });
		await company.emit('item.updated', { target: itemEvent.target });
		for (const request of receiver.requests) {
			const time = Date.parse(JSON.parse(request.body).time);
			expect(time).toBeGreaterThanOrEqual(before - 1);
			expect(time).toBeLessThanOrEqual(Date.now());
		}
		expect(receiver.requests).toHaveLength(2);
		expect(JSON.parse(receiver.requests[1].body)).not.toHaveProperty('author');
	});

	it('filters by event and by application', async () => {
		const other = await startReceiver();
		try {
			await subscribe(['item.updated'], ['crm/deals']);
			await subscribe(['item.updated'], ['hr/people'], other.url);
			await subscribe(['item.deleted'], [], other.url);
			await company.emit('item.updated', itemEvent);
			expect(receiver.requests).toHaveLength(1);
			expect(JSON.parse(receiver.requests[0].body).event).toBe('item.updated');
			expect(other.requests).toHaveLength(0);
			await company.emit('item.deleted', itemEvent);
			expect(other.requests).toHaveLength(1);
			expect(JSON.parse(other.requests[0].body).event).toBe('item.deleted');
			expect(receiver.requests).toHaveLength(1);
		} finally {
			await other.close();
		}
	});

	it('events of the subscription store itself are never sent', async () => {
		await subscribe(['item.created']);
		await company.emit('item.created', {
			...itemEvent,
			target: { namespace: 'n8n', code: 'n8n_subscriptions', data: { __id: 's', secret } },
		});
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
		for (const event of events) await company.emit(event, itemEvent);
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
		await company.emit('item.created', itemEvent);
		expect(receiver.requests).toHaveLength(3);
		const [first, ...rest] = receiver.requests;
		for (const request of rest) {
			expect(request.body).toBe(first.body);
			for (const header of ['x-elma365-event-id', 'x-elma365-timestamp', 'x-elma365-signature'])
				expect(request.headers[header]).toBe(first.headers[header]);
		}
		expect(company.sandbox.waits).toEqual([500, 1500]);
		expect(company.sandbox.errors).toHaveLength(1);
		expect(company.sandbox.errors[0]).toContain('failed after 3 attempts: 503');
	});

	it('a 5xx then a 200 stops after the second attempt', async () => {
		receiver = await startReceiver([{ status: 500 }, { status: 200 }]);
		await subscribe(['item.created']);
		await company.emit('item.created', itemEvent);
		expect(receiver.requests).toHaveLength(2);
		expect(company.sandbox.errors).toEqual([]);
	});

	it("a 401 (n8n not yet holding a new subscription's secret) is tried again: 401 then 200 succeeds", async () => {
		receiver = await startReceiver([{ status: 401 }, { status: 200 }]);
		await subscribe(['item.created']);
		await company.emit('item.created', itemEvent);
		expect(receiver.requests).toHaveLength(2);
		expect(receiver.requests[1].body).toBe(receiver.requests[0].body);
		expect(company.sandbox.waits).toEqual([500]);
		expect(company.sandbox.errors).toEqual([]);
	});

	it('a 401 every time is tried 3 times at most', async () => {
		receiver = await startReceiver([{ status: 401 }]);
		await subscribe(['item.created']);
		await company.emit('item.created', itemEvent);
		expect(receiver.requests).toHaveLength(3);
		expect(company.sandbox.errors[0]).toContain('failed after 3 attempts: 401');
	});

	it('another 4xx (a body too large) is not retried', async () => {
		receiver = await startReceiver([{ status: 413 }]);
		await subscribe(['item.created']);
		await company.emit('item.created', itemEvent);
		expect(receiver.requests).toHaveLength(1);
		expect(company.sandbox.errors[0]).toContain('failed after 1 attempts: 413');
	});

	it('a refused connection is tried 3 times, then the next subscription still gets the event', async () => {
		receiver = await startReceiver();
		const closed = await startReceiver();
		await closed.close();
		await subscribe(['item.created'], [], closed.url);
		await subscribe(['item.created']);
		await company.emit('item.created', itemEvent);
		expect(company.sandbox.waits).toEqual([500, 1500]);
		expect(company.sandbox.errors[0]).toContain('failed after 3 attempts');
		expect(receiver.requests).toHaveLength(1);
	});
});
