import { fail, newId } from '../harness/index.ts';
import { loadPackage } from '../harness/engine';
import { itemsOf } from '../harness/routes/app.ts';
import { jsonOf, pairingOf, usePlatform, byCode } from '../harness/setup';
import { MAX_PAGE_SIZE } from '../../nodes/shared/lists/pager';

const t = usePlatform();
const base = '/pub/v1/reports/sales/monthly/list';

/** A section or report typed by its code (the pickers' By Code mode). */

const params = (extra: Record<string, unknown> = {}) => ({
	resource: 'item',
	operation: 'getAll',
	namespace: byCode('sales'),
	report: byCode('monthly'),
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
			['POST', base, {}, { from: 0, size: MAX_PAGE_SIZE }],
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

	test('Options offer only what the endpoint takes: table filter, sort and raw JSON', async () => {
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
			.map((p) => [p.displayOptions?.show, p.options?.map((o) => o.name)]);
		expect(options).toEqual([
			[{ resource: ['item'], operation: ['getAll'] }, ['body', 'sort', 'tableFilter']],
		]);
	});

	test('the strict double refuses what the endpoint does not take: {field, ascending} sort entries, EQL, IDs, fields', async () => {
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

	test('an empty report code is refused before any request', async () => {
		const { error } = await run(params({ returnAll: true, report: byCode('={{ "" }}') }));
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
		expect(t.platform.requests.map((r) => (r.body as { size: number }).size)).toEqual([
			MAX_PAGE_SIZE,
			100,
		]);
	});

	test('Continue On Fail: one output item per row or error, paired with its input', async () => {
		t.platform.script('POST', '/pub/v1/reports/sales/broken/list', fail(400, 'report broken'));
		const { items, error } = await run(
			params({ returnAll: false, limit: 2, report: byCode('={{ $json.code }}') }),
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
