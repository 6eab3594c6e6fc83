import { fail, newId } from '../harness/index.ts';
import { itemsOf } from '../harness/routes/app.ts';
import { jsonOf, pairingOf, usePlatform } from '../harness/setup';

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
			['POST', base, {}, { from: 0, size: 100 }],
			['POST', base, {}, { from: 100, size: 100 }],
			['POST', base, {}, { from: 200, size: 100 }],
		]);
		for (const request of t.platform.requests) {
			expect(request.headers.authorization).toBe(`Bearer ${t.platform.apiKey}`);
			expect(request.headers['content-type']).toMatch(/^application\/json/);
		}
	});

	test('Limit across pages', async () => {
		const { items } = await run(params({ returnAll: false, limit: 120 }));
		expect(jsonOf(items)).toEqual(rows.slice(0, 120));
		expect(t.platform.requests.map((r) => r.body)).toEqual([
			{ from: 0, size: 100 },
			{ from: 100, size: 20 },
		]);
	});

	test('filters, sort, fields and raw JSON go into the body; no status or active options', async () => {
		const { items } = await run(
			params({
				returnAll: false,
				limit: 10,
				options: {
					tableFilter: { match: [{ field: '__name', value: 'Row 20' }] },
					sort: { rule: [{ field: 'total', ascending: true }] },
					fields: 'total',
					body: '{"period": "2026-01"}',
				},
			}),
		);
		expect(t.platform.requests.map((r) => r.body)).toEqual([
			{
				filter: { tf: { __name: 'Row 20' } },
				sortExpressions: [{ field: 'total', ascending: true }],
				fields: { total: true },
				period: '2026-01',
				from: 0,
				size: 10,
			},
		]);
		expect((jsonOf(items) as Array<{ __name: string }>).map((r) => r.__name)).toEqual(['Row 20', 'Row 200', 'Row 201', 'Row 202', 'Row 203', 'Row 204']);
	});

	test('an empty report code is refused before any request', async () => {
		const { error } = await run(params({ returnAll: true, report: '={{ "" }}' }));
		expect(error?.message).toMatch(/Invalid "Report Code" in item 0: expected a non-empty text, got ""/);
		expect(t.platform.requests).toHaveLength(0);
	});

	test('a platform 400 surfaces the platform text', async () => {
		t.platform.script('POST', base, fail(400, 'report is not published'));
		const { error } = await run(params({ returnAll: true }));
		expect(error?.message).toBe('ELMA365 400: report is not published');
		expect(error?.httpCode).toBe('400');
	});

	test('Continue On Fail: one output item per row or error, paired with its input', async () => {
		t.platform.script('POST', '/pub/v1/reports/sales/broken/list', fail(400, 'report broken'));
		const { items, error } = await run(params({ returnAll: false, limit: 2, report: '={{ $json.code }}' }), {
			continueOnFail: true,
			input: [{ json: { code: 'monthly' } }, { json: { code: '' } }, { json: { code: 'broken' } }, { json: { code: 'monthly' } }],
		});
		expect(error).toBeUndefined();
		expect(pairingOf(items)).toEqual([{ item: 0 }, { item: 0 }, { item: 1 }, { item: 2 }, { item: 3 }, { item: 3 }]);
		const json = jsonOf(items) as Array<Record<string, unknown>>;
		expect([json[0], json[1]]).toEqual(rows.slice(0, 2));
		expect(json[2].error).toMatch(/Invalid "Report Code" in item 1/);
		expect(json[3]).toMatchObject({ error: 'ELMA365 400: report broken', httpCode: '400' });
		expect([json[4], json[5]]).toEqual(rows.slice(0, 2));
	});
});
