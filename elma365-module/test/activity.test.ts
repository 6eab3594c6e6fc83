import { createHmac } from 'node:crypto';
import { SUBSCRIBE_KEY, startModule, type Module } from './emulation';
import { startReceiver, type Receiver } from './receiver';

const secret = 'a-secret-of-24-characters';
let company: Module;
let receiver: Receiver;

async function subscribe(events: string[], url = receiver.url) {
	const response = await fetch(company.methodUrl('subscribe'), {
		method: 'POST',
		headers: { Authorization: `Bearer ${company.token}` },
		body: JSON.stringify({ url, events, secret, key: SUBSCRIBE_KEY }),
	});
	expect(response.status).toBe(200);
}

async function runActivity(payload: string) {
	company.sandbox.context.data = { payload };
	await company.sandbox.run('activity-send-to-n8n.ts', 'action');
	return company.sandbox.context.data;
}

afterEach(async () => {
	await company.close();
	await receiver.close();
});

describe('the Send to n8n activity', () => {
	beforeEach(async () => {
		company = await startModule();
	});

	it('posts process.activity with the context and writes the answer into the outputs', async () => {
		receiver = await startReceiver([{ status: 200, body: { approved: true, limit: 1000 } }]);
		await subscribe(['process.activity']);
		const outputs = await runActivity('{"deal":"Deal 1","amount":5}');

		expect(receiver.requests).toHaveLength(1);
		const [{ headers, body }] = receiver.requests;
		const envelope = JSON.parse(body);
		expect(
			Object.keys(headers)
				.filter((h) => h.startsWith('x-elma365-'))
				.sort(),
		).toEqual(['x-elma365-signature', 'x-elma365-timestamp']);
		expect(envelope).toEqual({
			id: expect.stringMatching(
				/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
			),
			event: 'process.activity',
			time: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
			context: { deal: 'Deal 1', amount: 5 },
		});
		const expected = createHmac('sha256', secret)
			.update(`${headers['x-elma365-timestamp']}.${body}`)
			.digest('hex');
		expect(headers['x-elma365-signature']).toBe(`sha256=${expected}`);
		expect(outputs).toEqual({
			payload: '{"deal":"Deal 1","amount":5}',
			ok: true,
			status: 200,
			answer: '{"approved":true,"limit":1000}',
		});
	});

	it('only subscriptions to process.activity are called', async () => {
		receiver = await startReceiver();
		await subscribe(['item.created']);
		const outputs = await runActivity('plain text');
		expect(receiver.requests).toHaveLength(0);
		expect(outputs).toEqual({
			payload: 'plain text',
			ok: false,
			status: 0,
			answer: '{"error":"no n8n workflow is subscribed to process.activity"}',
		});
	});

	it('a failing workflow leaves ok false with the status, after 3 attempts', async () => {
		receiver = await startReceiver([{ status: 500, body: { message: 'boom' } }]);
		await subscribe(['process.activity']);
		const outputs = await runActivity('');
		expect(receiver.requests).toHaveLength(3);
		expect(JSON.parse(receiver.requests[0].body).context).toEqual({});
		expect(outputs).toEqual({
			payload: '',
			ok: false,
			status: 500,
			answer: '{"error":"n8n answered 500 after 3 attempts"}',
		});
	});
});
