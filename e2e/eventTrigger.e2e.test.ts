/**
 * The ELMA365 Event Trigger in a real n8n, with the connector module's real scripts
 * (elma365-module/build, run under the SDK emulation by the sandbox: sandboxConnector.ts) on the
 * sandbox company's origin: activation subscribes, the module's handler delivers a signed event
 * that starts exactly one execution, a repeated or forged delivery starts none, deactivation
 * unsubscribes, and the "Send to n8n" activity gets the workflow's answer.
 */
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
	type Execution,
	MODULE_ID,
	SCRIPT,
	SUBSCRIBE_KEY,
	TRIGGER_CREDENTIAL,
	activateTrigger,
	apiEvents,
	deactivate,
	emit,
	executionsOf,
	finished,
	runActivity,
	signedHeaders,
	storedSubscriptions,
	triggerItem,
	triggerItems,
	untilUnsubscribed,
} from './connector';
import { itemEvent } from '../elma365-module/test/emulation.ts';
import { clearSandboxRequests, n8nApi, sandboxRequests, state } from './helpers';

const DEALS = {
	first: {
		__id: '7a000000-0000-4000-8000-0000000000a1',
		__name: 'Office chairs',
		amount: { cents: 120000, currency: 'EUR' },
	},
	second: {
		__id: '7b000000-0000-4000-8000-0000000000a2',
		__name: 'Standing desks',
		amount: { cents: 540000, currency: 'EUR' },
	},
};
/**
 * The handler context of an item created in crm/deals as the vendor's own handlers read it
 * (`Context.data.__item` and `.item`: elma365-module/test/emulation.ts, itemEvent).
 */
const created = (item: Record<string, unknown> & { __id: string }) =>
	itemEvent('crm', 'deals', item);
const ISO_TIME = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;

/** The module API calls the sandbox received: [method, path, body]. */
async function moduleCalls() {
	return (await sandboxRequests())
		.filter((r) => r.path.startsWith('/api/extensions/'))
		.map((r) => [r.method, r.path, r.body, r.headers.authorization]);
}

/** What the editor lists, asked the way it asks (n8n's dynamic-node-parameters routes). */
async function editorAsks(route: string, extra: Record<string, unknown>) {
	const response = await fetch(`${state.n8nUrl}/rest/dynamic-node-parameters/${route}`, {
		method: 'POST',
		headers: { 'content-type': 'application/json', cookie: state.cookie },
		body: JSON.stringify({
			nodeTypeAndVersion: { name: 'n8n-nodes-elma365.elma365EventTrigger', version: 1 },
			currentNodeParameters: { events: ['item.created'] },
			credentials: { elma365Api: { id: state.credentialId, name: 'ELMA365 sandbox' } },
			...extra,
		}),
	});
	expect(response.status).toBe(200);
	return ((await response.json()) as { data: unknown }).data;
}

describe('ELMA365 Event Trigger with the connector module', () => {
	let workflowId: string;
	let url: string;
	let subscription: { id: string; secret: string };
	let first: { id: string; body: string; delivery: Record<string, string> };

	afterAll(async () => {
		if (workflowId) await n8nApi('POST', `/workflows/${workflowId}/deactivate`);
	});

	test('the editor offers the module and the applications the user picks', async () => {
		const modules = (await editorAsks('resource-locator-results', {
			path: 'parameters.module',
			methodName: 'searchModules',
		})) as { results: Array<{ name: string; value: string }> };
		// The connector first, answering its ping; the sandbox's other modules after it, marked.
		expect(modules.results[0]).toEqual(
			expect.objectContaining({
				name: expect.stringMatching(/: n8n connector 0\.2\.0-beta$/),
				value: MODULE_ID,
			}),
		);
		expect(modules.results.slice(1).map((m) => m.name)).toEqual(
			modules.results.slice(1).map(() => expect.stringMatching(/: not the n8n connector$/)),
		);
		expect(modules.results.length).toBeGreaterThan(1);
		const applications = (await editorAsks('options', {
			path: 'parameters.applications',
			methodName: 'getApplications',
		})) as Array<{ name: string; value: string }>;
		expect(applications).toContainEqual({ name: 'Deals (crm/deals)', value: 'crm/deals' });
	});

	test('activation subscribes once with the production webhook URL, the events and the application', async () => {
		await clearSandboxRequests();
		({ workflowId, url } = await activateTrigger('e2e event trigger', {
			events: ['item.created'],
			applications: ['crm/deals'],
		}));
		expect(url).toMatch(new RegExp(`^${state.n8nUrl}/webhook/[0-9a-f-]{36}/webhook$`));
		const [stored, ...others] = await storedSubscriptions();
		expect(others).toEqual([]);
		expect(stored).toEqual({
			id: expect.stringMatching(/^[0-9a-f-]{36}$/),
			url,
			events: ['item.created'],
			applications: ['crm/deals'],
			secret: expect.stringMatching(/^[0-9a-f]{64}$/),
		});
		subscription = stored;
		expect(await moduleCalls()).toEqual([
			[
				'POST',
				`${SCRIPT}/subscribe`,
				{
					url,
					events: ['item.created'],
					applications: ['crm/deals'],
					secret: stored.secret,
					key: SUBSCRIBE_KEY,
				},
				`Bearer ${state.sandboxKey}`,
			],
		]);
		// n8n keeps the module's ID for the subscription and the secret in the node's static data.
		const { json } = await n8nApi('GET', `/workflows/${workflowId}`);
		expect((json.staticData as Record<string, unknown>)['node:ELMA365']).toEqual({
			subscriptionId: stored.id,
			secret: stored.secret,
		});
	});

	test("the active workflow holds no subscribe key: not in its export, not in its history, not in n8n's database", async () => {
		const exported = await n8nApi('GET', `/workflows/${workflowId}`);
		expect(exported.status).toBe(200);
		const trigger = (exported.json.nodes as Array<Record<string, unknown>>).find(
			(node) => node.name === 'ELMA365',
		)!;
		expect(Object.keys(trigger.parameters as object)).toEqual(
			expect.arrayContaining(['module', 'events', 'applications']),
		);
		expect(trigger.credentials).toEqual({
			elma365Api: { id: expect.any(String), name: TRIGGER_CREDENTIAL },
		});
		expect(JSON.stringify(exported.json)).not.toContain(SUBSCRIBE_KEY);

		const history = await n8nApi('GET', `/workflows/${workflowId}/history`);
		expect(history.status).toBe(200);
		const versions = history.json.data as Array<{ versionId: string }>;
		expect(versions.length).toBeGreaterThan(0);
		for (const { versionId } of versions) {
			const version = await n8nApi('GET', `/workflows/${workflowId}/versions/${versionId}`);
			expect(version.status).toBe(200);
			expect(JSON.stringify(version.json)).toContain('elma365EventTrigger');
			expect(JSON.stringify(version.json)).not.toContain(SUBSCRIBE_KEY);
		}

		// The single-process n8n keeps everything in SQLite in its user folder: the credential is
		// stored encrypted, so the key's text is nowhere in the database (nor in its write-ahead log).
		const database = path.join(state.userFolder, '.n8n', 'database.sqlite');
		const files = [database, `${database}-wal`].filter((file) => fs.existsSync(file));
		expect(files).toContain(database);
		for (const file of files) expect(fs.readFileSync(file).includes(SUBSCRIBE_KEY)).toBe(false);
	});

	test("an item created in the app: the module's delivery starts exactly one execution with the item", async () => {
		const started = Date.now();
		const { deliveries, errors } = await emit('item.created', created(DEALS.first));
		const [execution] = await finished(workflowId, 1);
		console.log(`event to finished execution: ${Date.now() - started} ms`);
		expect(errors).toEqual([]);
		expect(deliveries.map((d) => [d.url, d.status])).toEqual([[url, 200]]);
		const body = JSON.parse(deliveries[0].body) as { id: string };
		expect(execution.status).toBe('success');
		expect(execution.mode).toBe('webhook');
		expect(triggerItem(execution)).toEqual({
			id: body.id,
			event: 'item.created',
			time: expect.stringMatching(ISO_TIME),
			namespace: 'crm',
			application: 'deals',
			item: DEALS.first,
		});
		first = { id: body.id, body: deliveries[0].body, delivery: deliveries[0].headers };
	});

	test('the same delivery sent again (a retry) runs nothing: its execution stops at the trigger', async () => {
		const response = await fetch(url, {
			method: 'POST',
			headers: first.delivery,
			body: first.body,
		});
		expect(response.status).toBe(200);
		const [, retry, ...more] = await finished(workflowId, 2);
		expect(more).toEqual([]);
		expect(retry.status).toBe('success');
		expect(triggerItems(retry)).toEqual([]);
	});

	test.each([
		['a signature keyed with another secret', { secret: 'f'.repeat(64) }],
		['a wrong signature', { signature: `sha256=${'0'.repeat(64)}` }],
		['a timestamp ten minutes old', { timestamp: Math.floor(Date.now() / 1000) - 600 }],
	])('a delivery with %s is refused with 401', async (_case, change) => {
		const body = JSON.stringify({ ...JSON.parse(first.body), id: randomUUID() });
		const response = await fetch(url, {
			method: 'POST',
			headers: signedHeaders(subscription.secret, body, change),
			body,
		});
		expect(response.status).toBe(401);
		expect(await response.json()).toEqual({ message: 'Unauthorized' });
	});

	test('a delivery without the headers is refused with 401', async () => {
		const body = JSON.stringify({ ...JSON.parse(first.body), id: randomUUID() });
		const response = await fetch(url, {
			method: 'POST',
			headers: { 'content-type': 'application/json' },
			body,
		});
		expect(response.status).toBe(401);
	});

	test('the refused deliveries started no execution: the next event is the third and last', async () => {
		const { deliveries } = await emit('item.created', created(DEALS.second));
		expect(deliveries.map((d) => d.status)).toEqual([200]);
		const executions = await finished(workflowId, 3);
		expect(executions).toHaveLength(3);
		expect(
			executions.map((e) => triggerItems(e).map((item) => (item as { item: unknown }).item)),
		).toEqual([[DEALS.first], [], [DEALS.second]]);
		// An event of another application is not sent by the module at all.
		const other = await emit('item.created', itemEvent('crm', 'companies', { __id: randomUUID() }));
		expect(other.deliveries).toEqual([]);
	});

	test('deactivation unsubscribes once and the store is empty', async () => {
		await clearSandboxRequests();
		await deactivate(workflowId);
		await untilUnsubscribed();
		expect(await moduleCalls()).toEqual([
			[
				'POST',
				`${SCRIPT}/unsubscribe`,
				{ id: subscription.id, key: SUBSCRIBE_KEY },
				`Bearer ${state.sandboxKey}`,
			],
		]);
		expect(await storedSubscriptions()).toEqual([]);
		// The module has nobody to send the next event to.
		expect((await emit('item.created', created(DEALS.first))).deliveries).toEqual([]);
		expect(await executionsOf(workflowId)).toHaveLength(3);
		workflowId = '';
	});
});

test("an item created through the sandbox's API runs the module's handler: exactly one execution with the item", async () => {
	const { workflowId } = await activateTrigger('e2e event trigger from the API', {
		events: ['item.created', 'item.updated'],
		applications: ['crm/deals'],
	});
	try {
		const before = (await apiEvents()).length;
		/** What an ELMA365 node sends to create an item (the App node's Create). */
		const create = async (app: string, context: Record<string, unknown>) => {
			const response = await fetch(`${state.sandboxUrl}/pub/v1/app/${app}/create`, {
				method: 'POST',
				headers: {
					authorization: `Bearer ${state.sandboxKey}`,
					'content-type': 'application/json',
				},
				body: JSON.stringify({ context }),
			});
			expect(response.status).toBe(200);
			return ((await response.json()) as { item: Record<string, unknown> & { __id: string } }).item;
		};
		const started = Date.now();
		const item = await create('crm/deals', {
			__name: 'Desk lamps',
			amount: { cents: 3000, currency: 'EUR' },
		});
		const [execution] = await finished(workflowId, 1);
		console.log(`item created through the API to finished execution: ${Date.now() - started} ms`);
		expect(execution.status).toBe('success');
		expect(triggerItem(execution)).toEqual({
			id: expect.stringMatching(/^[0-9a-f-]{36}$/),
			event: 'item.created',
			time: expect.stringMatching(ISO_TIME),
			namespace: 'crm',
			application: 'deals',
			item,
		});
		// An item of another application runs the handler too, which sends nothing.
		const company = await create('crm/companies', { __name: 'Acme' });
		let events = (await apiEvents()).slice(before);
		for (let i = 0; events.length < 2 && i < 100; i++) {
			await new Promise((resolve) => setTimeout(resolve, 100));
			events = (await apiEvents()).slice(before);
		}
		expect(
			events.map((e) => [e.event, e.code, e.id, e.deliveries.map((d) => d.status), e.errors]),
		).toEqual([
			['item.created', 'deals', item.__id, [200], []],
			['item.created', 'companies', company.__id, [], []],
		]);
		expect(await executionsOf(workflowId)).toHaveLength(1);

		// A restarted sandbox: a new process reading the module's store that the running one kept
		// (ELMA365_SANDBOX_MODULE_STORAGE, set by scripts/start.mjs) still delivers.
		const store = path.join(state.userFolder, 'sandbox-module-storage.json');
		const copy = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'sandbox-store-')), 'store.json');
		fs.copyFileSync(store, copy);
		const restarted = spawn(
			process.execPath,
			['--disable-warning=MODULE_TYPELESS_PACKAGE_JSON', 'e2e/sandbox.ts', '--port', '0'],
			{
				cwd: path.resolve(__dirname, '..'),
				env: { ...process.env, ELMA365_SANDBOX_MODULE_STORAGE: copy },
				stdio: ['ignore', 'pipe', 'inherit'],
			},
		);
		try {
			const restartedUrl = await new Promise<string>((resolve, reject) => {
				let out = '';
				restarted.stdout.on('data', (chunk: Buffer) => {
					out += chunk.toString();
					const found = /on (http:\/\/127\.0\.0\.1:\d+)/.exec(out);
					if (found) resolve(found[1]);
				});
				restarted.on('exit', (code) => reject(new Error(`the sandbox exited (${code})`)));
			});
			const response = await fetch(`${restartedUrl}/pub/v1/app/crm/deals/create`, {
				method: 'POST',
				headers: {
					authorization: `Bearer ${state.sandboxKey}`,
					'content-type': 'application/json',
				},
				body: JSON.stringify({ context: { __name: 'After the restart' } }),
			});
			expect(response.status).toBe(200);
			const after = ((await response.json()) as { item: Record<string, unknown> }).item;
			const [, second, ...more] = await finished(workflowId, 2);
			expect(more).toEqual([]);
			expect(triggerItem(second)).toEqual(
				expect.objectContaining({ event: 'item.created', item: after }),
			);
		} finally {
			restarted.kill();
		}
	} finally {
		await deactivate(workflowId);
		await untilUnsubscribed();
	}
});

test('Fetch Full Item: the execution carries the item as the public API reads it', async () => {
	const { workflowId } = await activateTrigger('e2e event trigger full item', {
		events: ['item.created', 'item.updated'],
		applications: ['crm/deals'],
		options: { fetchFullItem: true },
	});
	try {
		const read = await fetch(`${state.sandboxUrl}/pub/v1/app/crm/deals/${DEALS.second.__id}/get`, {
			headers: { authorization: `Bearer ${state.sandboxKey}` },
		});
		const { item } = (await read.json()) as { item: Record<string, unknown> };
		expect(item).toMatchObject(DEALS.second);
		await clearSandboxRequests();
		// The event carries the name only; the full item has the amount too.
		const { deliveries } = await emit(
			'item.updated',
			itemEvent('crm', 'deals', { __id: DEALS.second.__id, __name: DEALS.second.__name }, true),
		);
		expect(deliveries.map((d) => d.status)).toEqual([200]);
		const [execution] = await finished(workflowId, 1);
		expect(triggerItem(execution)).toEqual({
			id: JSON.parse(deliveries[0].body).id,
			event: 'item.updated',
			time: expect.stringMatching(ISO_TIME),
			namespace: 'crm',
			application: 'deals',
			item,
		});
		const reads = (await sandboxRequests()).filter((r) => r.path.startsWith('/pub/v1/'));
		expect(reads.map((r) => [r.method, r.path])).toEqual([
			['GET', `/pub/v1/app/crm/deals/${DEALS.second.__id}/get`],
		]);
	} finally {
		await deactivate(workflowId);
		await untilUnsubscribed();
	}
});

test('"Send to n8n": the process activity gets the answer of a workflow in respond mode', async () => {
	const { workflowId } = await activateTrigger(
		'e2e event trigger activity',
		{ events: ['process.activity'], responseMode: 'lastNode' },
		[
			{
				parameters: {
					mode: 'manual',
					assignments: {
						assignments: [
							{
								id: randomUUID(),
								name: 'approved',
								value: '={{ $json.context.amount < 1000 }}',
								type: 'boolean',
							},
							{
								id: randomUUID(),
								name: 'limit',
								value: '={{ $json.context.amount * 2 }}',
								type: 'number',
							},
							{
								id: randomUUID(),
								name: 'deal',
								value: '={{ $json.context.deal }}',
								type: 'string',
							},
						],
					},
					options: {},
				},
				id: randomUUID(),
				name: 'Decide',
				type: 'n8n-nodes-base.set',
				typeVersion: 3.4,
				position: [260, 0],
			},
		],
	);
	try {
		const { outputs, deliveries, errors } = await runActivity(
			'{"deal":"Office chairs","amount":800}',
		);
		expect(errors).toEqual([]);
		expect(deliveries).toHaveLength(1);
		expect(outputs).toEqual({
			payload: '{"deal":"Office chairs","amount":800}',
			ok: true,
			status: 200,
			answer: expect.any(String),
		});
		expect(JSON.parse(outputs.answer as string)).toEqual({
			approved: true,
			limit: 1600,
			deal: 'Office chairs',
		});
		const [execution] = await finished(workflowId, 1);
		expect(triggerItem(execution)).toEqual({
			id: JSON.parse(deliveries[0].body).id,
			event: 'process.activity',
			time: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
			context: { deal: 'Office chairs', amount: 800 },
		});
	} finally {
		await deactivate(workflowId);
		await untilUnsubscribed();
	}
});

test('bursts on a trigger that never ran: every event runs once, repeats run none', async () => {
	const { workflowId, url } = await activateTrigger('e2e event trigger burst', {
		events: ['item.created'],
		applications: ['crm/deals'],
	});
	try {
		const [{ secret }] = (await storedSubscriptions()).filter((s) => s.url === url);
		/** One signed delivery of event `id`, as the module sends it; n8n's status. */
		const send = async (id: string) => {
			const body = JSON.stringify({
				id,
				event: 'item.created',
				time: new Date().toISOString(),
				namespace: 'crm',
				application: 'deals',
				item: { __id: id },
			});
			const response = await fetch(url, {
				method: 'POST',
				headers: signedHeaders(secret, body),
				body,
			});
			await response.arrayBuffer();
			return response.status;
		};
		const ran = (executions: Execution[]) =>
			executions.flatMap((e) => triggerItems(e).map((item) => (item as { id: string }).id));
		const ok = (ids: string[]) => ids.map(() => 200);

		// 30 events at once on a trigger whose repeat store has no row yet.
		const ids = Array.from({ length: 30 }, () => randomUUID());
		let started = Date.now();
		expect(await Promise.all(ids.map(send))).toEqual(ok(ids));
		let executions = await finished(workflowId, 30, 180);
		console.log(`30 deliveries at once to 30 finished executions: ${Date.now() - started} ms`);
		expect(executions.map((e) => e.status)).toEqual(ids.map(() => 'success'));
		expect(ran(executions).sort()).toEqual([...ids].sort());

		// The same 30 again, at once: 30 executions that stop at the trigger.
		expect(await Promise.all(ids.map(send))).toEqual(ok(ids));
		executions = await finished(workflowId, 60, 180);
		expect(executions.map((e) => e.status)).toEqual([...ids, ...ids].map(() => 'success'));
		expect(ran(executions).sort()).toEqual([...ids].sort());

		// Copies mixed with new events, and a retry after 0.5 s and 1.5 s.
		const fresh = Array.from({ length: 5 }, () => randomUUID());
		const copies = [...fresh, ...fresh, fresh[0], fresh[0], fresh[0]];
		const after = async (ms: number, id: string) => {
			await new Promise((resolve) => setTimeout(resolve, ms));
			return await send(id);
		};
		started = Date.now();
		const statuses = await Promise.all([
			...copies.map(send),
			after(500, fresh[1]),
			after(1500, fresh[1]),
		]);
		expect(statuses).toEqual(ok([...copies, '', '']));
		executions = await finished(workflowId, 60 + copies.length + 2, 180);
		console.log(`${copies.length + 2} mixed deliveries finished: ${Date.now() - started} ms`);
		expect(executions.every((e) => e.status === 'success')).toBe(true);
		expect(ran(executions).sort()).toEqual([...ids, ...fresh].sort());
	} finally {
		await deactivate(workflowId);
		await untilUnsubscribed();
	}
});
