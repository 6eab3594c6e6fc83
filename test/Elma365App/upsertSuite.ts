/**
 * Create or Update of App and Contract items, one suite for both nodes (they share the code in
 * nodes/shared/items/upsert.ts): the three match outcomes on the wire and in the output, the order
 * of items with the same match values at Concurrency 10, input errors before any request, platform
 * errors and Continue On Fail.
 */
import axios from 'axios';
import type { ResourceMapperField } from 'n8n-workflow';
import { resourceMapperFields } from '../harness/engine';
import { fail, newId } from '../harness/index.ts';
import { holdRequests } from '../harness/inFlight';
import { itemsOf } from '../harness/routes/app.ts';
import type { TestPlatform } from '../harness/setup';
import { jsonOf, pairingOf, usePlatform, picked } from '../harness/setup';
import { MAX_PAGE_SIZE } from '../../nodes/shared/lists/pager';

export interface UpsertSubject {
	nodeType: 'elma365App' | 'elma365Contract';
	/** First path segment: `app` or `contracts`. */
	prefix: 'app' | 'contracts';
	/** What errors call one item. */
	noun: string;
}

const NS = 'crm';
const CODE = 'clients';
const CREATED_AT = '2026-01-01T00:00:00Z';

/** The application's scheme as the double serves it: text, number and an email field. */
const SCHEME = {
	namespace: NS,
	code: CODE,
	name: 'Clients',
	fields: [
		{ code: '__name', type: 'STRING', required: true, view: { name: 'Name' } },
		{ code: 'inn', type: 'INTEGER', required: false, view: { name: 'INN' } },
		{ code: 'city', type: 'STRING', required: false, view: { name: 'City' } },
		{ code: 'email', type: 'EMAIL', required: false, view: { name: 'Email' } },
	],
};

export function upsertSuite(subject: UpsertSubject): TestPlatform {
	const t = usePlatform();
	const base = `/pub/v1/${subject.prefix}/${NS}/${CODE}`;
	const store = () => itemsOf(t.platform, subject.prefix, NS, CODE);
	let schema: ResourceMapperField[];

	const listBody = (tf: Record<string, unknown>) => ({
		active: true,
		filter: { tf },
		from: 0,
		size: MAX_PAGE_SIZE,
	});
	const wire = () => t.platform.requests.map((r) => [r.method, r.path, r.body]);
	// Fields (JSON) is converted by the application's field types: its scheme is read first, once per run.
	const schemeRead = ['GET', `/pub/v1/scheme/namespaces/${NS}/apps/${CODE}`, undefined];
	const seed = (fields: Record<string, unknown>) => {
		const item = { __id: newId(), __createdAt: CREATED_AT, ...fields };
		store().set(item.__id, item);
		return item;
	};
	const run = (
		value: Record<string, unknown>,
		matchingColumns: string[],
		extra: Record<string, unknown> = {},
		more: Record<string, unknown> = {},
	) =>
		t.run({
			nodeType: subject.nodeType,
			parameters: {
				resource: 'item',
				operation: 'upsert',
				namespace: picked(NS),
				application: picked(CODE),
				columns: { mappingMode: 'defineBelow', value, matchingColumns, schema },
				...extra,
			} as never,
			...more,
		});

	beforeEach(async () => {
		t.platform.collection('schemeApps').set(`${NS}/${CODE}`, SCHEME);
		store().clear();
		schema ??= (
			await resourceMapperFields({
				nodeType: subject.nodeType,
				parameters: { namespace: picked(NS), application: picked(CODE) } as never,
				credential: { baseUrl: t.platform.url, apiKey: t.platform.apiKey },
				method: 'getApplicationUpsertFields',
			})
		).fields;
		t.platform.reset();
	});

	test('the mapper offers the text and number fields to match on', () => {
		expect(schema.map((field) => [field.id, field.type, field.canBeUsedToMatch])).toEqual([
			['__name', 'string', true],
			['inn', 'number', true],
			['city', 'string', true],
			['email', 'string', false],
		]);
	});

	test('the double searches by the table filter it receives and refuses bodies it would not take', async () => {
		seed({ __name: 'Acme', inn: 7701 });
		seed({ __name: 'ACME Ltd', inn: 5 });
		seed({ __name: 'Beta', inn: 7701 });
		const send = (path: string, data: unknown) =>
			axios.post(`${t.platform.url}${path}`, data, {
				headers: { authorization: `Bearer ${t.platform.apiKey}` },
				validateStatus: () => true,
			});
		const names = async (tf: Record<string, unknown>) =>
			(
				(await send(`${base}/list`, { filter: { tf } })).data.result.result as Array<{
					__name: string;
				}>
			)
				.map((item) => item.__name)
				.sort();
		expect(await names({ __name: 'acme' })).toEqual(['ACME Ltd', 'Acme']);
		expect(await names({ __name: 'acme', inn: { min: 7701, max: 7701 } })).toEqual(['Acme']);
		expect(await names({ inn: { min: 7701, max: null } })).toEqual(['Acme', 'Beta']);
		expect((await send(`${base}/list`, { filter: 'acme' })).status).toBe(400);
		expect((await send(`${base}/create`, { fields: { __name: 'x' } })).status).toBe(400);
		expect((await send(`${base}/${newId()}/update`, { context: 'x' })).status).toBe(400);
		expect(store().size).toBe(3);
	});

	test('no match: lists with the match values as a table filter, then creates', async () => {
		seed({ __name: 'Other', inn: 5000 });
		const { items, error } = await run({ __name: 'Acme', inn: '7701', city: 'Moscow' }, ['inn']);
		expect(error).toBeUndefined();
		expect(wire()).toEqual([
			['POST', `${base}/list`, listBody({ inn: { min: 7701, max: 7701 } })],
			['POST', `${base}/create`, { context: { __name: 'Acme', inn: 7701, city: 'Moscow' } }],
		]);
		const created = [...store().values()].find((item) => item.inn === 7701)!;
		expect(jsonOf(items)).toEqual([
			{
				__name: 'Acme',
				inn: 7701,
				city: 'Moscow',
				__id: created.__id,
				__createdAt: CREATED_AT,
				_upsert: { action: 'created', matches: 0 },
			},
		]);
		expect(pairingOf(items)).toEqual([{ item: 0 }]);
	});

	test('Using the Form and JSON: the form finds and sends the match values, Fields (JSON) adds the rest; hidden by default', async () => {
		const { error } = await run({ inn: '7701' }, ['inn'], {
			fieldsInputMode: 'json',
			fieldsJson: '{"__name": "Acme", "city": "Moscow"}',
		});
		expect(error).toBeUndefined();
		expect(wire()).toEqual([
			schemeRead,
			['POST', `${base}/list`, listBody({ inn: { min: 7701, max: 7701 } })],
			['POST', `${base}/create`, { context: { inn: 7701, __name: 'Acme', city: 'Moscow' } }],
		]);
		t.platform.reset();
		store().clear();
		const formOnly = await run({ __name: 'Acme', inn: '7702' }, ['inn'], {
			fieldsJson: '{"city": "Moscow"}',
		});
		expect(formOnly.error).toBeUndefined();
		expect(wire()[1]).toEqual([
			'POST',
			`${base}/create`,
			{ context: { __name: 'Acme', inn: 7702 } },
		]);
	});

	test("one exact match among the filter's inclusive hits: updates that one", async () => {
		const acme = seed({ __name: 'Acme', city: 'Moscow', inn: 1 });
		const ltd = seed({ __name: 'Acme Ltd', city: 'Moscow', inn: 2 });
		const { items, error } = await run({ __name: 'Acme', city: 'Moscow', inn: 7701 }, [
			'__name',
			'city',
		]);
		expect(error).toBeUndefined();
		expect(wire()).toEqual([
			['POST', `${base}/list`, listBody({ __name: 'Acme', city: 'Moscow' })],
			[
				'POST',
				`${base}/${acme.__id}/update`,
				{ context: { __name: 'Acme', city: 'Moscow', inn: 7701 } },
			],
		]);
		expect(jsonOf(items)).toEqual([
			{
				__id: acme.__id,
				__createdAt: CREATED_AT,
				__name: 'Acme',
				city: 'Moscow',
				inn: 7701,
				_upsert: { action: 'updated', matches: 1 },
			},
		]);
		expect(pairingOf(items)).toEqual([{ item: 0 }]);
		expect(store().get(ltd.__id)).toEqual(ltd);
	});

	test('several matches fail the item naming the fields, values and count; nothing is written', async () => {
		seed({ __name: 'Acme', inn: 7701 });
		seed({ __name: 'Acme (old)', inn: 7701 });
		const { error } = await run({ __name: 'Acme', inn: 7701 }, ['inn']);
		expect(error?.message).toBe(`Several ${subject.noun}s match inn = 7701 (2 found)`);
		expect(error?.description).toBe(
			'Choose fields to match on that identify one item, or set Options > If Several Match to Update All.',
		);
		expect(wire()).toEqual([['POST', `${base}/list`, listBody({ inn: { min: 7701, max: 7701 } })]]);
	});

	test('several matches with If Several Match = Update All: each is updated and output', async () => {
		const first = seed({ __name: 'Acme', inn: 7701 });
		const second = seed({ __name: 'Acme (old)', inn: 7701 });
		const { items, error } = await run({ inn: 7701, city: 'Kazan' }, ['inn'], {
			options: { ifSeveralMatch: 'updateAll' },
		});
		expect(error).toBeUndefined();
		expect(wire()).toEqual([
			['POST', `${base}/list`, listBody({ inn: { min: 7701, max: 7701 } })],
			['POST', `${base}/${first.__id}/update`, { context: { inn: 7701, city: 'Kazan' } }],
			['POST', `${base}/${second.__id}/update`, { context: { inn: 7701, city: 'Kazan' } }],
		]);
		expect(jsonOf(items)).toEqual([
			{ ...first, city: 'Kazan', _upsert: { action: 'updated', matches: 2 } },
			{ ...second, city: 'Kazan', _upsert: { action: 'updated', matches: 2 } },
		]);
		expect(pairingOf(items)).toEqual([{ item: 0 }, { item: 0 }]);
	});

	test('20 items at Concurrency 10 with repeated keys: one create per key, each key in input order', async () => {
		const keys = [101, 102, 103, 104, 105];
		const input = Array.from({ length: 20 }, (_, index) => ({
			json: { inn: keys[index % 5], name: `Client ${index}` },
		}));
		const keyOf = (request: { body: unknown }) => {
			const body = request.body as {
				context?: { inn?: number };
				filter?: { tf: { inn: { min: number } } };
			};
			return String(body.context?.inn ?? body.filter?.tf.inn.min);
		};
		const flight = holdRequests(t.platform, 'POST', new RegExp(`^${base}/`), {
			times: 40,
			delay: () => 15,
			key: keyOf,
		});
		const { items, error } = await run(
			{ __name: '={{ $json.name }}', inn: '={{ $json.inn }}' },
			['inn'],
			{ options: { concurrency: 10 } },
			{ input },
		);
		expect(error).toBeUndefined();
		expect(flight.max).toBeGreaterThan(1);
		expect(flight.overlaps).toEqual([]);
		expect([...store().values()].map((item) => item.inn).sort()).toEqual(keys);
		const byKey = new Map<string, string[]>();
		for (const request of t.platform.requests) {
			const steps = byKey.get(keyOf(request)) ?? [];
			steps.push(request.path.endsWith('/create') ? 'create' : request.path.split('/').pop()!);
			byKey.set(keyOf(request), steps);
		}
		for (const key of keys) {
			expect(byKey.get(String(key))).toEqual([
				'list',
				'create',
				'list',
				'update',
				'list',
				'update',
				'list',
				'update',
			]);
		}
		expect(pairingOf(items)).toEqual(input.map((_, item) => ({ item })));
		const json = jsonOf(items) as Array<Record<string, unknown>>;
		json.forEach((output, index) => {
			const stored = [...store().values()].find((item) => item.inn === keys[index % 5])!;
			expect(output).toEqual({
				__id: stored.__id,
				__createdAt: CREATED_AT,
				__name: `Client ${index}`,
				inn: keys[index % 5],
				_upsert: index < 5 ? { action: 'created', matches: 0 } : { action: 'updated', matches: 1 },
			});
		});
		// Each key's last update wins: the input's last item of that key.
		expect(store().size).toBe(5);
		for (const [position, key] of keys.entries()) {
			const stored = [...store().values()].find((item) => item.inn === key)!;
			expect(stored.__name).toBe(`Client ${15 + position}`);
		}
	});

	test('bad input fails before any request', async () => {
		const noValue = await run({ __name: 'Acme', inn: '' }, ['inn']);
		expect(noValue.error?.message).toBe(
			'Invalid "Values to Send > INN" in item 0: expected a value to match on (the field is a column to match on), got ""',
		);
		const noMatch = await run({ __name: 'Acme' }, []);
		expect(noMatch.error?.message).toBe(
			'Invalid "Columns to Match On" in item 0: expected at least one field to match on, got []',
		);
		const notNumber = await run({ inn: '={{ "seventy" }}' }, ['inn']);
		expect(notNumber.error?.message).toBe(
			'Invalid "Values to Send > INN" in item 0: expected a number, got "seventy"',
		);
		const email = await run({ email: 'a@b.c' }, ['email']);
		expect(email.error?.message).toBe(
			'Invalid "Columns to Match On > email" in item 0: expected a text or number field, got "EMAIL"',
		);
		const conflict = await run({ inn: 7701 }, ['inn'], {
			fieldsInputMode: 'json',
			fieldsJson: '{"inn": 7702}',
		});
		expect(conflict.error?.message).toBe(
			'Invalid "Fields (JSON)" in item 0: expected only fields that Values to Send does not give (each field in one place), got "inn"',
		);
		// Nothing but the scheme read that Fields (JSON) makes: no list, no create.
		expect(wire()).toEqual([schemeRead]);
	});

	test("a platform error on the list or the create fails the item with the platform's words", async () => {
		t.platform.script('POST', `${base}/create`, fail(400, 'field city: too long'));
		const { error } = await run({ inn: 7701, city: 'x' }, ['inn']);
		expect(error?.message).toBe('ELMA365 400: field city: too long');
		expect(wire().map(([method, path]) => [method, path])).toEqual([
			['POST', `${base}/list`],
			['POST', `${base}/create`],
		]);
		expect(store().size).toBe(0);
		t.platform.reset();
		t.platform.script('POST', `${base}/list`, fail(403, 'access denied to the application'));
		const refused = await run({ inn: 7701 }, ['inn']);
		expect(refused.error?.message).toMatch(/^ELMA365 403: access denied to the application/);
		expect(wire().map(([method, path]) => [method, path])).toEqual([['POST', `${base}/list`]]);
	});

	test('Continue On Fail: one output per input, paired, errors in their place', async () => {
		const existing = seed({ __name: 'Acme', inn: 1 });
		seed({ __name: 'Twin', inn: 2 });
		seed({ __name: 'Twin', inn: 3 });
		const { items, error } = await run(
			{ __name: '={{ $json.name }}', inn: '={{ $json.inn }}' },
			['__name'],
			{},
			{
				continueOnFail: true,
				input: [
					{ json: { name: 'New', inn: 10 } },
					{ json: { name: '', inn: 11 } },
					{ json: { name: 'Twin', inn: 12 } },
					{ json: { name: 'Acme', inn: 13 } },
				],
			},
		);
		expect(error).toBeUndefined();
		expect(pairingOf(items)).toEqual([0, 1, 2, 3].map((item) => ({ item })));
		const json = jsonOf(items) as Array<Record<string, unknown>>;
		expect(json[0]).toMatchObject({ __name: 'New', inn: 10, _upsert: { action: 'created' } });
		expect(json[1]).toEqual({
			error:
				'Invalid "Values to Send > Name" in item 1: expected a value to match on (the field is a column to match on), got ""',
		});
		expect(json[2]).toEqual({
			error: `Several ${subject.noun}s match __name = "Twin" (2 found)`,
			description:
				'Choose fields to match on that identify one item, or set Options > If Several Match to Update All.',
		});
		expect(json[3]).toEqual({
			...existing,
			inn: 13,
			_upsert: { action: 'updated', matches: 1 },
		});
		expect(wire().map(([, path]) => path)).toEqual([
			`${base}/list`,
			`${base}/create`,
			`${base}/list`,
			`${base}/list`,
			`${base}/${existing.__id}/update`,
		]);
	});

	return t;
}
