import { fail, faults, newId } from '../harness/index.ts';
import { usePlatform, byId } from '../harness/setup';
import { useVirtualClock } from '../harness/clock';

/**
 * The transport's retry policy, seen on the wire: 429 and 5xx are retried a bounded number of
 * times with waits that honour Retry-After; writes that may have happened are not repeated.
 * Bounds are the named constants of nodes/shared/transport/.
 */
import * as transport from '../../nodes/shared/transport';

const t = usePlatform();
const clock = useVirtualClock();
/** Virtual time: the waits are measured, not slept. */
const now = () => clock().now();
let directoryId: string;
let caseId: string;

beforeEach(() => {
	directoryId = newId();
	caseId = newId();
	t.platform
		.collection('nomenclatureDirectories')
		.set(directoryId, { __id: directoryId, name: 'D' });
	t.platform
		.collection('nomenclatureCases')
		.set(caseId, { __id: caseId, directoryId, docflow: 'input', name: 'C' });
});

const update = () => ({
	resource: 'case',
	operation: 'update',
	caseId: byId(caseId),
	directoryId: byId(directoryId),
	docflow: 'input',
	name: 'Renamed',
});
const create = () => ({
	resource: 'case',
	operation: 'create',
	directoryId: byId(directoryId),
	docflow: 'input',
	name: 'New',
});
const casePath = () => `/pub/v1/nomenclature/${caseId}`;

test('the bounds are named constants of sane size', () => {
	expect(transport.MAX_ATTEMPTS).toBe(4);
	expect(transport.MAX_SINGLE_WAIT_MS).toBeLessThanOrEqual(10_000);
	expect(transport.MAX_TOTAL_WAIT_MS).toBeLessThanOrEqual(30_000);
});

test('429 with Retry-After is retried after the wait the platform asked for, then succeeds', async () => {
	t.platform.script('PUT', casePath(), {
		status: 429,
		headers: { 'retry-after': '1' },
		body: { success: false, error: 'too many requests' },
	});
	const started = now();
	const { items, error } = await t.run({ nodeType: 'elma365Nomenclature', parameters: update() });
	const elapsed = now() - started;
	expect(error).toBeUndefined();
	expect(items[0].json).toMatchObject({ __id: caseId, name: 'Renamed' });
	expect(t.platform.requests.map((r) => r.method + ' ' + r.path)).toEqual([
		`PUT ${casePath()}`,
		`PUT ${casePath()}`,
	]);
	expect(elapsed).toBeGreaterThanOrEqual(950);
	expect(elapsed).toBeLessThan(5000);
});

test('a 429 that never ends is waited out until Max Quota Wait, probing at growing intervals, then fails naming the quota', async () => {
	t.platform.script(
		'PUT',
		casePath(),
		{ status: 429, headers: { 'retry-after': '0' }, body: { success: false, error: 'rate limit' } },
		99,
	);
	const started = now();
	const { error } = await t.run({
		nodeType: 'elma365Nomenclature',
		parameters: { ...update(), requestOptions: { maxQuotaWait: 4 } },
	});
	// Refused, sent again after the short Retry-After without a probe (a limit per second or in
	// flight would take it), refused again: then probes after holds of about 0, 1 and 2 s; a 4 s
	// hold would pass the 4 s bound.
	expect(t.platform.requests).toHaveLength(5);
	expect(now() - started).toBeGreaterThanOrEqual(3000);
	expect(now() - started).toBeLessThan(5000);
	expect(error?.message).toBe(
		"ELMA365 429: the company's API request quota is used up, and the wait for it would pass Max Quota Wait (4 s)",
	);
	expect(String(error?.description)).toMatch(
		/^The company's API request quota is used up \(HTTP 429\): SaaS Standard companies may send 90 requests a minute, plus 5 per licence \(ELMA365 help, "SaaS Standard limits"\)\. This request waited \d s and would have waited \d s more\. The platform said: rate limit\. Raise Request Options > Max Quota Wait, send fewer requests at once \(Options > Concurrency\) or per run, or run the workflow when the company is less busy\. Request: PUT \/nomenclature\//,
	);
	expect(error?.httpCode).toBe('429');
});

test('a Retry-After longer than Max Quota Wait is not waited for', async () => {
	t.platform.script('PUT', casePath(), {
		status: 429,
		headers: { 'retry-after': '3600' },
		body: { success: false, error: 'come back in an hour' },
	});
	const started = now();
	const { error } = await t.run({ nodeType: 'elma365Nomenclature', parameters: update() });
	expect(now() - started).toBeLessThan(2000);
	expect(t.platform.requests).toHaveLength(1);
	expect(error?.message).toBe(
		"ELMA365 429: the company's API request quota is used up, and the wait for it would pass Max Quota Wait (300 s)",
	);
	expect(String(error?.description)).toContain(
		'This request waited 0 s and would have waited 3600 s more. The platform said: come back in an hour.',
	);
});

test('Max Quota Wait 0 fails at the first 429, and a value outside 0 to 3600 is refused before any request', async () => {
	t.platform.script('PUT', casePath(), faults.tooManyRequests('1'));
	const { error } = await t.run({
		nodeType: 'elma365Nomenclature',
		parameters: { ...update(), requestOptions: { maxQuotaWait: 0 } },
	});
	expect(t.platform.requests).toHaveLength(1);
	expect(error?.message).toMatch(/would pass Max Quota Wait \(0 s\)$/);
	t.platform.reset();
	const invalid = await t.run({
		nodeType: 'elma365Nomenclature',
		parameters: { ...update(), requestOptions: { maxQuotaWait: 3601 } },
	});
	expect(t.platform.requests).toHaveLength(0);
	expect(invalid.error?.message).toBe(
		'Invalid "Request Options > Max Quota Wait (Seconds)" in item 0: expected a whole number of seconds from 0 to 3600, got 3601',
	);
});

test('5xx on an idempotent update is retried with growing backoff, within the bounds', async () => {
	t.platform.script(
		'PUT',
		casePath(),
		{ status: 502, body: '<html><body><h1>502 Bad Gateway</h1></body></html>' },
		99,
	);
	const started = now();
	const { error } = await t.run({ nodeType: 'elma365Nomenclature', parameters: update() });
	const elapsed = now() - started;
	expect(t.platform.requests).toHaveLength(transport.MAX_ATTEMPTS);
	// Backoff 500 + 1000 + 2000 ms, each with up to 25% jitter.
	expect(elapsed).toBeGreaterThanOrEqual(3400);
	expect(elapsed).toBeLessThan(3500 * 1.25 + 1500);
	expect(error?.message).toBe('ELMA365 502: 502 Bad Gateway');
	expect(error?.httpCode).toBe('502');
}, 15000);

test('a 500 then success: the update lands once the platform recovers', async () => {
	t.platform.script('PUT', casePath(), fail(500, 'database unavailable'));
	const { items, error } = await t.run({ nodeType: 'elma365Nomenclature', parameters: update() });
	expect(error).toBeUndefined();
	expect(items).toHaveLength(1);
	expect(t.platform.requests).toHaveLength(2);
});

test('a create (non-idempotent POST) is not repeated after a 5xx, but is after a 429', async () => {
	t.platform.script('POST', '/pub/v1/nomenclature', fail(500, 'internal error'));
	const failed = await t.run({ nodeType: 'elma365Nomenclature', parameters: create() });
	expect(failed.error?.message).toBe('ELMA365 500: internal error');
	expect(t.platform.requests).toHaveLength(1);
	t.platform.reset();
	t.platform.script('POST', '/pub/v1/nomenclature', {
		status: 429,
		headers: { 'retry-after': '0' },
		body: { success: false, error: 'slow down' },
	});
	const retried = await t.run({ nodeType: 'elma365Nomenclature', parameters: create() });
	expect(retried.error).toBeUndefined();
	expect(t.platform.requests).toHaveLength(2);
});

test('other 4xx are not retried', async () => {
	t.platform.script('PUT', casePath(), fail(400, 'bad docflow'));
	await t.run({ nodeType: 'elma365Nomenclature', parameters: update() });
	expect(t.platform.requests).toHaveLength(1);
});

test('403 is explained as a refused API key, and the key never appears in the error', async () => {
	const wrongKey = 'ffffffff-1111-4222-8333-444444444444';
	const { error } = await t.run({
		nodeType: 'elma365Nomenclature',
		parameters: update(),
		credential: { baseUrl: t.platform.url, apiKey: wrongKey },
	});
	expect(t.platform.requests).toHaveLength(1);
	expect(t.platform.requests[0].headers.authorization).toBe(`Bearer ${wrongKey}`);
	expect(error?.message).toBe('ELMA365 403: access denied: invalid token');
	expect(String(error?.description)).toMatch(/refused the API key/);
	expect(error?.httpCode).toBe('403');
	expect(JSON.stringify(error)).not.toContain(wrongKey);
	expect(String(error?.stack)).not.toContain(wrongKey);
});

test('a refused connection fails with a clear message, without the key', async () => {
	const closed = await (await import('../harness/index.ts')).startPlatform();
	const url = closed.url;
	await closed.close();
	const { error } = await t.run({
		nodeType: 'elma365Nomenclature',
		parameters: update(),
		credential: { baseUrl: url, apiKey: t.platform.apiKey },
	});
	expect(error?.message).toBe('ELMA365: the platform could not be reached (connection refused)');
	expect(String(error?.description)).toMatch(
		new RegExp(
			`^ECONNREFUSED\\. Request: PUT /nomenclature/${caseId}\\. Tried ${transport.MAX_ATTEMPTS} times`,
		),
	);
	expect(JSON.stringify(error)).not.toContain(t.platform.apiKey);
}, 15000);

test('the base URL may end in a slash or /pub/v1', async () => {
	for (const suffix of ['/', '/pub/v1', '/pub/v1/']) {
		await t.run({
			nodeType: 'elma365Nomenclature',
			parameters: update(),
			credential: { baseUrl: t.platform.url + suffix, apiKey: t.platform.apiKey },
		});
	}
	expect(t.platform.requests.map((r) => r.path)).toEqual([casePath(), casePath(), casePath()]);
});

test('backoff doubles per attempt and is spread by up to 25% jitter, so many clients do not retry in step', () => {
	for (const attempt of [1, 2, 3]) {
		const step = transport.BASE_BACKOFF_MS * 2 ** (attempt - 1);
		const waits = Array.from({ length: 200 }, () => transport.backoffMs(attempt));
		expect(Math.min(...waits)).toBeGreaterThanOrEqual(step);
		expect(Math.max(...waits)).toBeLessThanOrEqual(step * 1.25);
		// Spread over the jitter range, not one fixed value.
		expect(new Set(waits).size).toBeGreaterThan(20);
		expect(Math.max(...waits) - Math.min(...waits)).toBeGreaterThan(step * 0.15);
	}
	expect(transport.backoffMs(10)).toBeLessThanOrEqual(transport.MAX_SINGLE_WAIT_MS);
});

test('a create whose connection is refused (nothing was sent) is retried within the bounds, then fails clearly', async () => {
	const closed = await import('node:net').then(
		({ createServer }) =>
			new Promise<number>((resolve) => {
				const server = createServer();
				server.listen(0, '127.0.0.1', () => {
					const { port } = server.address() as { port: number };
					server.close(() => resolve(port));
				});
			}),
	);
	const started = now();
	const { error } = await t.run({
		nodeType: 'elma365Nomenclature',
		parameters: create(),
		credential: { baseUrl: `http://127.0.0.1:${closed}`, apiKey: t.platform.apiKey },
	});
	expect(error?.message).toBe('ELMA365: the platform could not be reached (connection refused)');
	expect(String(error?.description)).toContain(`Tried ${transport.MAX_ATTEMPTS} times`);
	expect(now() - started).toBeGreaterThanOrEqual(3400);
}, 15_000);
