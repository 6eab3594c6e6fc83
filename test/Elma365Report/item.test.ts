import { fail, newId } from '../harness/index.ts';
import { loadPackage } from '../harness/engine';
import { itemsOf } from '../harness/routes/app.ts';
import { jsonOf, pairingOf, usePlatform } from '../harness/setup';
import { LARGE_PAGE_SIZE } from '../../nodes/shared/lists/pager';

const t = usePlatform();
const base = '/pub/v1/reports/sales/monthly/list';

const params = (extra: Record<string, unknown> = {}) => ({
	resource: 'item',
	operation: 'getAll',
	namespace: 'sales',
	report: 'monthly',
	...extra,
});
const run = (parameters: Record<string, unknown>, more: Record<string, unknown> = {}) =>
	t.run({ nodeType: 'elma365Report', parameters: parameters as never, ...more });

let rows: Array<Record<string, unknown>>;

beforeEach(() => {
	const items = itemsOf(t.platform, 'reports', 'sales', 'monthly');
	items.clear();
	for (let i = 0; i < 205; i++) {
		const id = newId();
		items.set(id, { __id: id, __name: `Row ${i}`, total: i });
	}
	rows = [...items.values()];
});

describe('report items list', () => {
	test('Return All: POST with from/size in the body until total; one item per row', async () => {
		const { items, error } = await run(params({ returnAll: true }));
		expect(error).toBeUndefined();
		expect(jsonOf(items)).toEqual(rows);
		expect(pairingOf(items)).toEqual(Array(205).fill({ item: 0 }));
		expect(t.platform.requests.map((r) => [r.method, r.path, r.query, r.body])).toEqual([
			['POST', base, {}, { from: 0, size: LARGE_PAGE_SIZE }],
		]);
		for (const request of t.platform.requests) {
			expect(request.headers.authorization).toBe(`Bearer ${t.platform.apiKey}`);
			expect(request.headers['content-type']).toMatch(/^application\/json/);
		}
	});

	test('Limit across pages', async () => {
		const { items } = await run(params({ returnAll: false, limit: 120 }));
		expect(jsonOf(items)).toEqual(rows.slice(0, 120));
		expect(t.platform.requests.map((r) => r.body)).toEqual([{ from: 0, size: 120 }]);
	});

	test('the documented body: table filter as filter.tf, sort rules as {column, ascend}, raw JSON merged', async () => {
		const { items, error } = await run(
			params({
				returnAll: false,
				limit: 10,
				options: {
					tableFilter: { match: [{ field: '__name', value: 'Row 20' }] },
					sort: {
						rule: [
							{ field: 'total', ascending: false },
							{ field: '__name', ascending: true },
						],
					},
					body: '{"size": 10}',
				},
			}),
			{ typeVersion: 1.3 },
		);
		expect(error).toBeUndefined();
		expect(t.platform.requests.map((r) => [r.method, r.path, r.query, r.body])).toEqual([
			[
				'POST',
				base,
				{},
				{
					filter: { tf: { __name: 'Row 20' } },
					sortExpressions: [
						{ column: 'total', ascend: false },
						{ column: '__name', ascend: true },
					],
					from: 0,
					size: 10,
				},
			],
		]);
		expect((jsonOf(items) as Array<{ __name: string }>).map((r) => r.__name)).toEqual([
			'Row 204',
			'Row 203',
			'Row 202',
			'Row 201',
			'Row 200',
			'Row 20',
		]);
	});

	test('version 1.3 offers only what the endpoint takes: table filter, sort and raw JSON', async () => {
		const loader = await loadPackage();
		const options = (
			(loader.nodeTypes.elma365Report.type as unknown as { description: { properties: unknown[] } })
				.description.properties as Array<{
				name: string;
				displayOptions?: { show?: Record<string, unknown> };
				options?: Array<{ name: string }>;
			}>
		)
			.filter((p) => p.name === 'options')
			.map((p) => [p.displayOptions?.show?.['@version'], p.options?.map((o) => o.name)]);
		expect(options).toEqual([
			[[{ _cnd: { lt: 1.2 } }], ['body', 'eql', 'fields', 'ids', 'sort', 'tableFilter']],
			[[{ _cnd: { eq: 1.2 } }], ['body', 'eql', 'fields', 'ids', 'sort', 'tableFilter']],
			[[{ _cnd: { gte: 1.3 } }], ['body', 'sort', 'tableFilter']],
		]);
	});

	test('the strict double refuses the old shapes: {field, ascending} sort entries, EQL, IDs, fields', async () => {
		const post = async (body: unknown) => {
			const response = await fetch(`${t.platform.url}${base}`, {
				method: 'POST',
				headers: {
					authorization: `Bearer ${t.platform.apiKey}`,
					'content-type': 'application/json',
				},
				body: JSON.stringify(body),
			});
			return [response.status, ((await response.json()) as { error: string }).error];
		};
		expect(await post({ sortExpressions: [{ field: 'total', ascending: true }] })).toEqual([
			400,
			'body.sortExpressions[0].column: required',
		]);
		expect(await post({ filter: { eql: { query: '[total] = 1' } } })).toEqual([
			400,
			'body.filter.eql: unknown key',
		]);
		expect(await post({ ids: [newId()] })).toEqual([400, 'body.ids: unknown key']);
		expect(await post({ fields: { total: true } })).toEqual([400, 'body.fields: unknown key']);
	});

	test.each([
		['EQL Query', { eql: '[total] = 1' }, '"[total] = 1"'],
		[
			'IDs',
			{ ids: '3fa85f64-5717-4562-b3fc-2c963f66afa6' },
			'"3fa85f64-5717-4562-b3fc-2c963f66afa6"',
		],
		['Fields to Return', { fields: 'total' }, '"total"'],
	])(
		'versions before 1.3: %s cannot be sent, so it is refused before any request',
		async (label, options, shown) => {
			for (const typeVersion of [1, 1.2]) {
				const { error } = await run(params({ returnAll: true, options }), { typeVersion });
				expect(error?.message).toBe(
					`Invalid "${label}" in item 0: expected no value: the report list takes only a table filter and sort (clear the option; version 1.3 no longer offers it), got ${shown}`,
				);
			}
			expect(t.platform.requests).toHaveLength(0);
		},
	);

	test('an empty report code is refused before any request', async () => {
		const { error } = await run(params({ returnAll: true, report: '={{ "" }}' }));
		expect(error?.message).toMatch(
			/Invalid "Report Code" in item 0: expected a non-empty text, got ""/,
		);
		expect(t.platform.requests).toHaveLength(0);
	});

	test('a platform 400 surfaces the platform text', async () => {
		// A 400 to the large first page is asked once more at 100 (a platform may refuse the size).
		t.platform.script('POST', base, fail(400, 'report is not published'), 2);
		const { error } = await run(params({ returnAll: true }));
		expect(error?.message).toBe('ELMA365 400: report is not published');
		expect(error?.httpCode).toBe('400');
		expect(t.platform.requests.map((r) => (r.body as { size: number }).size)).toEqual([1000, 100]);
	});

	test('Continue On Fail: one output item per row or error, paired with its input', async () => {
		t.platform.script('POST', '/pub/v1/reports/sales/broken/list', fail(400, 'report broken'));
		const { items, error } = await run(
			params({ returnAll: false, limit: 2, report: '={{ $json.code }}' }),
			{
				continueOnFail: true,
				input: [
					{ json: { code: 'monthly' } },
					{ json: { code: '' } },
					{ json: { code: 'broken' } },
					{ json: { code: 'monthly' } },
				],
			},
		);
		expect(error).toBeUndefined();
		expect(pairingOf(items)).toEqual([
			{ item: 0 },
			{ item: 0 },
			{ item: 1 },
			{ item: 2 },
			{ item: 3 },
			{ item: 3 },
		]);
		const json = jsonOf(items) as Array<Record<string, unknown>>;
		expect([json[0], json[1]]).toEqual(rows.slice(0, 2));
		expect(json[2].error).toMatch(/Invalid "Report Code" in item 1/);
		expect(json[3]).toMatchObject({ error: 'ELMA365 400: report broken', httpCode: '400' });
		expect([json[4], json[5]]).toEqual(rows.slice(0, 2));
	});
});
