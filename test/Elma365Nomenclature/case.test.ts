import { fail, newId } from '../harness/index.ts';
import { jsonOf, pairingOf, usePlatform } from '../harness/setup';
import { MAX_PAGE_SIZE } from '../../nodes/shared/lists/pager';

const t = usePlatform();
let directoryId: string;
let caseId: string;

beforeEach(() => {
	t.platform.collection('nomenclatureDirectories').clear();
	t.platform.collection('nomenclatureCases').clear();
	directoryId = newId();
	caseId = newId();
	t.platform
		.collection('nomenclatureDirectories')
		.set(directoryId, { __id: directoryId, name: 'Contracts' });
	t.platform
		.collection('nomenclatureCases')
		.set(caseId, { __id: caseId, directoryId, docflow: 'input', name: 'Old' });
});

const locator = (value: string, mode = 'id') => ({ __rl: true, mode, value });

function caseParameters(overrides: Record<string, unknown> = {}) {
	return {
		resource: 'case',
		operation: 'update',
		caseId: locator(caseId),
		directoryId: locator(directoryId),
		docflow: 'internal',
		name: 'Memos',
		...overrides,
	};
}

describe('case update', () => {
	test('sends every field of the form, nested as the spec names them', async () => {
		const serial = newId();
		const { items, error } = await t.run({
			nodeType: 'elma365Nomenclature',
			parameters: caseParameters({
				directoryId: locator(directoryId, 'list'),
				docflow: 'output',
				name: 'Outgoing letters',
				registrationSettings: {
					editAfterRegistration: true,
					minLength: 5,
					reserveEnabled: false,
					resetInPeriod: true,
					resetSettings: {
						nextResetAt: '2027-01-01T00:00:00',
						resetPeriod: 'week',
						resetPeriodCount: 3,
					},
					template: 'OUT-{$__index}',
					templateEnabled: true,
					through: true,
					throughSerialId: serial,
				},
			}),
			timezone: 'Europe/Moscow',
		});
		expect(error).toBeUndefined();
		const expectedBody = {
			directoryId,
			docflow: 'output',
			name: 'Outgoing letters',
			registrationSettings: {
				editAfterRegistration: true,
				reserveEnabled: false,
				resetInPeriod: true,
				templateEnabled: true,
				through: true,
				minLength: 5,
				template: 'OUT-{$__index}',
				throughSerialId: serial,
				resetSettings: {
					nextResetAt: '2026-12-31T21:00:00.000Z',
					resetPeriod: 'week',
					resetPeriodCount: 3,
				},
			},
		};
		expect(t.platform.requests).toHaveLength(1);
		const [request] = t.platform.requests;
		expect(request.method).toBe('PUT');
		expect(request.path).toBe(`/pub/v1/nomenclature/${caseId}`);
		expect(request.query).toEqual({});
		expect(request.headers.authorization).toBe(`Bearer ${t.platform.apiKey}`);
		expect(request.headers['content-type']).toMatch(/^application\/json/);
		expect(request.body).toEqual(expectedBody);
		// Integers go on the wire as JSON integers, not strings or floats.
		expect(request.raw.toString()).toContain('"minLength":5');
		expect(request.raw.toString()).toContain('"resetPeriodCount":3');
		expect(jsonOf(items)).toEqual([{ ...expectedBody, __id: caseId }]);
		expect(pairingOf(items)).toEqual([{ item: 0 }]);
	});

	test('sends only the three required fields when no setting was added', async () => {
		const { items } = await t.run({
			nodeType: 'elma365Nomenclature',
			parameters: caseParameters(),
		});
		expect(t.platform.requests.map((r) => r.body)).toEqual([
			{ directoryId, docflow: 'internal', name: 'Memos' },
		]);
		expect(jsonOf(items)).toEqual([
			{ directoryId, docflow: 'internal', name: 'Memos', __id: caseId },
		]);
	});

	test('an empty reset-settings group is not sent; a date with a zone keeps its instant', async () => {
		await t.run({
			nodeType: 'elma365Nomenclature',
			parameters: caseParameters({
				registrationSettings: { resetSettings: {}, template: '{$__index}' },
			}),
		});
		await t.run({
			nodeType: 'elma365Nomenclature',
			parameters: caseParameters({
				registrationSettings: { resetSettings: { nextResetAt: '2027-03-01T10:30:00+03:00' } },
			}),
		});
		expect(
			t.platform.requests.map((r) => (r.body as Record<string, unknown>).registrationSettings),
		).toEqual([
			{ template: '{$__index}' },
			{ resetSettings: { nextResetAt: '2027-03-01T07:30:00.000Z' } },
		]);
	});

	test('takes its values from expressions over the input items, one request per item', async () => {
		const other = newId();
		t.platform
			.collection('nomenclatureCases')
			.set(other, { __id: other, directoryId, docflow: 'input', name: 'x' });
		const { items } = await t.run({
			nodeType: 'elma365Nomenclature',
			parameters: caseParameters({
				caseId: locator('={{ $json.id }}'),
				name: '={{ $json.title }}',
				registrationSettings: { minLength: '={{ $json.digits }}' },
			}),
			input: [
				{ json: { id: caseId, title: 'First', digits: 3 } },
				{ json: { id: other, title: 'Second', digits: 4 } },
			],
		});
		expect(t.platform.requests.map((r) => [r.path, r.body])).toEqual([
			[
				`/pub/v1/nomenclature/${caseId}`,
				{ directoryId, docflow: 'internal', name: 'First', registrationSettings: { minLength: 3 } },
			],
			[
				`/pub/v1/nomenclature/${other}`,
				{
					directoryId,
					docflow: 'internal',
					name: 'Second',
					registrationSettings: { minLength: 4 },
				},
			],
		]);
		expect(pairingOf(items)).toEqual([{ item: 0 }, { item: 1 }]);
		expect(jsonOf(items).map((j) => (j as { __id: string }).__id)).toEqual([caseId, other]);
	});
});

describe('case create', () => {
	test('posts the case body and outputs the created case', async () => {
		const { items, error } = await t.run({
			nodeType: 'elma365Nomenclature',
			parameters: {
				resource: 'case',
				operation: 'create',
				directoryId: locator(directoryId),
				docflow: 'input',
				name: 'Incoming',
				registrationSettings: { templateEnabled: true, template: 'IN-{$__index}', minLength: 0 },
			},
		});
		expect(error).toBeUndefined();
		const [request] = t.platform.requests;
		expect([request.method, request.path, request.query]).toEqual([
			'POST',
			'/pub/v1/nomenclature',
			{},
		]);
		expect(request.headers.authorization).toBe(`Bearer ${t.platform.apiKey}`);
		const body = {
			directoryId,
			docflow: 'input',
			name: 'Incoming',
			registrationSettings: { templateEnabled: true, minLength: 0, template: 'IN-{$__index}' },
		};
		expect(request.body).toEqual(body);
		const created = jsonOf(items)[0] as { __id: string };
		expect(created).toEqual({ ...body, __id: created.__id });
		expect(t.platform.collection('nomenclatureCases').get(created.__id)).toEqual(created);
	});

	test('an empty name from an expression is refused before any request', async () => {
		const { error, items } = await t.run({
			nodeType: 'elma365Nomenclature',
			parameters: caseParameters({ operation: 'create', name: '={{ "" }}' }),
		});
		expect(error?.message).toMatch(/Invalid "Name" in item 0: expected a non-empty text/);
		expect(items).toEqual([]);
		expect(t.platform.requests).toHaveLength(0);
	});
});

describe('case validation: a clear error before any request', () => {
	const cases: Array<[string, Record<string, unknown>, RegExp]> = [
		[
			'case id not a uuid',
			{ caseId: locator('={{ "../x" }}') },
			/Invalid "Case" in item 0: expected a UUID.*got "..\/x"/,
		],
		[
			'directory id not a uuid',
			{ directoryId: locator('={{ "abc" }}') },
			/Invalid "Directory" in item 0: expected a UUID.*got "abc"/,
		],
		[
			'docflow outside its list',
			{ docflow: '={{ "sideways" }}' },
			/Invalid "Document Flow" in item 0: expected one of "input", "output", "internal", got "sideways"/,
		],
		['blank name', { name: '={{ "  " }}' }, /Invalid "Name" in item 0: expected a non-empty text/],
		[
			'negative min length',
			{ registrationSettings: { minLength: -1 } },
			/Invalid "Minimum Number Length" in item 0: expected a whole number >= 0, got -1/,
		],
		[
			'fractional min length',
			{ registrationSettings: { minLength: 2.5 } },
			/Invalid "Minimum Number Length" in item 0: expected a whole number >= 0, got 2.5/,
		],
		[
			'fractional reset count',
			{ registrationSettings: { resetSettings: { resetPeriodCount: 1.5 } } },
			/Invalid "Reset Period Count" in item 0: expected a whole number, got 1.5/,
		],
		[
			'bad reset date',
			{ registrationSettings: { resetSettings: { nextResetAt: '2027-02-30T00:00:00' } } },
			/Invalid "Next Reset At" in item 0: expected an ISO 8601 date-time/,
		],
		[
			'not a date at all',
			{ registrationSettings: { resetSettings: { nextResetAt: 'next monday' } } },
			/Invalid "Next Reset At" in item 0/,
		],
		[
			'reset period outside its list',
			{ registrationSettings: { resetSettings: { resetPeriod: '={{ "decade" }}' } } },
			/Invalid "Reset Period" in item 0: expected one of "year", "month", "week", "day"/,
		],
		[
			'continuous numbering id not a uuid',
			{ registrationSettings: { throughSerialId: 'serial-1' } },
			/Invalid "Continuous Numbering ID" in item 0: expected a UUID/,
		],
		[
			'boolean from an expression that is not one',
			{ registrationSettings: { through: '={{ "maybe" }}' } },
			/Invalid "Continuous Numbering" in item 0: expected true or false/,
		],
	];

	test.each(cases)('%s', async (_label, overrides, message) => {
		const { error, items } = await t.run({
			nodeType: 'elma365Nomenclature',
			parameters: caseParameters(overrides),
		});
		expect(error?.message).toMatch(message);
		expect(items).toEqual([]);
		expect(t.platform.requests).toHaveLength(0);
	});

	test('static values the form can check are refused by n8n itself before the run', async () => {
		const badId = await t.run({
			nodeType: 'elma365Nomenclature',
			parameters: caseParameters({ caseId: locator('../x') }),
		});
		expect(badId.error?.message).toMatch(/node has issues/);
		expect(String(badId.error?.description ?? badId.error?.stack)).toMatch(/Not a valid UUID/);
		const noName = await t.run({
			nodeType: 'elma365Nomenclature',
			parameters: caseParameters({ operation: 'create', name: '' }),
		});
		expect(String(noName.error?.stack)).toMatch(/Parameter "Name" is required/);
		expect(t.platform.requests).toHaveLength(0);
	});

	test('the error names the item it came from', async () => {
		const { error } = await t.run({
			nodeType: 'elma365Nomenclature',
			parameters: caseParameters({ registrationSettings: { minLength: '={{ $json.digits }}' } }),
			input: [{ json: { digits: 2 } }, { json: { digits: -3 } }],
		});
		expect(error?.message).toMatch(
			/Invalid "Minimum Number Length" in item 1: expected a whole number >= 0, got -3/,
		);
		// Item 0 was valid and was sent before item 1 failed.
		expect(t.platform.requests).toHaveLength(1);
	});
});

describe('case platform errors', () => {
	test('a 400 shows the platform text and status', async () => {
		t.platform.script(
			'PUT',
			`/pub/v1/nomenclature/${caseId}`,
			fail(400, 'registrationSettings.template: unknown placeholder {$x}'),
		);
		const { error } = await t.run({
			nodeType: 'elma365Nomenclature',
			parameters: caseParameters(),
		});
		expect(error?.message).toBe(
			'ELMA365 400: registrationSettings.template: unknown placeholder {$x}',
		);
		expect(error?.httpCode).toBe('400');
		expect(t.platform.requests).toHaveLength(1);
	});

	test('a case that does not exist is a 404 with the platform text', async () => {
		const missing = newId();
		const { error } = await t.run({
			nodeType: 'elma365Nomenclature',
			parameters: caseParameters({ caseId: locator(missing) }),
		});
		expect(error?.message).toBe(`ELMA365 404: case ${missing} not found`);
		expect(error?.httpCode).toBe('404');
	});

	test('a 200 answer with success: false is a failure with the platform text', async () => {
		t.platform.script('PUT', `/pub/v1/nomenclature/${caseId}`, {
			status: 200,
			body: { success: false, error: 'numbering is locked' },
		});
		const { error } = await t.run({
			nodeType: 'elma365Nomenclature',
			parameters: caseParameters(),
		});
		expect(error?.message).toBe('ELMA365: numbering is locked');
	});
});

describe('Continue On Fail', () => {
	test('every input item yields exactly one output item, in order and paired', async () => {
		const missing = newId();
		const { items, error } = await t.run({
			nodeType: 'elma365Nomenclature',
			continueOnFail: true,
			parameters: caseParameters({
				caseId: locator('={{ $json.id }}'),
				name: '={{ $json.name }}',
			}),
			input: [
				{ json: { id: caseId, name: 'ok 1' } },
				{ json: { id: 'not-a-uuid', name: 'bad id' } },
				{ json: { id: missing, name: 'missing' } },
				{ json: { id: caseId, name: '  ' } },
				{ json: { id: caseId, name: 'ok 2' } },
			],
		});
		expect(error).toBeUndefined();
		expect(pairingOf(items)).toEqual([0, 1, 2, 3, 4].map((item) => ({ item })));
		const json = jsonOf(items) as Array<Record<string, unknown>>;
		expect(json[0]).toEqual({ directoryId, docflow: 'internal', name: 'ok 1', __id: caseId });
		expect(json[1].error).toMatch(/Invalid "Case" in item 1: expected a UUID/);
		expect(json[2]).toMatchObject({
			error: `ELMA365 404: case ${missing} not found`,
			httpCode: '404',
		});
		expect(json[3].error).toMatch(/Invalid "Name" in item 3/);
		expect(json[4]).toEqual({ directoryId, docflow: 'internal', name: 'ok 2', __id: caseId });
		// Only the items that passed validation reached the platform.
		expect(t.platform.requests.map((r) => (r.body as { name: string }).name)).toEqual([
			'ok 1',
			'missing',
			'ok 2',
		]);
	});
});

describe('case list', () => {
	test('Return All pages through every case; Limit stops early', async () => {
		for (let i = 0; i < 149; i++) {
			const id = newId();
			t.platform
				.collection('nomenclatureCases')
				.set(id, { __id: id, directoryId, docflow: 'input', name: `Case ${i}` });
		}
		const all = await t.run({
			nodeType: 'elma365Nomenclature',
			parameters: { resource: 'case', operation: 'getAll', returnAll: true },
		});
		expect(all.items).toHaveLength(150);
		expect(new Set(jsonOf(all.items).map((j) => (j as { __id: string }).__id)).size).toBe(150);
		expect(t.platform.requests.map((r) => [r.method, r.path, r.query])).toEqual([
			['GET', '/pub/v1/nomenclature', { from: '0', size: String(MAX_PAGE_SIZE) }],
		]);
		t.platform.reset();
		const limited = await t.run({
			nodeType: 'elma365Nomenclature',
			parameters: {
				resource: 'case',
				operation: 'getAll',
				returnAll: false,
				limit: 3,
				query: '{"q": "Case"}',
			},
		});
		expect(jsonOf(limited.items)).toEqual(
			[...t.platform.collection('nomenclatureCases').values()].slice(0, 3),
		);
		expect(t.platform.requests.map((r) => r.query)).toEqual([{ q: 'Case', from: '0', size: '3' }]);
		expect(pairingOf(limited.items)).toEqual([{ item: 0 }, { item: 0 }, { item: 0 }]);
	});

	test('bad query JSON is reported before any request', async () => {
		const { error } = await t.run({
			nodeType: 'elma365Nomenclature',
			parameters: { resource: 'case', operation: 'getAll', returnAll: true, query: '{"q": ' },
		});
		expect(error?.message).toMatch(
			/Invalid "Query Parameters \(JSON\)" in item 0: expected a JSON object/,
		);
		expect(t.platform.requests).toHaveLength(0);
	});
});
