import { fail, ok } from '../harness/index.ts';
import { DEFAULT_STATUSES } from '../harness/routes/app.ts';
import { jsonOf, pairingOf, usePlatform } from '../harness/setup';

const t = usePlatform();

const APPS = [
	{ namespace: 'crm', code: 'deals', name: 'Deals' },
	{ namespace: 'crm', code: 'leads', name: 'Leads' },
	{ namespace: 'hr', code: 'vacancies', name: 'Vacancies' },
];

beforeEach(() => {
	const apps = t.platform.collection('apps');
	apps.clear();
	for (const app of APPS) apps.set(`${app.namespace}/${app.code}`, app);
});

describe('application list', () => {
	test('GET /app/list: one output item per application', async () => {
		const { items, error } = await t.run({
			nodeType: 'elma365App',
			parameters: { resource: 'application', operation: 'getAll', returnAll: true },
		});
		expect(error).toBeUndefined();
		expect(t.platform.requests).toHaveLength(1);
		const [request] = t.platform.requests;
		expect([request.method, request.path, request.query, request.body]).toEqual([
			'GET',
			'/pub/v1/app/list',
			{},
			undefined,
		]);
		expect(request.headers.authorization).toBe(`Bearer ${t.platform.apiKey}`);
		expect(jsonOf(items)).toEqual(APPS);
		expect(pairingOf(items)).toEqual([{ item: 0 }, { item: 0 }, { item: 0 }]);
	});

	test('a list named after what it holds ({apps: [...]}) is found too', async () => {
		t.platform.script('GET', '/pub/v1/app/list', ok({ apps: APPS }));
		const { items } = await t.run({
			nodeType: 'elma365App',
			parameters: { resource: 'application', operation: 'getAll', returnAll: true },
		});
		expect(jsonOf(items)).toEqual(APPS);
	});

	test('Limit cuts the answer', async () => {
		const { items } = await t.run({
			nodeType: 'elma365App',
			parameters: { resource: 'application', operation: 'getAll', returnAll: false, limit: 2 },
		});
		expect(jsonOf(items)).toEqual(APPS.slice(0, 2));
		expect(t.platform.requests.map((r) => r.query)).toEqual([{}]);
	});

	test('a platform 400 surfaces the platform text', async () => {
		t.platform.script('GET', '/pub/v1/app/list', fail(400, 'not allowed'));
		const { error } = await t.run({
			nodeType: 'elma365App',
			parameters: { resource: 'application', operation: 'getAll', returnAll: true },
		});
		expect(error?.message).toBe('ELMA365 400: not allowed');
	});
});

describe('application status', () => {
	const params = (extra: Record<string, unknown> = {}) => ({
		resource: 'application',
		operation: 'getStatus',
		namespace: 'crm',
		application: 'deals',
		...extra,
	});

	test('GET .../settings/status: statuses and groups as returned, in one item', async () => {
		const { items, error } = await t.run({ nodeType: 'elma365App', parameters: params() });
		expect(error).toBeUndefined();
		expect(t.platform.requests.map((r) => [r.method, r.path, r.query, r.body])).toEqual([
			['GET', '/pub/v1/app/crm/deals/settings/status', {}, undefined],
		]);
		expect(jsonOf(items)).toEqual([DEFAULT_STATUSES]);
		expect(pairingOf(items)).toEqual([{ item: 0 }]);
	});

	test('One Item per Status: each status with its group', async () => {
		const { items } = await t.run({
			nodeType: 'elma365App',
			parameters: params({ splitStatuses: true }),
		});
		const [open, closed] = DEFAULT_STATUSES.groupItems;
		expect(jsonOf(items)).toEqual([
			{ ...DEFAULT_STATUSES.statusItems[0], group: open },
			{ ...DEFAULT_STATUSES.statusItems[1], group: open },
			{ ...DEFAULT_STATUSES.statusItems[2], group: closed },
		]);
		expect(pairingOf(items)).toEqual([{ item: 0 }, { item: 0 }, { item: 0 }]);
	});

	test('an empty application code is refused before any request', async () => {
		const { error } = await t.run({
			nodeType: 'elma365App',
			parameters: params({ application: '={{ $json.code }}' }),
			input: [{ json: { code: '' } }],
		});
		expect(error?.message).toMatch(
			/Invalid "Application Code" in item 0: expected a non-empty text, got ""/,
		);
		expect(t.platform.requests).toHaveLength(0);
	});

	test('Continue On Fail: one output per input, in order and paired', async () => {
		t.platform.script(
			'GET',
			'/pub/v1/app/crm/missing/settings/status',
			fail(404, 'application crm/missing not found'),
		);
		const { items, error } = await t.run({
			nodeType: 'elma365App',
			parameters: params({ application: '={{ $json.code }}' }),
			continueOnFail: true,
			input: [
				{ json: { code: 'deals' } },
				{ json: { code: '' } },
				{ json: { code: 'missing' } },
				{ json: { code: 'leads' } },
			],
		});
		expect(error).toBeUndefined();
		expect(pairingOf(items)).toEqual([0, 1, 2, 3].map((item) => ({ item })));
		const json = jsonOf(items) as Array<Record<string, unknown>>;
		expect(json[0]).toEqual(DEFAULT_STATUSES);
		expect(json[1].error).toMatch(/Invalid "Application Code" in item 1/);
		expect(json[2]).toMatchObject({
			error:
				'ELMA365 404: Application "crm/missing" was not found (application crm/missing not found)',
			httpCode: '404',
		});
		expect(json[3]).toEqual(DEFAULT_STATUSES);
		const paths = t.platform.requests.map((r) => r.path);
		expect(paths.filter((path) => !path.startsWith('/pub/v1/scheme/'))).toEqual([
			'/pub/v1/app/crm/deals/settings/status',
			'/pub/v1/app/crm/missing/settings/status',
			'/pub/v1/app/crm/leads/settings/status',
		]);
		// The 404 of "missing" names the section's applications: read once, after it.
		expect(paths.filter((path) => path.startsWith('/pub/v1/scheme/'))).toEqual([
			'/pub/v1/scheme/namespaces',
			'/pub/v1/scheme/namespaces/crm/apps',
		]);
	});
});
