/**
 * The ELMA365 Event Trigger in queue mode (scripts/queue.mjs): the main activates it (the connector
 * module in the sandbox receives the subscription) and receives the module's delivery, a worker runs
 * the execution (read from each worker's log: "Worker finished execution <id>"), a retry of the
 * delivery runs nothing, and deactivation unsubscribes. The single-process suite (../eventTrigger.e2e.test.ts) covers the rest.
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import {
	type Execution,
	SCRIPT,
	activateTrigger,
	deactivate,
	emit,
	executionsOf,
	finished,
	signedHeaders,
	storedSubscriptions,
	triggerItem,
	triggerItems,
	untilUnsubscribed,
} from '../connector';
import { itemEvent } from '../../elma365-module/test/emulation.ts';
import type { State } from '../helpers';
import { clearSandboxRequests, sandboxRequests, state } from '../helpers';

const queue = state as State & { mainLog: string; workers: Array<{ name: string; log: string }> };

const DEAL = {
	__id: '7a000000-0000-4000-8000-0000000000a1',
	__name: 'Office chairs',
	amount: { cents: 120000, currency: 'EUR' },
};

/** The workers whose log says they finished the execution. */
function workersOf(executionId: string): string[] {
	return queue.workers
		.filter((w) =>
			fs.readFileSync(w.log, 'utf8').includes(`Worker finished execution ${executionId} (`),
		)
		.map((w) => w.name);
}

async function moduleCalls() {
	return (await sandboxRequests())
		.filter((r) => r.path.startsWith('/api/extensions/'))
		.map((r) => [r.method, r.path]);
}

test('activation on the main subscribes, one event is one execution on a worker, deactivation unsubscribes', async () => {
	await clearSandboxRequests();
	const { workflowId, url } = await activateTrigger('queue event trigger', {
		events: ['item.created'],
		applications: ['crm/deals'],
	});
	try {
		const [stored, ...others] = await storedSubscriptions();
		expect(others).toEqual([]);
		expect(stored).toMatchObject({
			url,
			events: ['item.created'],
			applications: ['crm/deals'],
		});
		expect(await moduleCalls()).toEqual([['POST', `${SCRIPT}/subscribe`]]);

		const { deliveries, errors } = await emit('item.created', itemEvent('crm', 'deals', DEAL));
		expect(errors).toEqual([]);
		expect(deliveries.map((d) => [d.url, d.status])).toEqual([[url, 200]]);
		const [execution, ...more] = await finished(workflowId, 1, 120);
		expect(more).toEqual([]);
		expect(execution.status).toBe('success');
		expect(triggerItem(execution)).toEqual({
			id: JSON.parse(deliveries[0].body).id,
			event: 'item.created',
			time: JSON.parse(deliveries[0].body).time,
			namespace: 'crm',
			application: 'deals',
			item: DEAL,
		});
		// The main enqueued it; exactly one worker ran it (its log line may follow the status).
		for (let i = 0; i < 100 && workersOf(execution.id).length === 0; i++)
			await new Promise((resolve) => setTimeout(resolve, 100));
		expect(workersOf(execution.id)).toHaveLength(1);
		const mainLog = fs.readFileSync(queue.mainLog, 'utf8');
		expect(mainLog).toContain(`Enqueued execution ${execution.id} `);
		expect(mainLog).not.toContain(`Worker finished execution ${execution.id} `);

		// The module's retry of the same delivery reaches the main again; the worker that runs its
		// execution finds the ID in n8n's deduplication store (in the database) and the execution
		// stops at the trigger. The subscription's secret, in static data, is untouched.
		const again = await fetch(url, {
			method: 'POST',
			headers: deliveries[0].headers,
			body: deliveries[0].body,
		});
		expect(again.status).toBe(200);
		const [, retry, ...later] = await finished(workflowId, 2, 120);
		expect(later).toEqual([]);
		expect(retry.status).toBe('success');
		expect(triggerItems(retry)).toEqual([]);
	} finally {
		await clearSandboxRequests();
		await deactivate(workflowId);
		await untilUnsubscribed();
	}
	expect(await moduleCalls()).toEqual([['POST', `${SCRIPT}/unsubscribe`]]);
	expect(await executionsOf(workflowId)).toHaveLength(2);
});

test('bursts on a trigger that never ran: every event runs on some worker; repeats are measured', async () => {
	const { workflowId, url } = await activateTrigger('queue event trigger burst', {
		events: ['item.created'],
		applications: ['crm/deals'],
	});
	try {
		const [{ secret }] = (await storedSubscriptions()).filter((s) => s.url === url);
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
		const ids = Array.from({ length: 30 }, () => randomUUID());

		// New events: none lost, whichever worker runs them and however the checks collide.
		let started = Date.now();
		expect(await Promise.all(ids.map(send))).toEqual(ids.map(() => 200));
		let executions = await finished(workflowId, 30, 240);
		console.log(
			`queue: 30 deliveries at once to 30 finished executions: ${Date.now() - started} ms`,
		);
		expect(executions.map((e) => e.status)).toEqual(ids.map(() => 'success'));
		expect(ran(executions).sort()).toEqual([...ids].sort());
		const byWorker = new Map<string, number>();
		for (const e of executions)
			for (const w of workersOf(e.id)) byWorker.set(w, (byWorker.get(w) ?? 0) + 1);
		console.log(`queue: executions per worker ${JSON.stringify([...byWorker])}`);

		// The same 30 again at once: at least once across workers, so some may run again. Measured.
		started = Date.now();
		expect(await Promise.all(ids.map(send))).toEqual(ids.map(() => 200));
		executions = await finished(workflowId, 60, 240);
		expect(executions.every((e) => e.status === 'success')).toBe(true);
		const again = ran(executions.slice(30)).length;
		console.log(`queue: repeats of 30 events sent at once that ran again: ${again}`);
		expect(ran(executions.slice(0, 30)).sort()).toEqual([...ids].sort());
	} finally {
		await deactivate(workflowId);
		await untilUnsubscribed();
	}
});
