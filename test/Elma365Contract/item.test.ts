import type { INodeProperties } from 'n8n-workflow';
import { loadPackage } from '../harness/engine';
import { fail, newId } from '../harness/index.ts';
import { itemsOf } from '../harness/routes/app.ts';
import { jsonOf, pairingOf, usePlatform } from '../harness/setup';
import { MAX_PAGE_SIZE } from '../../nodes/shared/lists/pager';

const t = usePlatform();
const NS = 'legal';
const CODE = 'contracts';
const base = `/pub/v1/contracts/${NS}/${CODE}`;
let itemId: string;

const params = (operation: string, extra: Record<string, unknown> = {}) => ({
	resource: 'item',
	operation,
	namespace: NS,
	application: CODE,
	...extra,
});
const run = (parameters: Record<string, unknown>, more: Record<string, unknown> = {}) =>
	t.run({ nodeType: 'elma365Contract', parameters: parameters as never, ...more });

beforeEach(() => {
	itemId = newId();
	const items = itemsOf(t.platform, 'contracts', NS, CODE);
	items.clear();
	items.set(itemId, { __id: itemId, __name: 'Supply contract', amount: 1000 });
});

function expectOneRequest(method: string, path: string, body: unknown, readsScheme = false) {
	// Pairs and JSON first read the contract application's scheme (as its mapper does) for their fields' types.
	const scheme = readsScheme ? [['GET', `/pub/v1/scheme/namespaces/${NS}/apps/${CODE}`]] : [];
	expect(t.platform.requests.map((r) => [r.method, r.path])).toEqual([...scheme, [method, path]]);
	const request = t.platform.requests[scheme.length];
	expect([request.method, request.path, request.query]).toEqual([method, path, {}]);
	expect(request.headers.authorization).toBe(`Bearer ${t.platform.apiKey}`);
	if (body !== undefined) expect(request.headers['content-type']).toMatch(/^application\/json/);
	expect(request.body).toEqual(body);
}

describe('contract item create', () => {
	test('posts {"context": ...} to /contracts/.../create and outputs the item', async () => {
		const { items, error } = await run(
			params('create', {
				fieldsInputMode: 'pairs',
				fields: {
					field: [
						{ name: '__name', value: 'Lease' },
						{ name: 'amount', value: '12' },
					],
				},
			}),
		);
		expect(error).toBeUndefined();
		expectOneRequest('POST', `${base}/create`, { context: { __name: 'Lease', amount: 12 } }, true);
		expect(jsonOf(items)).toEqual([
			{
				__name: 'Lease',
				amount: 12,
				__id: expect.any(String),
				__createdAt: '2026-01-01T00:00:00Z',
			},
		]);
		expect(pairingOf(items)).toEqual([{ item: 0 }]);
	});
});

describe('contract item get', () => {
	test('GET .../{id}/get without a body', async () => {
		const { items, error } = await run(params('get', { itemId }));
		expect(error).toBeUndefined();
		expectOneRequest('GET', `${base}/${itemId}/get`, undefined);
		expect(jsonOf(items)).toEqual([{ __id: itemId, __name: 'Supply contract', amount: 1000 }]);
		expect(pairingOf(items)).toEqual([{ item: 0 }]);
	});
});

describe('contract item update', () => {
	test('posts {"context": ...} to .../{id}/update', async () => {
		const { items, error } = await run(
			params('update', { itemId, fieldsInputMode: 'json', fieldsJson: '{"amount": 2000}' }),
		);
		expect(error).toBeUndefined();
		expectOneRequest('POST', `${base}/${itemId}/update`, { context: { amount: 2000 } }, true);
		expect(jsonOf(items)).toEqual([{ __id: itemId, __name: 'Supply contract', amount: 2000 }]);
	});

	test('a platform 400 surfaces the platform text', async () => {
		t.platform.script(
			'POST',
			`${base}/${itemId}/update`,
			fail(400, 'contract is signed and cannot be changed'),
		);
		const { error } = await run(
			params('update', { itemId, fieldsInputMode: 'json', fieldsJson: '{"amount": 1}' }),
		);
		expect(error?.message).toBe('ELMA365 400: contract is signed and cannot be changed');
		expect(error?.httpCode).toBe('400');
	});
});

describe('contract item list', () => {
	test('Return All and Limit page through the POST body', async () => {
		const items = itemsOf(t.platform, 'contracts', NS, CODE);
		for (let i = 0; i < 120; i++) {
			const id = newId();
			items.set(id, { __id: id, __name: `Contract ${i}` });
		}
		const all = await run(params('getAll', { returnAll: true, options: { active: true } }));
		expect(jsonOf(all.items)).toEqual([...items.values()]);
		expect(t.platform.requests.map((r) => [r.method, r.path, r.body])).toEqual([
			['POST', `${base}/list`, { active: true, from: 0, size: MAX_PAGE_SIZE }],
		]);
		t.platform.reset();
		const limited = await run(params('getAll', { returnAll: false, limit: 5 }));
		expect(jsonOf(limited.items)).toEqual([...items.values()].slice(0, 5));
		expect(t.platform.requests.map((r) => r.body)).toEqual([{ from: 0, size: 5 }]);
		expect(pairingOf(limited.items)).toEqual(Array(5).fill({ item: 0 }));
	});
});

describe('contract item list: the documented body', () => {
	test('active, table filter, EQL, IDs and sort {field, ascending} are sent as documented', async () => {
		const { error } = await run(
			params('getAll', {
				returnAll: false,
				limit: 5,
				options: {
					active: true,
					tableFilter: { match: [{ field: '__name', value: 'Supply' }] },
					eql: '[amount] > 10',
					ids: itemId,
					sort: { rule: [{ field: 'amount', ascending: true }] },
				},
			}),
		);
		expect(error).toBeUndefined();
		expect(t.platform.requests.map((r) => [r.method, r.path, r.query, r.body])).toEqual([
			[
				'POST',
				`${base}/list`,
				{},
				{
					active: true,
					filter: { tf: { __name: 'Supply' }, eql: { query: '[amount] > 10' } },
					ids: [itemId],
					sortExpressions: [{ field: 'amount', ascending: true }],
					from: 0,
					size: 5,
				},
			],
		]);
	});

	test('Get Many offers no status options: the contract list body has none', async () => {
		const loader = await loadPackage();
		const { description } = loader.nodeTypes.elma365Contract.type as unknown as {
			description: { properties: INodeProperties[] };
		};
		const options = description.properties.find(
			(p) => p.name === 'options' && p.displayOptions?.show?.operation?.[0] === 'getAll',
		);
		const names = (options?.options as INodeProperties[]).map((option) => option.name);
		expect(names).toContain('eql');
		expect(names).not.toContain('statusCodes');
		expect(names).not.toContain('statusGroupId');
	});

	test('the strict double refuses the old shapes: fields, statusCode, statusGroupId', async () => {
		const post = async (body: unknown) => {
			const response = await fetch(`${t.platform.url}${base}/list`, {
				method: 'POST',
				headers: {
					authorization: `Bearer ${t.platform.apiKey}`,
					'content-type': 'application/json',
				},
				body: JSON.stringify(body),
			});
			return [response.status, ((await response.json()) as { error: string }).error];
		};
		expect(await post({ fields: { amount: true } })).toEqual([400, 'body.fields: unknown key']);
		expect(await post({ statusCode: ['signed'] })).toEqual([400, 'body.statusCode: unknown key']);
		expect(await post({ statusGroupId: newId() })).toEqual([
			400,
			'body.statusGroupId: unknown key',
		]);
	});
});

describe('validation and Continue On Fail', () => {
	test('a bad id and an empty section code are refused before any request', async () => {
		const badId = await run(params('get', { itemId: 'contract-1' }));
		expect(badId.error?.message).toMatch(/Invalid "Item ID" in item 0: expected a UUID/);
		const noSection = await run(params('create', { namespace: '={{ "" }}' }));
		expect(noSection.error?.message).toMatch(
			/Invalid "Section Code" in item 0: expected a non-empty text/,
		);
		const noCode = await run(params('getAll', { returnAll: true, application: '={{ "" }}' }));
		expect(noCode.error?.message).toMatch(
			/Invalid "Contract Application Code" in item 0: expected a non-empty text/,
		);
		expect(t.platform.requests).toHaveLength(0);
	});

	test('one output per input, in order and paired', async () => {
		const missing = newId();
		const { items, error } = await run(params('get', { itemId: '={{ $json.id }}' }), {
			continueOnFail: true,
			input: [
				{ json: { id: itemId } },
				{ json: { id: 'x' } },
				{ json: { id: missing } },
				{ json: { id: itemId } },
			],
		});
		expect(error).toBeUndefined();
		expect(pairingOf(items)).toEqual([0, 1, 2, 3].map((item) => ({ item })));
		const json = jsonOf(items) as Array<Record<string, unknown>>;
		expect(json[0]).toEqual({ __id: itemId, __name: 'Supply contract', amount: 1000 });
		expect(json[1].error).toMatch(/Invalid "Item ID" in item 1/);
		expect(json[2]).toMatchObject({
			error: `ELMA365 404: item ${missing} not found`,
			httpCode: '404',
		});
		expect(json[3]).toEqual(json[0]);
		// Three reads of items, then the company's sections, read once to explain the 404.
		expect(t.platform.requests.map((r) => r.path.split('/')[3])).toEqual([
			'contracts',
			'contracts',
			'contracts',
			'scheme',
		]);
	});
});
