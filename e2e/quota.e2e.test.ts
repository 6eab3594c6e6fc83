/**
 * A SaaS Standard company's per-minute quota of web API requests (issue 44; the vendor's help page
 * "SaaS Standard limits"), in a real n8n: one workflow runs many items through an ELMA365 node at
 * its defaults, Continue On Fail on, while the sandbox refuses every request past the quota with 429
 * (`PUT /__sandbox/quota`, test/harness/quota.ts), with Retry-After and without: Nomenclature >
 * Case > Update (one PUT per item) and App > Item > Create with Send in One Request off (one POST
 * per item, which is not idempotent: a refused one must be sent again, an accepted one never).
 * Every item must land exactly once with no error item, within one window of the quota's floor,
 * and the refused requests are reported and bounded.
 *
 * The windows are 12 s, not the vendor's minute, so that a run takes well under a minute; still
 * longer than 10 s, so that a refusal at the start of a window asks for a wait of 11-12 s, as a
 * minute's quota asks for waits of up to 60 s.
 */
import { randomUUID } from 'node:crypto';
import type { SandboxRequest } from './helpers';
import {
	activateWorkflow,
	byCode,
	callWebhook,
	clearSandboxRequests,
	elma365Node,
	locator,
	sandboxData,
	sandboxRequests,
	state,
} from './helpers';

const CONTRACTS = '5a000000-0000-4000-8000-0000000000d1';
const ITEMS = 60;
const PER_WINDOW = 20;
const WINDOW_MS = 12_000;

/** A request as the sandbox lists it: one the quota refused is marked `refused`. */
type QuotaRequest = SandboxRequest & { refused?: true };

interface QuotaState {
	quota: { perWindow: number; windowMs: number; retryAfter: boolean } | null;
	accepted: number;
	refused: number;
	windows: Array<{ index: number; startedAt: number; accepted: number; refused: number }>;
}

/** A sandbox route with a JSON body (the shared helper sends none). */
async function sandboxCall(method: string, url: string, body?: unknown): Promise<unknown> {
	const response = await fetch(`${state.sandboxUrl}${url}`, {
		method,
		headers: {
			authorization: `Bearer ${state.sandboxKey}`,
			'content-type': 'application/json',
		},
		body: body === undefined ? undefined : JSON.stringify(body),
	});
	const json = (await response.json()) as { success: boolean; error: string };
	if (!response.ok || !json.success)
		throw new Error(`${method} ${url}: ${response.status} ${json.error}`);
	return json;
}

const setQuota = async (quota: { perWindow: number; windowMs: number; retryAfter: boolean }) =>
	(await sandboxCall('PUT', '/__sandbox/quota', quota)) as QuotaState;
const quotaOff = async () => (await sandboxCall('DELETE', '/__sandbox/quota')) as QuotaState;

/** What one workflow does to each of its input items, and how the sandbox's record shows it. */
interface Workload {
	title: string;
	/** The ELMA365 node and its parameters; the node reads each item's fields with expressions. */
	node: string;
	parameters: Record<string, unknown>;
	/** The input items (what they change made in the sandbox first, outside the quota). */
	prepare(tag: string): Promise<Array<Record<string, string>>>;
	/** Whether `request` is the write of `item`. */
	writes(request: QuotaRequest, item: Record<string, string>): boolean;
	/** The node's output item for `item`. */
	output(item: Record<string, string>): Record<string, unknown>;
	/** The sandbox collection the items are written to, and the field that holds an item's name. */
	collection: string;
	nameField: string;
}

const caseUpdate: Workload = {
	title: 'case updates (Nomenclature > Case > Update)',
	node: 'elma365Nomenclature',
	parameters: {
		resource: 'case',
		operation: 'update',
		caseId: locator('={{ $json.id }}'),
		directoryId: locator('={{ $json.directoryId }}'),
		docflow: 'input',
		name: '={{ $json.name }}',
	},
	async prepare(tag) {
		const cases = [];
		for (let index = 0; index < ITEMS; index++) {
			const { item } = (await sandboxCall('POST', '/pub/v1/nomenclature', {
				directoryId: CONTRACTS,
				docflow: 'internal',
				name: `Quota ${tag} ${index}`,
			})) as { item: { __id: string } };
			cases.push({ id: item.__id, directoryId: CONTRACTS, name: `Quota ${tag} ${index} updated` });
		}
		return cases;
	},
	writes: (request, item) =>
		request.method === 'PUT' && request.path === `/pub/v1/nomenclature/${item.id}`,
	output: ({ id, directoryId, name }) => ({ directoryId, docflow: 'input', name, __id: id }),
	collection: 'nomenclatureCases',
	nameField: 'name',
};

const appCreate: Workload = {
	title: 'item creates one request each (App > Item > Create, Send in One Request off)',
	node: 'elma365App',
	parameters: {
		resource: 'item',
		operation: 'create',
		namespace: byCode('crm'),
		application: byCode('deals'),
		// From the form: pairs would first read the application's scheme (one GET per run, for the
		// fields' types), and this workload counts the writes alone.
		fieldsInputMode: 'mapper',
		columns: {
			mappingMode: 'defineBelow',
			value: { __name: '={{ $json.name }}' },
			matchingColumns: [],
			schema: [{ id: '__name', displayName: 'Name', type: 'string', display: true }],
		},
		sendInOneRequest: false,
	},
	prepare: async (tag) =>
		Array.from({ length: ITEMS }, (_, index) => ({ name: `Quota ${tag} deal ${index}` })),
	writes: (request, item) =>
		request.method === 'POST' &&
		request.path === '/pub/v1/app/crm/deals/create' &&
		(request.body as { context?: { __name?: string } }).context?.__name === item.name,
	output: ({ name }) => ({
		__name: name,
		__id: expect.any(String),
		__createdAt: expect.any(String),
	}),
	collection: 'app:crm/deals',
	nameField: '__name',
};

/** Webhook (POST /webhook/<path>, body {items}) -> Split Out items -> the workload's ELMA365 node. */
async function quotaWorkflow(hookPath: string, workload: Workload): Promise<string> {
	return await activateWorkflow({
		name: `e2e ${hookPath}`,
		nodes: [
			{
				parameters: {
					httpMethod: 'POST',
					path: hookPath,
					responseMode: 'lastNode',
					responseData: 'allEntries',
					options: {},
				},
				id: randomUUID(),
				name: 'Webhook',
				type: 'n8n-nodes-base.webhook',
				typeVersion: 2,
				position: [0, 0],
				webhookId: randomUUID(),
			},
			{
				parameters: { fieldToSplitOut: 'body.items', include: 'noOtherFields', options: {} },
				id: randomUUID(),
				name: 'Split Out',
				type: 'n8n-nodes-base.splitOut',
				typeVersion: 1,
				position: [260, 0],
			},
			{
				...elma365Node(workload.node, workload.parameters, [520, 0]),
				onError: 'continueRegularOutput',
			},
		],
		connections: {
			Webhook: { main: [[{ node: 'Split Out', type: 'main', index: 0 }]] },
			'Split Out': { main: [[{ node: 'ELMA365', type: 'main', index: 0 }]] },
		},
	});
}

interface QuotaRun {
	workload: Workload;
	status: number;
	output: Array<Record<string, unknown>>;
	items: Array<Record<string, string>>;
	requests: QuotaRequest[];
	counts: QuotaState;
	seconds: number;
}

/** Runs ITEMS items of `workload` through n8n under `quota` and reports what the sandbox saw. */
async function runUnderQuota(
	workload: Workload,
	tag: string,
	quota: { perWindow: number; windowMs: number; retryAfter: boolean },
): Promise<QuotaRun> {
	const hookPath = `e2e-quota-${tag}`;
	await quotaWorkflow(hookPath, workload);
	const items = await workload.prepare(tag);
	await clearSandboxRequests();
	await setQuota(quota);
	const started = Date.now();
	const answer = await callWebhook(hookPath, { items }).catch(async (error: unknown) => {
		await quotaOff();
		throw error;
	});
	const seconds = (Date.now() - started) / 1000;
	// Taking the quota away answers its last counts.
	const counts = await quotaOff();
	const requests = ((await sandboxRequests()) as QuotaRequest[]).filter((r) =>
		r.path.startsWith('/pub/v1/'),
	);
	const output = (Array.isArray(answer.json) ? answer.json : [answer.json]) as Array<
		Record<string, unknown>
	>;
	const errors = output.filter((item) => 'error' in item);
	console.log(
		`${workload.title}, quota ${quota.perWindow} per ${quota.windowMs} ms, Retry-After ${quota.retryAfter ? 'on' : 'off'}: ` +
			`${ITEMS} items, ${output.length} output items (${errors.length} errors) in ${seconds.toFixed(1)} s; ` +
			`${requests.length} requests, ${counts.accepted} accepted, ${counts.refused} refused; per window ` +
			counts.windows.map((w) => `#${w.index} ${w.accepted}/${w.refused}`).join(', ') +
			(errors.length > 0 ? `; first error: ${JSON.stringify(errors[0])}` : ''),
	);
	return { workload, status: answer.status, output, items, requests, counts, seconds };
}

/** What every run must show: each item landed exactly once, no error item, nothing else sent. */
async function expectEveryItemOnce(run: QuotaRun) {
	const { workload } = run;
	expect(run.status).toBe(200);
	expect(run.output.filter((item) => 'error' in item)).toEqual([]);
	expect(run.output).toEqual(run.items.map((item) => workload.output(item)));
	// The accepted writes of each item: exactly one.
	expect(
		run.items.map(
			(item) => run.requests.filter((r) => !r.refused && workload.writes(r, item)).length,
		),
	).toEqual(run.items.map(() => 1));
	// Nothing but the writes was sent, and the quota accepted exactly one of each.
	expect(run.requests.filter((r) => !run.items.some((item) => workload.writes(r, item)))).toEqual(
		[],
	);
	expect(run.counts.accepted).toBe(ITEMS);
	expect(run.requests.filter((r) => r.refused)).toHaveLength(run.counts.refused);
	// The sandbox holds each item's name once (an accepted write sent again would create twice).
	const names = (await sandboxData(workload.collection)).map((row) => row[workload.nameField]);
	expect(run.items.map((item) => names.filter((name) => name === item.name).length)).toEqual(
		run.items.map(() => 1),
	);
}

// A quota the sandbox was started with (ELMA365_SANDBOX_QUOTA) is taken away while this suite
// prepares and runs its own, and put back for the suites after it.
let startQuota: QuotaState['quota'] = null;
beforeAll(async () => {
	startQuota = (await quotaOff()).quota;
});
afterAll(async () => {
	await quotaOff();
	if (startQuota) await setQuota(startQuota);
});

describe.each([
	['case updates', caseUpdate],
	['item creates', appCreate],
])('%s under a generous quota (nothing refused): the harness itself', (_title, workload) => {
	let run: QuotaRun;
	beforeAll(async () => {
		run = await runUnderQuota(workload, `generous-${workload.node}`, {
			perWindow: 100_000,
			windowMs: WINDOW_MS,
			retryAfter: true,
		});
	}, 120_000);

	test('every item lands exactly once, no request is refused, all in the first window', async () => {
		await expectEveryItemOnce(run);
		expect(run.counts.refused).toBe(0);
		expect(run.counts.windows).toEqual([
			{ index: 0, startedAt: expect.any(Number), accepted: ITEMS, refused: 0 },
		]);
	});
});

describe.each([
	['case updates', 'with Retry-After', caseUpdate, true],
	['case updates', 'without Retry-After', caseUpdate, false],
	['item creates', 'with Retry-After', appCreate, true],
	['item creates', 'without Retry-After', appCreate, false],
])(
	`${ITEMS} %s at the node's defaults against ${PER_WINDOW} requests per ${WINDOW_MS / 1000} s, %s`,
	(_title, _header, workload, retryAfter) => {
		let run: QuotaRun;
		// The quota's floor: ITEMS requests need ceil(ITEMS / PER_WINDOW) windows, the last one begun.
		const floorWindows = Math.ceil(ITEMS / PER_WINDOW);
		beforeAll(async () => {
			const tag = `${workload.node}-${retryAfter ? 'retry-after' : 'no-retry-after'}`;
			run = await runUnderQuota(workload, tag, {
				perWindow: PER_WINDOW,
				windowMs: WINDOW_MS,
				retryAfter,
			});
		}, 180_000);

		test('every item lands exactly once, with no error item', async () => {
			await expectEveryItemOnce(run);
		});

		test('the run ends within one window of the quota floor', () => {
			// Window indexes count from 0: the floor's last window is floorWindows - 1 (windows start at the
			// run's first request), one more is allowed. A run that gave items up ended early: only a run
			// that landed them all is timed.
			expect(run.counts.accepted).toBe(ITEMS);
			const lastAccepted = Math.max(
				...run.counts.windows.filter((w) => w.accepted > 0).map((w) => w.index),
			);
			expect(lastAccepted).toBeLessThanOrEqual(floorWindows);
			expect(run.seconds).toBeLessThan(((floorWindows + 1) * WINDOW_MS) / 1000 + 5);
		});

		test('once the run has learned the quota, at most one request a window is refused (the pace holds)', () => {
			// The first window's burst is sent before any 429 can be known. With Retry-After the run knows
			// where a window ends from then on; without it, it finds the next two window starts with probes
			// at growing intervals (several refused), and paces after that. A run that gave items up sent
			// fewer requests: only a run that landed them all is judged.
			expect(run.counts.accepted).toBe(ITEMS);
			const firstRefused = run.counts.windows.find((w) => w.refused > 0);
			const learned = firstRefused ? firstRefused.index + (retryAfter ? 0 : 1) : 0;
			const later = run.counts.windows.filter((w) => firstRefused && w.index > learned);
			expect(later.map((w) => [w.index, w.refused]).filter(([, refused]) => refused > 1)).toEqual(
				[],
			);
		});
	},
);
