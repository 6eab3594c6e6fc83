import { SUBSCRIBE_KEY, createSandbox, startModule, type Module } from './emulation';

const secret = 'a-secret-of-24-characters';
let company: Module;

beforeEach(async () => {
	company = await startModule();
});
afterEach(() => company.close());

/** Calls a method as n8n does: the body with the module setting's key (unless `body` is text). */
async function call(method: string, body: unknown, token = company.token) {
	const sent =
		typeof body === 'string'
			? body
			: JSON.stringify(method === 'ping' ? body : { key: SUBSCRIBE_KEY, ...(body as object) });
	const response = await fetch(company.methodUrl(method), {
		method: 'POST',
		headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
		body: sent,
	});
	return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

describe('module API methods', () => {
	it('ping answers ok and the version', async () => {
		expect(await call('ping', {})).toEqual({
			status: 200,
			body: { ok: true, version: '0.2.0-beta' },
		});
	});

	it('subscribe, list (without the secret), unsubscribe', async () => {
		const created = await call('subscribe', {
			url: 'https://n8n.example.com/webhook/abc',
			events: ['item.created', 'process.activity'],
			applications: ['crm/deals'],
			secret,
		});
		expect(created.status).toBe(200);
		expect(Object.keys(created.body)).toEqual(['id']);
		const id = created.body.id as string;
		expect(id).toMatch(/^[0-9a-f-]{36}$/);
		expect(company.sandbox.storage.subscriptions().find((row) => row.id === id)?.secret).toBe(
			secret,
		);

		expect(await call('list', {})).toEqual({
			status: 200,
			body: {
				subscriptions: [
					{
						id,
						url: 'https://n8n.example.com/webhook/abc',
						events: ['item.created', 'process.activity'],
						applications: ['crm/deals'],
					},
				],
			},
		});

		expect(await call('unsubscribe', { id })).toEqual({ status: 200, body: { ok: true } });
		expect(await call('list', {})).toEqual({ status: 200, body: { subscriptions: [] } });
		expect(await call('unsubscribe', { id })).toEqual({ status: 200, body: { ok: true } });
	});

	it('8 subscribes run in lockstep are all stored (the store is read back after each write)', async () => {
		// Straight into the script, all at once: each reads the store before any writes it, the worst
		// case of one key written whole. Each round stores one more; MAX_STORE_WRITES rounds at most.
		const urls = Array.from({ length: 8 }, (_, n) => `https://n8n.example.com/webhook/${n}`);
		const answers = (await Promise.all(
			urls.map((url) =>
				company.sandbox.run('api-methods.ts', 'subscribe', {
					body: JSON.stringify({ url, events: ['item.created'], secret, key: SUBSCRIBE_KEY }),
				}),
			),
		)) as Array<{ statusCode: number; body: string }>;
		expect(answers.map((a) => a.statusCode)).toEqual(urls.map(() => 200));
		const stored = company.sandbox.storage.subscriptions();
		expect(stored.map((row) => row.url).sort()).toEqual(urls);
		const ids = answers.map((a) => (JSON.parse(a.body) as { id: string }).id);
		expect(stored.map((row) => row.id).sort()).toEqual(ids.sort());
	});

	it('applications may be left out: all apps', async () => {
		const created = await call('subscribe', {
			url: 'http://127.0.0.1:5678/webhook/x',
			events: ['user.created'],
			secret,
		});
		expect(created.status).toBe(200);
		expect((await call('list', {})).body).toEqual({
			subscriptions: [expect.objectContaining({ applications: [] })],
		});
	});

	it.each([
		[{ url: 'ftp://x', events: ['item.created'], secret }, 'url must be an http or https URL'],
		[{ url: 'https://x', events: [], secret }, 'events must be a non-empty array of event names'],
		[{ url: 'https://x', events: ['item.moved'], secret }, 'unknown event "item.moved"'],
		[
			{ url: 'https://x', events: ['item.created'], applications: ['deals'], secret },
			'application "deals" must be "namespace/code"',
		],
		[
			{ url: 'https://x', events: ['item.created'], secret: 'short' },
			'secret must be a string of at least 16 characters',
		],
	])('subscribe refuses %j with 400', async (body, message) => {
		const answer = await call('subscribe', body);
		expect(answer.status).toBe(400);
		expect(answer.body.error).toContain(message);
		expect(company.sandbox.storage.subscriptions()).toHaveLength(0);
	});

	it('unsubscribe of an ID that is no UUID is ok and removes nothing', async () => {
		await call('subscribe', { url: 'https://x.example', events: ['item.created'], secret });
		expect(await call('unsubscribe', { id: 'not-a-uuid' })).toEqual({
			status: 200,
			body: { ok: true },
		});
		expect(company.sandbox.storage.subscriptions()).toHaveLength(1);
	});

	it('unsubscribe without an id is refused with 400', async () => {
		expect(await call('unsubscribe', {})).toEqual({
			status: 400,
			body: { error: 'id must be a non-empty string' },
		});
	});

	it('the emulated company refuses a wrong token', async () => {
		expect((await call('ping', {}, 'wrong')).status).toBe(401);
	});

	it.each([
		['without a key', {}],
		['with another key', { key: 'not-the-key-of-the-setting' }],
		['with the key in another case', { key: SUBSCRIBE_KEY.toUpperCase() }],
	])(
		'subscribe, list and unsubscribe %s are refused with 403 and store nothing',
		async (_case, key) => {
			const body = { url: 'https://x.example', events: ['item.created'], secret, ...key };
			for (const [method, sent] of [
				['subscribe', body],
				['list', key],
				['unsubscribe', { id: '6f3c2b1a-0000-4000-8000-000000000001', ...key }],
			] as const) {
				const response = await fetch(company.methodUrl(method), {
					method: 'POST',
					headers: { Authorization: `Bearer ${company.token}` },
					body: JSON.stringify(sent),
				});
				expect(response.status).toBe(403);
				expect(((await response.json()) as { error: string }).error).toBe(
					'key is not the module setting subscribe_key',
				);
			}
			expect(company.sandbox.storage.writes).toBe(0);
		},
	);

	it('a body that is not JSON carries no key: 403', async () => {
		const answer = await call('subscribe', 'not json');
		expect(answer.status).toBe(403);
		expect(company.sandbox.storage.writes).toBe(0);
	});

	it('with the setting empty nobody may subscribe (403), whatever key is sent', async () => {
		await company.close();
		company = await startModule(createSandbox({ settings: {} }));
		const answer = await call('subscribe', {
			url: 'https://x.example',
			events: ['item.created'],
			secret,
			key: '',
		});
		expect(answer).toEqual({
			status: 403,
			body: {
				error:
					'the module setting subscribe_key is empty: the administrator sets it, and n8n sends it',
			},
		});
		expect(company.sandbox.storage.writes).toBe(0);
	});
});
