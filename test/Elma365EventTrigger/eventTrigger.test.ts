import type { INodeParameters, INodeProperties, INodeTypeDescription } from 'n8n-workflow';
import { createHmac } from 'node:crypto';
import { CONNECTOR_MODULE_ID, subscriptions } from '../harness/routes/connector.ts';
import { itemsOf } from '../harness/routes/app.ts';
import { usePlatform } from '../harness/setup';
import { deduplicationStore } from '../harness/deduplication';
import type { Delivery } from '../harness/webhook';
import {
	WebhookStore,
	deliver,
	lifecycle,
	responseMode,
	startedExecution,
	webhookUrl,
} from '../harness/webhook';
import { harnessClock, useVirtualClock } from '../harness/clock';

const t = usePlatform();
useVirtualClock();
/** The connector module's subscribe_key setting, as the user typed it into the credential's Connector Subscribe Key. */
const KEY = 'subscribe-key-set-by-the-administrator';
const SCRIPT = `/api/extensions/${CONNECTOR_MODULE_ID}/script`;

function options(store: WebhookStore, parameters: Record<string, unknown> = {}) {
	return {
		nodeType: 'elma365EventTrigger',
		parameters: {
			module: { __rl: true, mode: 'id', value: CONNECTOR_MODULE_ID },
			events: ['item.created', 'item.updated'],
			applications: ['crm/deals'],
			...parameters,
		},
		credential: { baseUrl: t.platform.url, apiKey: t.platform.apiKey, subscribeSecret: KEY },
		store,
	};
}

/**
 * A delivery as the connector module signs it (the contract in docs/nodes/event-trigger.md): the
 * timestamp and the signature, never the secret.
 */
function signed(
	secret: string,
	envelope: Record<string, unknown>,
	change: { timestamp?: number; signature?: string; headers?: Record<string, string> } = {},
): Delivery {
	const raw = Buffer.from(JSON.stringify(envelope));
	const timestamp = String(change.timestamp ?? Math.floor(harnessClock.now() / 1000));
	const hmac = createHmac('sha256', secret).update(`${timestamp}.`).update(raw).digest('hex');
	return {
		raw,
		headers: {
			'Content-Type': 'application/json',
			'X-Elma365-Timestamp': timestamp,
			'X-Elma365-Signature': change.signature ?? `sha256=${hmac}`,
			...change.headers,
		},
	};
}

const CREATED = {
	id: 'evt-1',
	event: 'item.created',
	time: '2026-11-26T09:00:00Z',
	namespace: 'crm',
	application: 'deals',
	item: { __id: 'f4f1a2b3-0000-4000-8000-000000000001', __name: 'Deal 1' },
	author: 'a0000000-0000-4000-8000-000000000001',
};

/** Activates the trigger as n8n does: checkExists, then create. */
async function activate(store: WebhookStore, parameters: Record<string, unknown> = {}) {
	expect(await lifecycle(options(store, parameters), 'checkExists')).toBe(false);
	expect(await lifecycle(options(store, parameters), 'create')).toBe(true);
	return store.node().secret as string;
}

afterEach(() => subscriptions(t.platform).clear());

describe('lifecycle', () => {
	test('activation subscribes with our webhook URL, the events, the applications and a new secret', async () => {
		const store = new WebhookStore();
		await activate(store);
		const url = await webhookUrl(options(store));
		expect(url).toMatch(/^http:\/\/127\.0\.0\.1:5678\/webhook\/.+\/webhook$/);
		const subscribe = t.platform.requests.find((r) => r.path === `${SCRIPT}/subscribe`)!;
		expect(subscribe.method).toBe('POST');
		expect(subscribe.headers.authorization).toBe(`Bearer ${t.platform.apiKey}`);
		const { secret } = store.node();
		expect(secret).toMatch(/^[0-9a-f]{64}$/);
		expect(subscribe.body).toEqual({
			url,
			events: ['item.created', 'item.updated'],
			applications: ['crm/deals'],
			secret,
			key: KEY,
		});
		const [held] = [...subscriptions(t.platform).values()];
		expect(store.node()).toEqual({ subscriptionId: held.id, secret });
		// checkExists with nothing stored asks nothing; create asked once.
		expect(t.platform.requests.map((r) => [r.method, r.path])).toEqual([
			['POST', `${SCRIPT}/subscribe`],
		]);
	});

	test('checkExists finds our subscription through list; changed events make it create anew', async () => {
		const store = new WebhookStore();
		await activate(store);
		t.platform.reset();
		expect(await lifecycle(options(store), 'checkExists')).toBe(true);
		expect(t.platform.requests.map((r) => [r.method, r.path, r.body])).toEqual([
			['POST', `${SCRIPT}/list`, { key: KEY }],
		]);
		expect(await lifecycle(options(store, { events: ['item.created'] }), 'checkExists')).toBe(
			false,
		);
	});

	test('a subscription the module lost (reinstalled, emptied) is found and restored at the next activation', async () => {
		const store = new WebhookStore();
		await activate(store);
		const before = store.node();
		subscriptions(t.platform).clear();
		t.platform.reset();
		// n8n activates (or starts with) the published workflow: checkExists, then create.
		expect(await lifecycle(options(store), 'checkExists')).toBe(false);
		expect(await lifecycle(options(store), 'create')).toBe(true);
		expect(t.platform.requests.map((r) => r.path)).toEqual([
			`${SCRIPT}/list`,
			`${SCRIPT}/subscribe`,
		]);
		const [held] = [...subscriptions(t.platform).values()];
		expect(store.node()).toEqual({ subscriptionId: held.id, secret: store.node().secret });
		expect(store.node().secret).not.toBe(before.secret);
	});

	test('deactivation unsubscribes and forgets the ID and secret', async () => {
		const store = new WebhookStore();
		await activate(store);
		const id = store.node().subscriptionId;
		t.platform.reset();
		expect(await lifecycle(options(store), 'delete')).toBe(true);
		expect(t.platform.requests.map((r) => [r.method, r.path, r.body])).toEqual([
			['POST', `${SCRIPT}/unsubscribe`, { id, key: KEY }],
		]);
		expect(subscriptions(t.platform).size).toBe(0);
		expect(store.node()).toEqual({});
	});

	test('a failed unsubscribe keeps the ID for the next try', async () => {
		const store = new WebhookStore();
		await activate(store);
		const before = store.node();
		t.platform.script('POST', `${SCRIPT}/unsubscribe`, { status: 400, body: { error: 'busy' } });
		expect(await lifecycle(options(store), 'delete')).toBe(false);
		expect(store.node()).toEqual(before);
	});

	test('a subscription the module no longer has (404) is forgotten', async () => {
		const store = new WebhookStore();
		await activate(store);
		subscriptions(t.platform).clear();
		expect(await lifecycle(options(store), 'delete')).toBe(true);
		expect(store.node()).toEqual({});
	});

	test("a Base URL given with /pub/v1 still reaches /api/extensions on the company's origin", async () => {
		const store = new WebhookStore();
		const prefixed = {
			...options(store),
			credential: {
				baseUrl: `${t.platform.url}/pub/v1/`,
				apiKey: t.platform.apiKey,
				subscribeSecret: KEY,
			},
		};
		expect(await lifecycle(prefixed, 'create')).toBe(true);
		expect(t.platform.requests.map((r) => r.path)).toEqual([`${SCRIPT}/subscribe`]);
	});

	test("a Connector Subscribe Key the module refuses (403) fails with a message that names the credential's field", async () => {
		const store = new WebhookStore();
		t.platform.script('POST', `${SCRIPT}/subscribe`, {
			status: 403,
			body: { error: 'key is not the module setting subscribe_key' },
		});
		const refused = lifecycle(options(store), 'create');
		await expect(refused).rejects.toThrow(
			"The connector module refused the credential's Connector Subscribe Key",
		);
		expect(store.node()).toEqual({});
	});

	test('a credential without Connector Subscribe Key fails activation before any request, naming where the key goes', async () => {
		const store = new WebhookStore();
		const keyless = {
			...options(store),
			credential: { baseUrl: t.platform.url, apiKey: t.platform.apiKey },
		};
		const refused = lifecycle(keyless, 'create');
		await expect(refused).rejects.toThrow(
			'Connector Subscribe Key is empty in the ELMA365 API credential',
		);
		await expect(refused).rejects.toMatchObject({
			description: expect.stringContaining('subscribe_key'),
		});
		expect(t.platform.requests).toHaveLength(0);
		expect(store.node()).toEqual({});
	});

	test('the key lives in the credential: no parameter of the trigger holds a secret, and the saved workflow holds no key', async () => {
		const { loadPackage } = await import('../harness/engine');
		const { NodeHelpers } = await import('n8n-workflow');
		const loader = await loadPackage();
		const description = loader.nodeTypes.elma365EventTrigger.type
			.description as INodeTypeDescription;
		const secretTyped = (description.properties as INodeProperties[]).filter(
			(p) => p.typeOptions?.password === true || /key|secret|token/i.test(p.name),
		);
		expect(secretTyped).toEqual([]);

		// Subscribed with the key, which only the credential holds.
		const store = new WebhookStore();
		await activate(store);
		const subscribe = t.platform.requests.find((r) => r.path === `${SCRIPT}/subscribe`)!;
		expect(subscribe.body).toMatchObject({ key: KEY });
		// What n8n saves of the workflow: every parameter with its default filled in, the credential
		// by reference, and the node's static data (the subscription's ID and delivery secret).
		const { parameters } = options(store);
		const saved = {
			nodes: [
				{
					type: 'n8n-nodes-elma365.elma365EventTrigger',
					parameters: NodeHelpers.getNodeParameters(
						description.properties,
						parameters as INodeParameters,
						true,
						false,
						null,
						description,
					),
					credentials: { elma365Api: { id: 'cred-1', name: 'ELMA365 test' } },
				},
			],
			staticData: store.data,
		};
		expect(Object.keys(saved.nodes[0].parameters ?? {})).toEqual(
			expect.arrayContaining(['module', 'events', 'applications']),
		);
		expect(JSON.stringify(saved)).not.toContain(KEY);
	});

	test('a module that is not the connector (404 on subscribe) fails with a message that says so', async () => {
		const store = new WebhookStore();
		const other = options(store, {
			module: { __rl: true, mode: 'id', value: '00000000-0000-4000-8000-000000000000' },
		});
		const refused = lifecycle(other, 'create');
		await expect(refused).rejects.toThrow(
			'The module chosen in Module is not the n8n connector module',
		);
		await expect(refused).rejects.toMatchObject({
			description: expect.stringContaining('ELMA365 answered 404 to its "subscribe" API method'),
		});
		expect(store.node()).toEqual({});
	});
});

describe('deliveries', () => {
	test('a signed event is one item, the envelope', async () => {
		const store = new WebhookStore();
		const secret = await activate(store);
		const { response, answered } = await deliver(options(store), signed(secret, CREATED));
		expect(answered).toBeUndefined();
		expect(response.workflowData).toEqual([[{ json: CREATED }]]);
	});

	test.each([
		['a wrong signature', { signature: `sha256=${'0'.repeat(64)}`, skew: undefined }],
		['a timestamp over 5 minutes old', { skew: -301 }],
		['a timestamp over 5 minutes ahead', { skew: 301 }],
	])('%s is refused with 401 and no execution', async (_name, { skew, ...change }) => {
		const store = new WebhookStore();
		const secret = await activate(store);
		const timestamp = skew === undefined ? undefined : Math.floor(harnessClock.now() / 1000) + skew;
		const delivery = signed(secret, CREATED, { ...change, timestamp });
		const { response, answered } = await deliver(options(store), delivery);
		expect(answered).toEqual({ status: 401, body: { message: 'Unauthorized' } });
		expect(response).toEqual({ noWebhookResponse: true });
	});

	test('the secret itself in a header is worth nothing: without the signature, 401', async () => {
		const store = new WebhookStore();
		const secret = await activate(store);
		const { headers, raw } = signed(secret, CREATED, { headers: { 'X-Elma365-Secret': secret } });
		delete headers['X-Elma365-Signature'];
		const { response, answered } = await deliver(options(store), { raw, headers });
		expect(answered).toEqual({ status: 401, body: { message: 'Unauthorized' } });
		expect(response).toEqual({ noWebhookResponse: true });
	});

	test("the event ID is the signed body's: an X-Elma365-Event-Id header is not read", async () => {
		const store = new WebhookStore();
		const secret = await activate(store);
		const delivery = signed(secret, CREATED, { headers: { 'X-Elma365-Event-Id': 'evt-other' } });
		const { response } = await deliver(options(store), delivery);
		expect(response.workflowData).toEqual([[{ json: CREATED }]]);
	});

	test('a body signed with another key, or unsigned, is refused; so is any delivery before activation', async () => {
		const store = new WebhookStore();
		const secret = await activate(store);
		const forged = signed('another secret', CREATED);
		expect((await deliver(options(store), forged)).answered?.status).toBe(401);
		const unsigned = { raw: Buffer.from(JSON.stringify(CREATED)), headers: {} };
		expect((await deliver(options(store), unsigned)).answered?.status).toBe(401);
		const fresh = new WebhookStore();
		expect((await deliver(options(fresh), signed(secret, CREATED))).answered?.status).toBe(401);
	});

	test('a body over 1 MB is refused with 413 before anything else', async () => {
		const store = new WebhookStore();
		const secret = await activate(store);
		const big = signed(secret, { ...CREATED, item: { __id: 'x', text: 'a'.repeat(1024 * 1024) } });
		const { response, answered } = await deliver(options(store), big);
		expect(answered?.status).toBe(413);
		expect(response).toEqual({ noWebhookResponse: true });
	});

	test("a repeated event ID runs once: the execution it starts stops at the trigger (n8n's deduplication store)", async () => {
		const store = new WebhookStore();
		const secret = await activate(store);
		const first = await deliver(options(store), signed(secret, CREATED));
		const delivered = first.response.workflowData![0];
		expect(delivered.map((item) => item.json)).toEqual([CREATED]);
		const output = await startedExecution(options(store), delivered);
		expect(output.map((item) => item.json)).toEqual([CREATED]);
		const again = await deliver(options(store), signed(secret, CREATED));
		expect(again.response.workflowData![0].map((item) => item.json)).toEqual([CREATED]);
		expect(await startedExecution(options(store), again.response.workflowData![0])).toEqual([]);
		// Nothing about deliveries is kept in the static data: only the subscription.
		expect(Object.keys(store.node()).sort()).toEqual(['secret', 'subscriptionId']);
	});

	test('the deduplication store keeps the last 200 event IDs', async () => {
		// IDs of their own: the store (one per test file, as n8n's database) outlives each test.
		const store = new WebhookStore();
		const secret = await activate(store);
		const run = async (id: string) => {
			const { response } = await deliver(options(store), signed(secret, { ...CREATED, id }));
			return await startedExecution(options(store), response.workflowData![0]);
		};
		for (let n = 1; n <= 201; n++) expect(await run(`cap-${n}`)).toHaveLength(1);
		expect(await run('cap-201')).toEqual([]);
		expect(await run('cap-2')).toEqual([]);
		// cap-1 has left the store (a replay that old is refused by its timestamp on a real delivery).
		expect(await run('cap-1')).toHaveLength(1);
	});

	test('an event not chosen is answered 200 without an execution', async () => {
		const store = new WebhookStore();
		const secret = await activate(store);
		const deleted = { ...CREATED, id: 'evt-9', event: 'item.deleted' };
		const { response, answered } = await deliver(options(store), signed(secret, deleted));
		expect(answered?.status).toBe(200);
		expect(response).toEqual({ noWebhookResponse: true });
	});

	test('a signed body that is not an envelope is refused with 400', async () => {
		const store = new WebhookStore();
		const secret = await activate(store);
		const { answered } = await deliver(options(store), signed(secret, { event: 'item.created' }));
		expect(answered?.status).toBe(400);
	});

	test('Fetch Full Item reads the item through the public API', async () => {
		const store = new WebhookStore();
		const withFetch = { options: { fetchFullItem: true } };
		const secret = await activate(store, withFetch);
		const full = { __id: CREATED.item.__id, __name: 'Deal 1', amount: 5 };
		itemsOf(t.platform, 'app', 'crm', 'deals').set(full.__id, full);
		t.platform.reset();
		const { response } = await deliver(options(store, withFetch), signed(secret, CREATED));
		expect(response.workflowData).toEqual([[{ json: { ...CREATED, item: full } }]]);
		expect(t.platform.requests.map((r) => [r.method, r.path, r.headers.authorization])).toEqual([
			['GET', `/pub/v1/app/crm/deals/${CREATED.item.__id}/get`, `Bearer ${t.platform.apiKey}`],
		]);
		itemsOf(t.platform, 'app', 'crm', 'deals').clear();
	});
});

describe("repeats when deliveries arrive together (n8n's deduplication store races)", () => {
	const event = (n: number) => ({ ...CREATED, id: `burst-${n}` });
	const run = async (store: WebhookStore, n: number) =>
		(await startedExecution(options(store), [{ json: event(n) }])).map((item) => item.json.id);
	const ids = Array.from({ length: 30 }, (_, n) => `burst-${n}`);

	beforeEach(() => deduplicationStore().clear());

	test("the store double races as n8n's does: 30 checks at once on a new row fail with SQLITE_CONSTRAINT", async () => {
		// Straight into the store, as 30 executions would call it without the trigger's ordering.
		const context = { workflow: { id: 'wf' }, node: { id: 'n' } } as never;
		const results = await Promise.allSettled(
			ids.map((id) =>
				deduplicationStore().checkProcessedAndRecord([id], 'node', context, { mode: 'entries' }),
			),
		);
		const failed = results.filter((r) => r.status === 'rejected') as PromiseRejectedResult[];
		expect(failed.length).toBeGreaterThan(0);
		expect(String(failed[0].reason)).toContain('SQLITE_CONSTRAINT');
	});

	test('30 events at once on a trigger that never ran: all 30 run, and their 30 repeats at once run none', async () => {
		const store = new WebhookStore();
		const first = await Promise.all(ids.map(async (_, n) => await run(store, n)));
		expect(first).toEqual(ids.map((id) => [id]));
		const again = await Promise.all(ids.map(async (_, n) => await run(store, n)));
		expect(again).toEqual(ids.map(() => []));
	});

	test('copies of one event mixed with other events: each ID runs once', async () => {
		const store = new WebhookStore();
		const order = [0, 1, 0, 2, 0, 3, 1, 0, 4, 2];
		const outputs = await Promise.all(order.map(async (n) => await run(store, n)));
		expect(outputs.flat().sort()).toEqual(['burst-0', 'burst-1', 'burst-2', 'burst-3', 'burst-4']);
	});

	test('an ID another process wrote over at the same moment is recorded again: its repeat stops', async () => {
		const store = new WebhookStore();
		await run(store, 0);
		// Another worker read the row before the trigger recorded burst-1 and writes its copy back after.
		deduplicationStore().loseNextWrites(1);
		const checks = deduplicationStore().checks;
		expect(await run(store, 1)).toEqual(['burst-1']);
		// The trigger checked twice: the second found burst-1 missing and recorded it again.
		const during = deduplicationStore().checks - checks;
		expect(await run(store, 1)).toEqual([]);
		expect(await run(store, 0)).toEqual([]);
		expect(during).toBe(2);
	});

	test('a check that fails once is tried again: the event runs, and its repeat stops', async () => {
		const store = new WebhookStore();
		deduplicationStore().failNextChecks(1);
		expect(await run(store, 1)).toEqual(['burst-1']);
		expect(await run(store, 1)).toEqual([]);
	});

	test('a check that cannot decide (fails twice) lets the event run', async () => {
		const store = new WebhookStore();
		await run(store, 1);
		deduplicationStore().failNextChecks(2);
		// Even a repeat runs then: the store could not say it is one.
		expect(await run(store, 1)).toEqual(['burst-1']);
		expect(await run(store, 2)).toEqual(['burst-2']);
	});
});

describe('process activity', () => {
	test.each([
		[undefined, 'onReceived'],
		['lastNode', 'lastNode'],
		['responseNode', 'responseNode'],
	])('Respond %s is the webhook response mode n8n reads', async (chosen, expected) => {
		const store = new WebhookStore();
		const parameters = {
			events: ['process.activity'],
			...(chosen ? { responseMode: chosen } : {}),
		};
		expect(await responseMode(options(store, parameters))).toBe(expected);
	});

	test('without the process activity (Respond hidden), n8n answers a delivery at once', async () => {
		const store = new WebhookStore();
		const parameters = { events: ['item.created'], responseMode: 'lastNode' };
		expect(await responseMode(options(store, parameters))).toBe('onReceived');
		expect(await responseMode(options(store, { events: ['item.created'] }))).toBe('onReceived');
	});
});
