/**
 * Hardening, through n8n's engine against hostile servers on 127.0.0.1: the API key
 * never reaches another origin nor anything users see, every answer is bounded in time and size,
 * and stopping an execution ends retry waits at once.
 */
import { Container } from '@n8n/di';
import type { IDataObject, INodeExecutionData, IRun } from 'n8n-workflow';
import { createRunExecutionData } from 'n8n-workflow';
import { ErrorReporter, WorkflowExecute } from 'n8n-core';
import { MAX_ATTEMPTS, retryAfterWaitMs } from '../../nodes/shared/transport';
import { prepare, runNode } from '../harness/engine';
import { PollStore, pollNode } from '../harness/poll';
import { TEST_API_KEY } from '../harness/index.ts';
import type { HostileServer } from './hostileServers';
import { drip, endless, json, startHeaderDrip, startHostile } from './hostileServers';
import { cellRun, HEALTHY, OPERATIONS } from './matrix';
import { useVirtualClock } from '../harness/clock';

const clock = useVirtualClock();
/** Virtual time: deadlines, drips and backoffs are measured, not slept. */
const now = () => clock().now();

let company: HostileServer;
let elsewhere: HostileServer;
const credential = () => ({ baseUrl: company.origin, apiKey: TEST_API_KEY });
const run = (options: {
	nodeType: string;
	parameters: never;
	input?: INodeExecutionData[];
	continueOnFail?: boolean;
}) => runNode({ ...options, credential: credential() });

beforeAll(async () => {
	company = await startHostile();
	elsewhere = await startHostile();
});
afterEach(() => {
	company.reset();
	elsewhere.reset();
});
afterAll(async () => {
	await company.close();
	await elsewhere.close();
});

/** Everything a user can see of a run: output items, the error and the recorded run data. */
function shown(result: { items: unknown; error?: unknown; run?: IRun }): string {
	const error = result.error as (Error & IDataObject) | undefined;
	return [
		JSON.stringify(result.items),
		error?.message,
		error?.description,
		error?.stack,
		JSON.stringify(error),
		JSON.stringify(result.run?.data?.resultData),
	].join('\n');
}

describe('redirects', () => {
	test.each(OPERATIONS.map((op) => [op.label, op] as const))(
		'%s: a redirect to another origin is not followed and names the Location',
		async (_label, op) => {
			for (const status of [301, 302, 303, 307, 308]) {
				company.reset();
				company.handle((request, response) =>
					response.writeHead(status, { location: `${elsewhere.origin}${request.url}` }).end(),
				);
				const result = await run(cellRun(op, 1));
				expect(elsewhere.received).toEqual([]);
				expect(result.error?.message).toBe(
					`ELMA365: the platform redirected the request to another address (${elsewhere.origin}${company.received[0].url}); it was not followed`,
				);
				expect(result.error?.description).toContain(`HTTP ${status}.`);
				// One request, never repeated and never turned into another method.
				expect(company.received.map((r) => r.method)).toEqual([op.method]);
				expect(shown(result)).not.toContain(TEST_API_KEY);
			}
		},
	);

	test.each(OPERATIONS.map((op) => [op.label, op] as const))(
		'%s: a same-origin redirect is followed with the same method, body and key',
		async (_label, op) => {
			company.handle((request, response) => {
				if (!request.url.includes('hop=1')) {
					const separator = request.url.includes('?') ? '&' : '?';
					// Relative, as proxies often send it.
					response.writeHead(302, { location: `${request.url}${separator}hop=1` }).end();
					return;
				}
				json(response, 200, HEALTHY.body);
			});
			const result = await run(cellRun(op, 1));
			expect(result.error).toBeUndefined();
			const [first, second] = company.received;
			expect(company.received).toHaveLength(2);
			expect(second.method).toBe(first.method);
			expect(second.body).toBe(first.body);
			expect(second.url).toMatch(/[?&]hop=1$/);
			expect(second.headers.authorization).toBe(`Bearer ${TEST_API_KEY}`);
		},
	);

	test('a redirect loop on the same origin ends after five hops', async () => {
		company.handle((request, response) => response.writeHead(307, { location: request.url }).end());
		const op = OPERATIONS.find((o) => o.label === 'App item create')!;
		const result = await run(cellRun(op, 1));
		expect(company.received).toHaveLength(6);
		expect(result.error?.message).toBe('ELMA365 307: redirected more than 5 times');
	});
});

describe('the key is redacted from everything shown', () => {
	const echoes: Array<
		[
			string,
			(
				request: { headers: IDataObject; url: string },
				response: import('node:http').ServerResponse,
			) => void,
		]
	> = [
		[
			'a 400 whose error echoes the request headers',
			(request, response) =>
				json(response, 400, {
					success: false,
					error: `bad request, headers: ${JSON.stringify(request.headers)}`,
				}),
		],
		[
			'a 200 with success: false echoing the key',
			(_request, response) =>
				json(response, 200, {
					success: false,
					error: `token ${TEST_API_KEY} is not valid`,
					debug: { authorization: `Bearer ${TEST_API_KEY}` },
				}),
		],
		[
			'a 502 debug page',
			(request, response) =>
				response
					.writeHead(502, { 'content-type': 'text/html', 'retry-after': '0' })
					.end(
						`<pre>GET ${request.url}\nAuthorization: Bearer ${TEST_API_KEY}\nX-Token: ${TEST_API_KEY}</pre>`,
					),
		],
		[
			'a 200 HTML page',
			(_request, response) =>
				response
					.writeHead(200, { 'content-type': 'text/html' })
					.end(`<p>Authorization: Bearer ${TEST_API_KEY}</p>`),
		],
		[
			'a 500 JSON echo with the key percent-encoded',
			(_request, response) =>
				json(
					response,
					500,
					{ message: `?token=${encodeURIComponent(TEST_API_KEY)}` },
					{ 'retry-after': '0' },
				),
		],
	];
	test.each(echoes)(
		'%s: not in the error, description, errorResponse or Continue On Fail items of any node',
		async (_name, echo) => {
			for (const op of OPERATIONS) {
				company.reset();
				company.handle((request, response) => echo(request as never, response));
				for (const continueOnFail of [false, true]) {
					const result = await run({ ...cellRun(op, 1), continueOnFail });
					const text = shown(result);
					expect(text).not.toContain(TEST_API_KEY);
					expect(text).not.toContain(encodeURIComponent(TEST_API_KEY));
					expect(text).toContain('[redacted]');
					if (continueOnFail) expect(result.items[0].json.error).toMatch(/^ELMA365/);
					else expect(result.error?.message).toMatch(/^ELMA365/);
				}
			}
		},
		60_000,
	);
});

describe('every answer is bounded', () => {
	const create = OPERATIONS.find((o) => o.label === 'Nomenclature case create')!;
	const read = OPERATIONS.find((o) => o.label === 'App item get')!;
	const withOptions = (op: (typeof OPERATIONS)[number], requestOptions: IDataObject) => {
		const cell = cellRun(op, 1);
		const parameters = cell.parameters as unknown as IDataObject;
		return {
			...cell,
			parameters: {
				...parameters,
				requestOptions: { ...(parameters.requestOptions as IDataObject), ...requestOptions },
			} as never,
		};
	};

	test('a body that drips one byte every 100 ms ends at the deadline (a write: once)', async () => {
		let arrived = 0;
		company.handle((_request, response) => {
			arrived = now();
			drip(response, 100);
		});
		const result = await run(withOptions(create, { timeout: 1000 }));
		// From the request's arrival: the engine's first start in a test file takes a second of its own.
		const elapsed = now() - arrived;
		expect(result.error?.message).toBe(
			"ELMA365: the platform's answer did not complete within 1000 ms; it was abandoned",
		);
		expect(company.received).toHaveLength(1);
		expect(elapsed).toBeLessThan(1000 + 700);
	});

	test('a dripping body of a read: each attempt ends at the deadline, retries within their bounds', async () => {
		company.handle((_request, response) => drip(response, 100));
		const started = now();
		const result = await run(withOptions(read, { timeout: 500 }));
		const elapsed = now() - started;
		expect(result.error?.message).toBe(
			"ELMA365: the platform's answer did not complete within 500 ms; it was abandoned",
		);
		expect(result.error?.description).toContain(`Tried ${MAX_ATTEMPTS} times.`);
		expect(company.received).toHaveLength(MAX_ATTEMPTS);
		// Four attempts of 500 ms plus backoff 0.5 + 1 + 2 s (each up to 25% more), and a margin.
		expect(elapsed).toBeLessThan(4 * 500 + 3500 * 1.25 + 1500);
	}, 20_000);

	test('an endless answer is abandoned at the size cap; memory stays under the cap plus a margin', async () => {
		let stream: { sent: () => number } | undefined;
		company.handle((_request, response) => {
			stream = endless(response);
		});
		const before = process.memoryUsage();
		let peak = 0;
		const sample = setInterval(() => {
			const now = process.memoryUsage();
			peak = Math.max(
				peak,
				now.heapUsed + now.arrayBuffers - before.heapUsed - before.arrayBuffers,
			);
		}, 5);
		const started = now();
		// A deadline long enough for a busy machine: this test is about the size cap.
		const result = await run(withOptions(create, { timeout: 30_000 }));
		clearInterval(sample);
		expect(result.error?.message).toBe(
			"ELMA365: the platform's answer is larger than 16 MB; it was abandoned",
		);
		expect(result.error?.description).toContain('Request Options > Max Response Size');
		expect(now() - started).toBeLessThan(30_000);
		// The server could only send what the client read, plus socket buffers.
		expect(stream!.sent()).toBeLessThan(16 * 1024 * 1024 + 8 * 1024 * 1024);
		// Measured: the cap plus 30 to 40 MB (engine, socket buffers, garbage not yet collected).
		expect(peak).toBeLessThan(16 * 1024 * 1024 + 64 * 1024 * 1024);
	}, 20_000);

	test('Max Response Size (MB) sets the cap; a read is not retried past it', async () => {
		company.handle((_request, response) => endless(response));
		const result = await run(withOptions(read, { maxResponseMb: 1 }));
		expect(result.error?.message).toBe(
			"ELMA365: the platform's answer is larger than 1 MB; it was abandoned",
		);
		expect(company.received).toHaveLength(1);
	});

	test('a huge error page is bounded too', async () => {
		company.handle((_request, response) => endless(response, 502));
		const result = await run(withOptions(create, { maxResponseMb: 1 }));
		expect(result.error?.message).toBe(
			"ELMA365: the platform's answer is larger than 1 MB; it was abandoned",
		);
	});

	test.each([0, 'x', 1.5, 200 * 1024])(
		'Max Response Size %p is refused naming the option',
		async (value) => {
			const result = await run(withOptions(read, { maxResponseMb: value }));
			expect(result.error?.message).toBe(
				`Invalid "Request Options > Max Response Size (MB)" in item 0: expected a whole number of megabytes from 1 to 102400, got ${JSON.stringify(value)}`,
			);
			expect(company.received).toEqual([]);
		},
	);
});

describe('headers that never end', () => {
	test('a server dripping its headers is abandoned at the deadline (an idle timeout alone never fires)', async () => {
		const dripping = await startHeaderDrip(100);
		try {
			const op = OPERATIONS.find((o) => o.label === 'Nomenclature case create')!;
			const cell = cellRun(op, 1);
			const parameters = {
				...(cell.parameters as unknown as IDataObject),
				requestOptions: { timeout: 1000 },
			};
			const started = now();
			const result = await runNode({
				...cell,
				parameters: parameters as never,
				credential: { baseUrl: dripping.origin, apiKey: TEST_API_KEY },
			});
			expect(result.error?.message).toBe('ELMA365: the platform could not be reached (timed out)');
			expect(dripping.connections()).toBe(1);
			// The engine's first start in this file may add a second.
			expect(now() - started).toBeLessThan(1000 + 2000);
		} finally {
			await dripping.close();
		}
	});
});

describe('file downloads', () => {
	const fileId = '7d1c2a3b-4e5f-4a6b-8c7d-9e0f1a2b3c4d';
	const download = (requestOptions: IDataObject = {}) => ({
		nodeType: 'elma365File',
		parameters: {
			resource: 'file',
			operation: 'download',
			fileId,
			binaryPropertyName: 'data',
			requestOptions,
		} as never,
	});
	const linkTo = (path: string) =>
		company.handle((request, response) => {
			if (request.url.endsWith('/get-link'))
				return json(response, 200, { success: true, Link: `${company.origin}${path}` });
			response
				.writeHead(302, { location: `${elsewhere.origin}/bucket/report.pdf?signature=abc` })
				.end();
		});

	test('a link on the company redirected to storage: fetched there without the key', async () => {
		linkTo('/pub/v1/disk/download/x');
		const bytes = Buffer.from('%PDF-1.7 hostile but honest');
		elsewhere.handle((_request, response) =>
			response.writeHead(200, { 'content-type': 'application/pdf' }).end(bytes),
		);
		const result = await run(download());
		expect(result.error).toBeUndefined();
		expect(company.received.map((r) => [r.method, r.url, r.headers.authorization])).toEqual([
			['POST', `/pub/v1/disk/file/${fileId}/get-link`, `Bearer ${TEST_API_KEY}`],
			['GET', '/pub/v1/disk/download/x', `Bearer ${TEST_API_KEY}`],
		]);
		expect(
			elsewhere.received.map((r) => [
				r.method,
				r.url,
				r.headers.authorization,
				r.headers['x-token'],
			]),
		).toEqual([['GET', '/bucket/report.pdf?signature=abc', undefined, undefined]]);
		const binary = result.items[0].binary!.data;
		expect(Buffer.from(binary.data, 'base64')).toEqual(bytes);
		expect(result.items[0].json).toMatchObject({
			fileId,
			size: bytes.length,
			mimeType: 'application/pdf',
		});
	});

	test('an endless download is abandoned at Max Response Size', async () => {
		linkTo('/pub/v1/disk/download/x');
		elsewhere.handle((_request, response) => endless(response));
		const result = await run(download({ maxResponseMb: 2 }));
		expect(result.error?.message).toBe(
			"ELMA365: the platform's answer is larger than 2 MB; it was abandoned",
		);
	});

	test('a dripping download is abandoned at the deadline', async () => {
		company.handle((request, response) => {
			if (request.url.endsWith('/get-link'))
				return json(response, 200, {
					success: true,
					Link: `${company.origin}/pub/v1/disk/download/x`,
				});
			drip(response, 100);
		});
		const started = now();
		const result = await run(download({ timeout: 800 }));
		expect(result.error?.message).toBe(
			"ELMA365: the platform's answer did not complete within 800 ms; it was abandoned",
		);
		expect(now() - started).toBeLessThan(800 + 1000);
	});
});

describe('retry waits', () => {
	test('waits after a 5xx with Retry-After carry jitter, so parallel workers do not retry in lockstep', () => {
		const waits = Array.from({ length: 200 }, () => retryAfterWaitMs(2000));
		expect(Math.min(...waits)).toBeGreaterThanOrEqual(2000);
		expect(Math.max(...waits)).toBeLessThanOrEqual(2500);
		expect(new Set(waits).size).toBeGreaterThan(50);
		const zero = Array.from({ length: 200 }, () => retryAfterWaitMs(0));
		expect(Math.max(...zero)).toBeLessThan(100);
		expect(new Set(zero).size).toBeGreaterThan(20);
	});

	test('stopping the execution ends a quota hold at once (429, Retry-After 8 s)', async () => {
		// This run goes through n8n's engine directly, whose error reporter would log the node's error
		// on n8n's console logger: the reports are recorded and asserted below, and logged only with
		// DEBUG_TESTS set.
		const reporter = Container.get(ErrorReporter) as unknown as {
			report: (error: unknown, options?: unknown) => void;
		};
		const reported = jest.spyOn(reporter, 'report');
		if (!process.env.DEBUG_TESTS) reported.mockImplementation(() => undefined);
		company.handle((_request, response) =>
			json(response, 429, { success: false, error: 'slow down' }, { 'retry-after': '8' }),
		);
		const op = OPERATIONS.find((o) => o.label === 'App item get')!;
		// A Max Quota Wait above the 8 s hold, so that only the stop can end the wait.
		const cell = cellRun(
			{ ...op, parameters: { ...op.parameters, requestOptions: { maxQuotaWait: 60 } } },
			1,
		);
		const { node, workflow, additionalData } = await prepare({
			...cell,
			credential: credential(),
		});
		const runData = createRunExecutionData({
			executionData: {
				nodeExecutionStack: [{ node, data: { main: [[{ json: {} }]] }, source: null }],
			},
		});
		const execution = new WorkflowExecute(
			additionalData,
			'manual',
			runData,
		).processRunExecutionData(workflow);
		let settled: boolean;
		let messages: string[];
		// Time stands still: only the stop can end the 8 s hold.
		clock().freeze();
		try {
			while (company.received.length === 0) await new Promise((resolve) => setImmediate(resolve));
			execution.cancel();
			settled = await Promise.race([
				execution.then(
					() => true,
					() => true,
				),
				// A guard in real time, reached only if the stop did not end the wait.
				new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 5000).unref()),
			]);
			// The node's error reaches the reporter after the run has settled.
			for (let n = 0; n < 100 && reported.mock.calls.length === 0; n++)
				await new Promise((resolve) => setImmediate(resolve));
		} finally {
			messages = reported.mock.calls.map(([error]) => (error as Error).message);
			reported.mockRestore();
			clock().unfreeze();
		}
		expect(settled).toBe(true);
		expect(company.received).toHaveLength(1);
		// What n8n reported is the node's own error on being stopped (the wait ended, or the request
		// in flight aborted, depending on when the stop came), and nothing else. n8n 2.x reports it;
		// n8n 1.x's engine does not hand it to the reporter.
		for (const message of messages)
			expect(message).toMatch(
				/^ELMA365: (the execution was stopped while waiting to retry|the platform could not be reached)$/,
			);
	});
});

describe('Fields pairs', () => {
	test.each(['__proto__', 'constructor', 'prototype'])(
		'a pair whose code is %s is refused naming the entry, not dropped',
		async (code) => {
			const parameters = {
				resource: 'item',
				operation: 'create',
				namespace: { __rl: true, mode: 'code', value: 'crm' },
				application: { __rl: true, mode: 'code', value: 'deals' },
				fieldsInputMode: 'pairs',
				fields: {
					field: [
						{ name: '__name', value: 'Deal' },
						{ name: code, value: '{"polluted": true}' },
					],
				},
			};
			const result = await run({ nodeType: 'elma365App', parameters: parameters as never });
			expect(result.error?.message).toBe(
				`Invalid "Fields > Field Code (entry 2)" in item 0: expected a field code other than "__proto__", "constructor" or "prototype", got ${JSON.stringify(code)}`,
			);
			expect(company.received).toEqual([]);
		},
	);
});

/** Each area trigger on one event, every request of its poll met by the hostile server. */
const TRIGGERS: Array<[string, IDataObject]> = [
	[
		'elma365AppTrigger',
		{
			event: 'newItem',
			namespace: { __rl: true, mode: 'code', value: 'crm' },
			application: { __rl: true, mode: 'code', value: 'requests' },
		},
	],
	[
		'elma365ProcessTrigger',
		{
			event: 'newInstance',
			namespace: { __rl: true, mode: 'code', value: 'crm' },
			templateId: { __rl: true, mode: 'id', value: '3fa85f64-5717-4562-b3fc-2c963f66afa6' },
		},
	],
	['elma365TaskTrigger', { event: 'newTask', taskPerformer: 'me' }],
];

describe.each(TRIGGERS)('trigger %s', (nodeType, event) => {
	const store = () => new PollStore();
	const parameters = { ...event, requestOptions: { timeout: 800 } };
	const poll = (data: PollStore) =>
		pollNode({
			nodeType,
			parameters: parameters as never,
			store: data,
			credential: credential(),
		});

	test('a poll error echoing the key shows it redacted', async () => {
		company.handle((request, response) =>
			json(response, 400, { success: false, error: `refused: ${JSON.stringify(request.headers)}` }),
		);
		const result = await poll(store());
		expect(result.error?.message).toMatch(/^ELMA365 400: refused: .*Bearer \[redacted\]/);
		expect(shown({ items: result.items, error: result.error })).not.toContain(TEST_API_KEY);
	});

	test('a poll against a dripping list ends at the deadline', async () => {
		let arrived = 0;
		company.handle((_request, response) => {
			arrived ||= now();
			drip(response, 100);
		});
		const result = await poll(store());
		expect(result.error?.message).toBe(
			"ELMA365: the platform's answer did not complete within 800 ms; it was abandoned",
		);
		// Four attempts of 800 ms and the backoff between them (0.5 + 1 + 2 s, up to 25% more).
		expect(now() - arrived).toBeLessThan(4 * 800 + 3500 * 1.25 + 1500);
	}, 20_000);

	test('a poll redirected to another origin sends nothing there', async () => {
		company.handle((request, response) =>
			response.writeHead(302, { location: `${elsewhere.origin}${request.url}` }).end(),
		);
		const result = await poll(store());
		expect(result.error?.message).toMatch(/redirected the request to another address/);
		expect(elsewhere.received).toEqual([]);
	});
});
