/**
 * What only queue mode can get wrong, against an n8n main and two workers (scripts/queue.mjs):
 * executions run on the workers (which one is read from each worker's log: "Worker finished
 * execution <id>"), binary data crosses processes through the database, and the polling trigger,
 * which runs on the main, emits every new item exactly once while its executions land on either worker.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import type { State } from '../helpers';
import {
	activateWorkflow,
	callWebhook,
	clearSandboxRequests,
	elma365Node,
	locator,
	n8nApi,
	postWebhook,
	sandboxData,
	sandboxRequests,
	state,
	webhookWorkflow,
} from '../helpers';

interface QueueState extends State {
	mainLog: string;
	workers: Array<{ name: string; log: string }>;
}
const queue = state as QueueState;

const S = {
	letters: '5b000000-0000-4000-8000-0000000000d2',
	incoming: '6b000000-0000-4000-8000-0000000000c2',
	diskDirectory: 'aa000000-0000-4000-8000-0000000000d1',
};

interface Execution {
	id: string;
	status: string;
	workflowId: string;
	data?: {
		resultData: {
			runData: Record<
				string,
				Array<{
					data: {
						main: Array<
							Array<{ json: Record<string, unknown>; binary?: Record<string, { id?: string }> }>
						>;
					};
				}>
			>;
		};
	};
}

/** The workers whose log says they finished the execution (exactly one is expected). */
function workersOf(executionId: string): string[] {
	return queue.workers
		.filter((w) =>
			fs.readFileSync(w.log, 'utf8').includes(`Worker finished execution ${executionId} (`),
		)
		.map((w) => w.name);
}

async function executionsOf(workflowId: string, includeData = false): Promise<Execution[]> {
	const { status, json } = await n8nApi(
		'GET',
		`/executions?workflowId=${workflowId}&limit=250&includeData=${includeData}`,
	);
	expect(status).toBe(200);
	return (json.data as Execution[]).sort((a, b) => Number(a.id) - Number(b.id));
}

async function until<T>(
	what: string,
	seconds: number,
	probe: () => Promise<T | undefined>,
): Promise<T> {
	const deadline = Date.now() + seconds * 1000;
	for (;;) {
		const value = await probe();
		if (value !== undefined) return value;
		if (Date.now() > deadline) throw new Error(`timed out after ${seconds} s waiting for ${what}`);
		await new Promise((resolve) => setTimeout(resolve, 1000));
	}
}

/** Waits until every execution of the workflow is done and its worker has logged it. */
async function settled(workflowId: string, count: number): Promise<Execution[]> {
	return await until(`${count} finished executions of workflow ${workflowId}`, 120, async () => {
		const executions = await executionsOf(workflowId);
		const done = executions.filter(
			(e) => e.status !== 'running' && e.status !== 'new' && workersOf(e.id).length > 0,
		);
		return done.length >= count ? executions : undefined;
	});
}

test('the main enqueues, the workers run: every execution ran on exactly one worker, and both workers took some', async () => {
	const workflowId = await webhookWorkflow('queue-case-update', 'elma365Nomenclature', {
		resource: 'case',
		operation: 'update',
		caseId: locator(S.incoming),
		directoryId: locator(S.letters),
		docflow: 'input',
		name: '={{ $json.body.name }}',
	});
	await clearSandboxRequests();
	const names = Array.from({ length: 20 }, (_, i) => `queue update ${i + 1}`);
	// Five at a time, so the workers have several jobs waiting at once.
	const answers: Array<{ status: number; json: unknown }> = [];
	for (let i = 0; i < names.length; i += 5) {
		answers.push(
			...(await Promise.all(
				names.slice(i, i + 5).map((name) => callWebhook('queue-case-update', { name })),
			)),
		);
	}
	expect(answers.map((a) => a.status)).toEqual(names.map(() => 200));
	expect(answers.map((a) => (a.json as Array<{ name: string }>)[0].name)).toEqual(names);

	const requests = await sandboxRequests();
	expect(requests.map((r) => [r.method, r.path])).toEqual(
		names.map(() => ['PUT', `/pub/v1/nomenclature/${S.incoming}`]),
	);
	expect(requests.map((r) => (r.body as { name: string }).name).sort()).toEqual([...names].sort());

	const executions = await settled(workflowId, names.length);
	expect(executions).toHaveLength(names.length);
	expect(executions.map((e) => e.status)).toEqual(names.map(() => 'success'));
	const ranOn = executions.map((e) => workersOf(e.id));
	for (const workers of ranOn) expect(workers).toHaveLength(1);
	expect(new Set(ranOn.flat())).toEqual(new Set(queue.workers.map((w) => w.name)));
	// The main only enqueued them.
	const mainLog = fs.readFileSync(queue.mainLog, 'utf8');
	for (const execution of executions)
		expect(mainLog).toContain(`Enqueued execution ${execution.id} `);
	expect(mainLog).not.toContain('Worker finished execution');
});

describe('binary data between processes (N8N_DEFAULT_BINARY_DATA_MODE=database)', () => {
	// Every byte value, and more than one database page of them.
	const bytes = Buffer.concat([
		Buffer.from(Array.from({ length: 256 }, (_, i) => i)),
		randomBytes(300_000),
	]);
	let fileId: string;

	test("upload: a file posted to the main's webhook reaches the platform byte for byte from a worker", async () => {
		// Into a directory: a temporary upload keeps only a body under its hash, with no file ID to download.
		const workflowId = await webhookWorkflow(
			'queue-upload',
			'elma365File',
			{
				resource: 'file',
				operation: 'uploadToDirectory',
				directoryId: locator(S.diskDirectory),
				binaryPropertyName: 'data',
			},
			{ options: { binaryData: true } },
		);
		await clearSandboxRequests();
		const response = await postWebhook('queue-upload', {
			headers: {
				'content-type': 'application/pdf',
				'content-disposition': 'attachment; filename="queue report.pdf"',
			},
			body: bytes,
		});
		expect(response.status).toBe(200);
		const [uploaded] = (await response.json()) as Array<Record<string, unknown>>;
		expect(uploaded).toMatchObject({
			name: 'queue report.pdf',
			originalName: 'queue report.pdf',
			size: bytes.length,
			version: 1,
		});
		fileId = uploaded.__id as string;

		const requests = await sandboxRequests();
		expect(requests.map((r) => [r.method, r.path, Object.keys(r.query)])).toEqual([
			['POST', `/pub/v1/disk/directory/${S.diskDirectory}/upload`, ['hash']],
		]);
		expect(requests[0].query.hash).toBe(uploaded.hash);
		// End exclusive, as the vendor documents it.
		expect(requests[0].headers['content-range']).toBe(`bytes 0-${bytes.length}/${bytes.length}`);
		const stored = (await sandboxData('diskFiles')).find((f) => f.__id === fileId) as {
			data: { type: string; data: number[] };
			mimeType: string;
		};
		expect(stored.mimeType).toBe('application/pdf');
		expect(Buffer.from(stored.data.data).equals(bytes)).toBe(true);

		const [execution] = await settled(workflowId, 1);
		expect(workersOf(execution.id)).toHaveLength(1);
		const { json } = await n8nApi('GET', `/executions/${execution.id}?includeData=true`);
		const webhookOut = (json as unknown as Execution).data!.resultData.runData.Webhook[0].data
			.main[0][0];
		// The main stored the webhook's file in the database, where the worker read it.
		expect(webhookOut.binary!.data.id).toMatch(/^database:/);
	});

	test('download: a worker fetches the file, the main answers the webhook with its bytes', async () => {
		const workflowId = await webhookWorkflow(
			'queue-download',
			'elma365File',
			{
				resource: 'file',
				operation: 'download',
				fileId: '={{ $json.body.fileId }}',
				binaryPropertyName: 'data',
			},
			{ responseData: 'firstEntryBinary', responseBinaryPropertyName: 'data' },
		);
		const response = await postWebhook('queue-download', {
			headers: { 'content-type': 'application/json' },
			body: JSON.stringify({ fileId }),
		});
		expect(response.status).toBe(200);
		expect(response.headers.get('content-type')).toMatch(/^application\/pdf/);
		expect(Buffer.from(await response.arrayBuffer()).equals(bytes)).toBe(true);

		const [execution] = await settled(workflowId, 1);
		expect(workersOf(execution.id)).toHaveLength(1);
		const { json } = await n8nApi('GET', `/executions/${execution.id}?includeData=true`);
		const out = (json as unknown as Execution).data!.resultData.runData.ELMA365[0].data.main[0][0];
		expect(out.json).toEqual({
			fileId,
			link: `${queue.sandboxUrl}/pub/v1/disk/download/${fileId}`,
			fileName: 'queue report.pdf',
			mimeType: 'application/pdf',
			size: bytes.length,
		});
		expect(out.binary!.data.id).toMatch(/^database:/);
	});
});

describe('ELMA365 Trigger in queue mode', () => {
	const applications = ['deals', 'companies'];
	const workflowIds: string[] = [];

	afterAll(async () => {
		for (const id of workflowIds) await n8nApi('POST', `/workflows/${id}/deactivate`);
	});

	async function createItem(application: string, name: string): Promise<string> {
		const response = await fetch(`${queue.sandboxUrl}/pub/v1/app/crm/${application}/create`, {
			method: 'POST',
			headers: { authorization: `Bearer ${queue.sandboxKey}`, 'content-type': 'application/json' },
			body: JSON.stringify({ context: { __name: name } }),
		});
		return ((await response.json()) as { item: { __id: string } }).item.__id;
	}

	test('polled by the main every minute: each new item fires exactly once, each execution runs on exactly one worker', async () => {
		// An item created before activation must never fire (Fire for Existing Items is off).
		const before: Record<string, string> = {};
		for (const application of applications)
			before[application] = await createItem(application, `queue ${application} before`);
		for (const application of applications) {
			workflowIds.push(
				await activateWorkflow({
					name: `queue trigger ${application}`,
					nodes: [
						elma365Node(
							'elma365AppTrigger',
							{
								event: 'newItem',
								namespace: { __rl: true, mode: 'code', value: 'crm' },
								application: { __rl: true, mode: 'code', value: application },
								pollTimes: { item: [{ mode: 'everyMinute' }] },
								options: {},
							},
							[0, 0],
						),
						{
							parameters: {},
							id: randomUUID(),
							name: 'Done',
							type: 'n8n-nodes-base.noOp',
							typeVersion: 1,
							position: [260, 0],
						},
					],
					connections: { ELMA365: { main: [[{ node: 'Done', type: 'main', index: 0 }]] } },
				}),
			);
		}
		// Activation returns before the main's first poll, which remembers where history ends: wait for it.
		for (const id of workflowIds) {
			await until('the first poll', 60, async () =>
				(await n8nApi('GET', `/workflows/${id}`)).json.staticData ? true : undefined,
			);
		}
		// Rounds of one new item per application, each waiting for the poll that picks it up.
		const rounds = 3;
		const created: Record<string, string[]> = { deals: [], companies: [] };
		for (let round = 1; round <= rounds; round++) {
			for (const application of applications)
				created[application].push(await createItem(application, `queue ${application} ${round}`));
			for (const id of workflowIds) await settled(id, round);
		}
		// One more poll with nothing new: no execution may follow.
		const quietUntil = Date.now() + 65_000;
		await until('one more poll', 70, async () => (Date.now() > quietUntil ? true : undefined));

		for (const [i, application] of applications.entries()) {
			const executions = await executionsOf(workflowIds[i], true);
			expect(executions.map((e) => e.status)).toEqual(created[application].map(() => 'success'));
			// Each execution carries exactly the item of its round: nothing twice, nothing that existed before.
			const emitted = executions.map((e) =>
				e.data!.resultData.runData.ELMA365[0].data.main[0].map((item) => item.json.__id),
			);
			expect(emitted).toEqual(created[application].map((id) => [id]));
			// On a worker, exactly one. Which one is the queue's choice: six executions one poll apart
			// may all land on the same worker (CI saw it), and the spread is proven by the first test.
			for (const execution of executions) expect(workersOf(execution.id)).toHaveLength(1);
			// The main saved the trigger's state (its memory of what was emitted) in the database.
			const { json } = await n8nApi('GET', `/workflows/${workflowIds[i]}`);
			const staticData = json.staticData as Record<string, { seen: Record<string, number> }>;
			expect(Object.keys(staticData['node:ELMA365'].seen)).toEqual(
				expect.arrayContaining([before[application], ...created[application]]),
			);
		}
	});
});
