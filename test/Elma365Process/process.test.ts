import axios from 'axios';
import { fail, newId } from '../harness/index.ts';
import { jsonOf, pairingOf, usePlatform, byId, byCode } from '../harness/setup';
import { MAX_PAGE_SIZE } from '../../nodes/shared/lists/pager';

const t = usePlatform();

/** A request straight to the double, as another client would send it. */
const post = (path: string, body: unknown) =>
	axios.post(`${t.platform.url}${path}`, body, {
		headers: { authorization: `Bearer ${t.platform.apiKey}` },
		validateStatus: () => true,
	});
let templateId: string;

beforeEach(() => {
	t.platform.collection('processTemplates').clear();
	t.platform.collection('processInstances').clear();
	templateId = newId();
	t.platform
		.collection('processTemplates')
		.set(templateId, { __id: templateId, namespace: 'crm.deals', code: 'approval' });
});

/** A Section or Process Template typed by code, a Process Template typed by ID, as the pickers store them. */

const start = (extra: Record<string, unknown> = {}) => ({
	resource: 'process',
	operation: 'start',
	namespace: byCode('crm.deals'),
	processCode: byCode('approval'),
	...extra,
});

describe('process start', () => {
	test('posts the context from Fields (Using Field Codes and Values), and returns the new instance id on top', async () => {
		const dealId = newId();
		const { items, error } = await t.run({
			nodeType: 'elma365Process',
			parameters: start({
				fieldsInputMode: 'pairs',
				fields: {
					field: [
						{ name: 'amount', value: '400' },
						{ name: 'deal', value: `["${dealId}"]` },
						{ name: 'note', value: 'from pairs' },
						{ name: 'flag', value: 'true' },
					],
				},
				fieldsJson: '{"note": "from JSON (not chosen, not sent)"}',
			}),
		});
		expect(error).toBeUndefined();
		// The template's scheme is read for the pairs' types; the double has none for this
		// template (404), so the pairs are sent as given.
		expect(t.platform.requests.map((r) => [r.method, r.path])).toEqual([
			['GET', '/pub/v1/scheme/namespaces/crm.deals/processes/approval'],
			['POST', '/pub/v1/bpm/template/crm.deals/approval/run'],
		]);
		const request = t.platform.requests[1];
		expect(request.query).toEqual({});
		expect(request.headers.authorization).toBe(`Bearer ${t.platform.apiKey}`);
		expect(request.headers['content-type']).toMatch(/^application\/json/);
		const context = { amount: 400, deal: [dealId], note: 'from pairs', flag: true };
		expect(request.body).toEqual({ context });
		const [instanceId] = [...t.platform.collection('processInstances').keys()];
		expect(jsonOf(items)).toEqual([{ instanceId, context: { ...context, __id: instanceId } }]);
		expect(pairingOf(items)).toEqual([{ item: 0 }]);
	});

	test('path variables are encoded, so a value cannot leave its segment', async () => {
		const { error } = await t.run({
			nodeType: 'elma365Process',
			parameters: start({ namespace: byCode('..%2Fapp'), processCode: byCode('a?b#c') }),
		});
		expect(t.platform.requests[0].path).toBe('/pub/v1/bpm/template/..%252Fapp/a%3Fb%23c/run');
		expect(error?.message).toBe(
			'ELMA365 404: Process template "..%2Fapp/a?b#c" was not found (process template ..%2Fapp/a?b#c not found)',
		);
		t.platform.reset();
		const slash = await t.run({
			nodeType: 'elma365Process',
			parameters: start({ namespace: byCode('../app'), processCode: byCode('a?b#c') }),
		});
		expect(slash.error?.message).toBe(
			'Invalid "Section" in item 0: expected a code or ID without "/", got "../app"',
		);
		expect(t.platform.requests).toEqual([]);
	});

	test('empty namespace, empty code or a bad context fail before any request, naming field and item', async () => {
		const noNamespace = await t.run({
			nodeType: 'elma365Process',
			parameters: start({ namespace: byCode('={{ " " }}') }),
		});
		expect(noNamespace.error?.message).toMatch(
			/Invalid "Section" in item 0: expected a non-empty text/,
		);
		const noCode = await t.run({
			nodeType: 'elma365Process',
			parameters: start({ processCode: byCode('={{ "" }}') }),
		});
		expect(noCode.error?.message).toMatch(
			/Invalid "Process Code" in item 0: expected a non-empty text/,
		);
		const badJson = await t.run({
			nodeType: 'elma365Process',
			parameters: start({ fieldsInputMode: 'json', fieldsJson: '[1]' }),
		});
		expect(badJson.error?.message).toMatch(
			/Invalid "Fields \(JSON\)" in item 0: expected a JSON object/,
		);
		const noFieldCode = await t.run({
			nodeType: 'elma365Process',
			parameters: start({
				fieldsInputMode: 'pairs',
				fields: { field: [{ name: '', value: 'x' }] },
			}),
		});
		expect(noFieldCode.error?.message).toMatch(
			/Invalid "Fields > Field Code \(entry 1\)" in item 0/,
		);
		expect(t.platform.requests).toHaveLength(0);
	});

	test('429 (start limit) is retried and the start then goes through', async () => {
		const path = '/pub/v1/bpm/template/crm.deals/approval/run';
		t.platform.script(
			'POST',
			path,
			{
				status: 429,
				headers: { 'retry-after': '0' },
				body: { success: false, error: 'process start limit reached' },
			},
			2,
		);
		const { items, error } = await t.run({ nodeType: 'elma365Process', parameters: start() });
		expect(error).toBeUndefined();
		expect(t.platform.requests.map((r) => [r.method, r.path])).toEqual([
			['POST', path],
			['POST', path],
			['POST', path],
		]);
		expect(jsonOf(items)).toHaveLength(1);
		expect(t.platform.collection('processInstances').size).toBe(1);
	});

	test('429 past Max Quota Wait is reported as the start limit, waited out first', async () => {
		const path = '/pub/v1/bpm/template/crm.deals/approval/run';
		t.platform.script(
			'POST',
			path,
			{
				status: 429,
				headers: { 'retry-after': '0' },
				body: { success: false, error: 'process start limit reached' },
			},
			99,
		);
		const { error } = await t.run({
			nodeType: 'elma365Process',
			parameters: start({ requestOptions: { maxQuotaWait: 2 } }),
		});
		// Refused, sent again at once as the platform asked (no probe after a short Retry-After),
		// refused again, then probes after holds of about 0 and 1 s; the next (2 s) would pass the bound.
		expect(t.platform.requests).toHaveLength(4);
		expect(error?.message).toMatch(
			/^ELMA365 429: the company's API request quota is used up, and the wait for it would pass Max Quota Wait \(2 s\) \(the process start limit of the platform was reached/,
		);
		expect(String(error?.description)).toContain('The platform said: process start limit reached.');
		expect(error?.httpCode).toBe('429');
	});

	test('under Options > Concurrency too, every start waits out the limit together and fails as the start limit, never as timed out', async () => {
		const path = '/pub/v1/bpm/template/crm.deals/approval/run';
		t.platform.script(
			'POST',
			path,
			{
				status: 429,
				headers: { 'retry-after': '0.6' },
				body: { success: false, error: 'process start limit reached' },
			},
			99,
		);
		// A Timeout shorter than the waits: each send has its own, none is cut off.
		const limit =
			'the process start limit of the platform was reached and waiting did not get the start through: start fewer processes at once, raise Request Options > Max Quota Wait, or try again later';
		const { items, error } = await t.run({
			nodeType: 'elma365Process',
			parameters: start({
				options: { concurrency: 3 },
				requestOptions: { timeout: 1000, maxQuotaWait: 3 },
			}),
			input: [{ json: {} }, { json: {} }, { json: {} }],
			continueOnFail: true,
		});
		expect(error).toBeUndefined();
		// The three first sends; one sent again after 0.6 s (the window halved to 1, no probe after a
		// short Retry-After), refused again; then one probe at a time (after 0.6 s, then 1 s); the
		// next hold (2 s) would pass 3 s.
		expect(t.platform.requests).toHaveLength(6);
		for (const item of jsonOf(items)) {
			expect(item.error).toBe(
				`ELMA365 429: the company's API request quota is used up, and the wait for it would pass Max Quota Wait (3 s) (${limit})`,
			);
			expect(item.httpCode).toBe('429');
		}
		expect(pairingOf(items)).toEqual([{ item: 0 }, { item: 1 }, { item: 2 }]);
		expect(t.platform.collection('processInstances').size).toBe(0);
	});

	test('a 5xx is not retried: the process may already have started', async () => {
		t.platform.script(
			'POST',
			'/pub/v1/bpm/template/crm.deals/approval/run',
			fail(502, 'gateway'),
			99,
		);
		const { error } = await t.run({ nodeType: 'elma365Process', parameters: start() });
		expect(t.platform.requests).toHaveLength(1);
		expect(error?.message).toBe('ELMA365 502: gateway');
	});

	test('Continue On Fail: one output per input, in order, paired', async () => {
		const { items, error } = await t.run({
			nodeType: 'elma365Process',
			continueOnFail: true,
			input: [
				{ json: { code: 'approval' } },
				{ json: { code: '' } },
				{ json: { code: 'missing' } },
				{ json: { code: 'approval' } },
			],
			parameters: start({ processCode: byCode('={{ $json.code }}') }),
		});
		expect(error).toBeUndefined();
		const paths = t.platform.requests.map((r) => r.path);
		expect(paths.filter((path) => !path.startsWith('/pub/v1/scheme/'))).toEqual([
			'/pub/v1/bpm/template/crm.deals/approval/run',
			'/pub/v1/bpm/template/crm.deals/missing/run',
			'/pub/v1/bpm/template/crm.deals/approval/run',
		]);
		// The 404 of "missing" names the application's templates: read once, after it.
		expect(paths.filter((path) => path.startsWith('/pub/v1/scheme/'))).toEqual([
			'/pub/v1/scheme/namespaces',
			'/pub/v1/scheme/namespaces/crm/apps/deals/processes',
		]);
		const out = jsonOf(items) as Array<Record<string, unknown>>;
		expect(out).toHaveLength(4);
		expect(typeof out[0].instanceId).toBe('string');
		expect(out[1].error).toMatch(/Invalid "Process Code" in item 1/);
		expect(out[2]).toMatchObject({
			error:
				'ELMA365 404: Process template "crm.deals/missing" was not found (process template crm.deals/missing not found)',
			httpCode: '404',
		});
		expect(typeof out[3].instanceId).toBe('string');
		expect(pairingOf(items)).toEqual([{ item: 0 }, { item: 1 }, { item: 2 }, { item: 3 }]);
	});
});

describe('instance', () => {
	function seed(count: number, extra: Record<string, unknown> = {}) {
		return Array.from({ length: count }, (_, i) => {
			const __id = newId();
			const instance = { __id, __templateId: templateId, __name: `Run ${i}`, ...extra };
			t.platform.collection('processInstances').set(__id, instance);
			return instance;
		});
	}

	test('get posts to the instance and outputs the instance itself (the answer\'s "data")', async () => {
		const [instance] = seed(1);
		const { items } = await t.run({
			nodeType: 'elma365Process',
			parameters: { resource: 'instance', operation: 'get', instanceId: instance.__id },
		});
		const [request] = t.platform.requests;
		expect([
			request.method,
			request.path,
			request.query,
			request.headers.authorization,
			request.body,
		]).toEqual([
			'POST',
			`/pub/v1/bpm/instance/${instance.__id}/get`,
			{},
			`Bearer ${t.platform.apiKey}`,
			undefined,
		]);
		expect(jsonOf(items)).toEqual([instance]);
		expect(pairingOf(items)).toEqual([{ item: 0 }]);
	});

	test('the double answers an instance as {"data": ...} and refuses a body on get', async () => {
		const [instance] = seed(1);
		const answer = await post(`/pub/v1/bpm/instance/${instance.__id}/get`, undefined);
		expect(answer.data).toEqual({ success: true, error: '', data: instance });
		const refused = await post(`/pub/v1/bpm/instance/${instance.__id}/get`, {
			fields: { __name: true },
		});
		expect(refused.data).toEqual({ success: false, error: 'body: this endpoint takes no body' });
	});

	test("get with a bad id fails before any request; a missing instance is the platform's 404", async () => {
		const bad = await t.run({
			nodeType: 'elma365Process',
			parameters: { resource: 'instance', operation: 'get', instanceId: 'nope' },
		});
		expect(bad.error?.message).toMatch(/Invalid "Instance" in item 0: expected a UUID/);
		expect(t.platform.requests).toHaveLength(0);
		const id = newId();
		const missing = await t.run({
			nodeType: 'elma365Process',
			parameters: { resource: 'instance', operation: 'get', instanceId: id },
		});
		expect(missing.error?.message).toBe(`ELMA365 404: process instance ${id} not found`);
	});

	test('getAll by template pages through the body with the list options', async () => {
		const instances = seed(150);
		const { items } = await t.run({
			nodeType: 'elma365Process',
			parameters: {
				resource: 'instance',
				operation: 'getAll',
				by: 'template',
				templateId: byId(templateId),
				returnAll: true,
				options: {
					active: true,
					eql: '[__name] like "Run"',
					sort: { rule: [{ field: '__createdAt', ascending: true }] },
				},
			},
		});
		const window = {
			active: true,
			filter: { eql: { query: '[__name] like "Run"' } },
			sortExpressions: [{ field: '__createdAt', ascending: true }],
		};
		expect(t.platform.requests.map((r) => [r.method, r.path, r.query, r.body])).toEqual([
			[
				'POST',
				`/pub/v1/bpm/instance/bytemplateid/${templateId}/list`,
				{},
				{ ...window, from: 0, size: MAX_PAGE_SIZE },
			],
		]);
		expect(jsonOf(items)).toEqual(instances);
		expect(items.every((item) => (item.pairedItem as { item: number }).item === 0)).toBe(true);
	});

	test('getAll by target sends "target" with active and sort, with a limit', async () => {
		const targetId = newId();
		const instances = seed(3, { __target: targetId });
		seed(2);
		const { items, error } = await t.run({
			nodeType: 'elma365Process',
			parameters: {
				resource: 'instance',
				operation: 'getAll',
				by: 'target',
				targetId,
				limit: 2,
				options: { active: true, sort: { rule: [{ field: '__createdAt', ascending: false }] } },
			},
		});
		expect(error).toBeUndefined();
		expect(t.platform.requests.map((r) => [r.method, r.path, r.query, r.body])).toEqual([
			[
				'POST',
				'/pub/v1/bpm/instance/bytarget/list',
				{},
				{
					target: targetId,
					active: true,
					sortExpressions: [{ field: '__createdAt', ascending: false }],
					from: 0,
					size: 2,
				},
			],
		]);
		expect(jsonOf(items)).toEqual(instances.slice(0, 2));
		expect(pairingOf(items)).toEqual([{ item: 0 }, { item: 0 }]);
	});

	test('the double refuses the old "targetId" body, sent through the Additional Body escape hatch', async () => {
		const targetId = newId();
		const { error } = await t.run({
			nodeType: 'elma365Process',
			parameters: {
				resource: 'instance',
				operation: 'getAll',
				by: 'target',
				targetId,
				options: { body: JSON.stringify({ targetId }) },
			},
		});
		expect(t.platform.requests.map((r) => r.body)).toEqual([
			{ target: targetId, targetId, from: 0, size: 50 },
		]);
		expect(error?.message).toBe('ELMA365 400: body.targetId: unknown key');
	});

	test('a list by target refuses the options its endpoint does not take, before any request', async () => {
		const targetId = newId();
		for (const [options, label] of [
			[{ eql: '[__name] = "x"' }, 'EQL Query'],
			[{ ids: newId() }, 'IDs'],
			[{ fields: '__id' }, 'Fields to Return'],
			[{ tableFilter: { match: [{ field: '__name', value: 'x' }] } }, 'Table Filter'],
		] as const) {
			const { error } = await t.run({
				nodeType: 'elma365Process',
				parameters: { resource: 'instance', operation: 'getAll', by: 'target', targetId, options },
			});
			expect(error?.message).toMatch(
				new RegExp(
					`^Invalid "${label}" in item 0: expected no value: a list by target takes only Active Only and Sort`,
				),
			);
		}
		expect(t.platform.requests).toHaveLength(0);
	});

	test('instance lists apply an __updatedAt range but not an __createdAt one (as reported on a real company), and sort', async () => {
		const [old] = seed(1, {
			__createdAt: '2026-01-01T00:00:00Z',
			__updatedAt: '2026-01-01T00:00:00Z',
		});
		const [recent] = seed(1, {
			__createdAt: '2026-03-01T00:00:00Z',
			__updatedAt: '2026-03-01T00:00:00Z',
		});
		const list = (field: string) =>
			t.run({
				nodeType: 'elma365Process',
				parameters: {
					resource: 'instance',
					operation: 'getAll',
					by: 'template',
					templateId: byId(templateId),
					returnAll: true,
					options: { tableFilter: { range: [{ field, min: '2026-02-01T00:00:00Z', max: '' }] } },
				},
			});
		expect(jsonOf((await list('__updatedAt')).items)).toEqual([recent]);
		expect(jsonOf((await list('__createdAt')).items)).toEqual([old, recent]);
		const newestFirst = await t.run({
			nodeType: 'elma365Process',
			parameters: {
				resource: 'instance',
				operation: 'getAll',
				by: 'template',
				templateId: byId(templateId),
				limit: 1,
				options: { sort: { rule: [{ field: '__createdAt', ascending: false }] } },
			},
		});
		expect(jsonOf(newestFirst.items)).toEqual([recent]);
		expect(t.platform.requests[1].body).toEqual({
			filter: { tf: { __createdAt: { min: '2026-02-01T00:00:00Z', max: null } } },
			from: 0,
			size: MAX_PAGE_SIZE,
		});
	});

	test('getAll validates template id, target id and list options before any request', async () => {
		const badTemplate = await t.run({
			nodeType: 'elma365Process',
			parameters: {
				resource: 'instance',
				operation: 'getAll',
				by: 'template',
				templateId: byId('={{ "x" }}'),
			},
		});
		expect(badTemplate.error?.message).toMatch(/Invalid "Template ID" in item 0/);
		const badTarget = await t.run({
			nodeType: 'elma365Process',
			parameters: {
				resource: 'instance',
				operation: 'getAll',
				by: 'target',
				targetId: '={{ " " }}',
			},
		});
		expect(badTarget.error?.message).toMatch(/Invalid "Target ID" in item 0/);
		const badIds = await t.run({
			nodeType: 'elma365Process',
			parameters: {
				resource: 'instance',
				operation: 'getAll',
				by: 'template',
				templateId: byId(templateId),
				options: { ids: 'a, b' },
			},
		});
		expect(badIds.error?.message).toMatch(/Invalid "IDs" in item 0/);
		expect(t.platform.requests).toHaveLength(0);
	});
});
