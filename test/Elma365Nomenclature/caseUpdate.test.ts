import axios from 'axios';
import type { INodeProperties } from 'n8n-workflow';
import { loadPackage } from '../harness/engine';
import { newId } from '../harness/index.ts';
import { holdRequests, reversed } from '../harness/inFlight';
import { jsonOf, pairingOf, usePlatform } from '../harness/setup';
import { MAX_PAGE_SIZE } from '../../nodes/shared/lists/pager';

/**
 * Case > Update is one PUT with the fields the user set (every registration setting is optional in
 * the update body). The platform's PUT replaces the whole case and has no read of one case, so only
 * Directory, Document Flow or Name left empty are read from the case list, once per run for every
 * item that needs it.
 */
const t = usePlatform();
const locator = (value: string, mode = 'id') => ({ __rl: true, mode, value });
const empty = locator('', 'list');
const cases = () => t.platform.collection('nomenclatureCases');
let directoryId: string;
let otherDirectoryId: string;
let caseIds: string[];

const CURRENT_SETTINGS = { template: 'IN-{$__index}', templateEnabled: true, minLength: 4 };

beforeEach(() => {
	t.platform.collection('nomenclatureDirectories').clear();
	cases().clear();
	directoryId = newId();
	otherDirectoryId = newId();
	for (const [id, name] of [
		[directoryId, 'Contracts'],
		[otherDirectoryId, 'Letters'],
	])
		t.platform.collection('nomenclatureDirectories').set(id, { __id: id, name });
	caseIds = Array.from({ length: 12 }, () => newId());
	caseIds.forEach((id, index) =>
		cases().set(id, {
			__id: id,
			directoryId,
			docflow: 'output',
			name: `Case ${index}`,
			registrationSettings: CURRENT_SETTINGS,
		}),
	);
});

const update = (
	parameters: Record<string, unknown>,
	options: { input?: Array<{ json: Record<string, unknown> }>; continueOnFail?: boolean } = {},
) =>
	t.run({
		nodeType: 'elma365Nomenclature',
		parameters: { resource: 'case', operation: 'update', ...parameters },
		...options,
	});

const listReads = () =>
	t.platform.requests.filter((r) => r.method === 'GET' && r.path === '/pub/v1/nomenclature');
const puts = () =>
	t.platform.requests.filter((r) => r.method === 'PUT').map((r) => [r.path, r.body]);

describe('case update: one PUT', () => {
	test('a full form with every registration setting: exactly one PUT, exactly the form, no list read', async () => {
		const serial = newId();
		const { items, error } = await update(
			{
				caseId: locator(caseIds[3]),
				directoryId: locator(otherDirectoryId, 'list'),
				docflow: 'internal',
				name: 'Memos 2027',
				registrationSettings: {
					editAfterRegistration: true,
					minLength: 5,
					reserveEnabled: false,
					resetInPeriod: true,
					resetSettings: {
						nextResetAt: '2027-01-01T00:00:00Z',
						resetPeriod: 'week',
						resetPeriodCount: 3,
					},
					template: 'MEMO-{$__index}',
					templateEnabled: true,
					through: true,
					throughSerialId: serial,
				},
			},
			{},
		);
		expect(error).toBeUndefined();
		const body = {
			directoryId: otherDirectoryId,
			docflow: 'internal',
			name: 'Memos 2027',
			registrationSettings: {
				editAfterRegistration: true,
				minLength: 5,
				reserveEnabled: false,
				resetInPeriod: true,
				resetSettings: {
					nextResetAt: '2027-01-01T00:00:00.000Z',
					resetPeriod: 'week',
					resetPeriodCount: 3,
				},
				template: 'MEMO-{$__index}',
				templateEnabled: true,
				through: true,
				throughSerialId: serial,
			},
		};
		expect(t.platform.requests.map((r) => [r.method, r.path, r.query, r.body])).toEqual([
			['PUT', `/pub/v1/nomenclature/${caseIds[3]}`, {}, body],
		]);
		expect(t.platform.requests[0].raw.toString()).toContain('"minLength":5');
		expect(jsonOf(items)).toEqual([{ ...body, __id: caseIds[3] }]);
		expect(pairingOf(items)).toEqual([{ item: 0 }]);
	});

	test('some registration settings: only those are sent, not merged with the current ones', async () => {
		const { error } = await update({
			caseId: locator(caseIds[0]),
			directoryId: locator(directoryId),
			docflow: 'output',
			name: 'Outgoing',
			registrationSettings: { minLength: 6, resetSettings: { resetPeriodCount: 2 } },
		});
		expect(error).toBeUndefined();
		expect(listReads()).toEqual([]);
		expect(puts()).toEqual([
			[
				`/pub/v1/nomenclature/${caseIds[0]}`,
				{
					directoryId,
					docflow: 'output',
					name: 'Outgoing',
					registrationSettings: { minLength: 6, resetSettings: { resetPeriodCount: 2 } },
				},
			],
		]);
	});
});

describe('case update: fields left empty', () => {
	test('a new name only: the case keeps its directory and document flow, read from the case list; its settings are not sent', async () => {
		const { items, error } = await update({
			caseId: locator(caseIds[4]),
			directoryId: empty,
			docflow: 'keep',
			name: 'Outgoing letters',
		});
		expect(error).toBeUndefined();
		expect(t.platform.requests.map((r) => [r.method, r.path, r.query])).toEqual([
			['GET', '/pub/v1/nomenclature', { from: '0', size: String(MAX_PAGE_SIZE) }],
			['PUT', `/pub/v1/nomenclature/${caseIds[4]}`, {}],
		]);
		expect(puts()).toEqual([
			[
				`/pub/v1/nomenclature/${caseIds[4]}`,
				{ directoryId, docflow: 'output', name: 'Outgoing letters' },
			],
		]);
		expect(jsonOf(items)).toEqual([
			{ __id: caseIds[4], directoryId, docflow: 'output', name: 'Outgoing letters' },
		]);
	});

	test("a fresh node's Directory, Document Flow and Name keep the case's values (Document Flow defaults to Keep Current, not Input)", async () => {
		const { error } = await update({ caseId: locator(caseIds[2]) });
		expect(error).toBeUndefined();
		expect(puts()).toEqual([
			[`/pub/v1/nomenclature/${caseIds[2]}`, { directoryId, docflow: 'output', name: 'Case 2' }],
		]);
	});

	test('N items with empty fields: the case list is read once, then one PUT per item', async () => {
		const targets = caseIds.slice(0, 5);
		const { items, error } = await update(
			{
				caseId: locator('={{ $json.id }}'),
				directoryId: empty,
				docflow: 'keep',
				name: '={{ $json.name }}',
				registrationSettings: { reserveEnabled: true },
				options: { concurrency: 1 },
			},
			{ input: targets.map((id, index) => ({ json: { id, name: `Renamed ${index}` } })) },
		);
		expect(error).toBeUndefined();
		expect(listReads().map((r) => r.query)).toEqual([{ from: '0', size: expect.any(String) }]);
		expect(t.platform.requests.map((r) => r.method)).toEqual([
			'GET',
			'PUT',
			'PUT',
			'PUT',
			'PUT',
			'PUT',
		]);
		const expected = targets.map((id, index) => ({
			directoryId,
			docflow: 'output',
			name: `Renamed ${index}`,
			registrationSettings: { reserveEnabled: true },
		}));
		expect(puts()).toEqual(
			targets.map((id, index) => [`/pub/v1/nomenclature/${id}`, expected[index]]),
		);
		expect(jsonOf(items)).toEqual(
			expected.map((body, index) => ({ ...body, __id: targets[index] })),
		);
		expect(pairingOf(items)).toEqual(targets.map((_, item) => ({ item })));
	});

	test('only the items with an empty field wait for the list; the others are sent as they are', async () => {
		const { error } = await update(
			{
				caseId: locator('={{ $json.id }}'),
				directoryId: locator(directoryId),
				docflow: '={{ $json.docflow }}',
				name: 'Same',
				options: { concurrency: 1 },
			},
			{
				input: [
					{ json: { id: caseIds[0], docflow: 'input' } },
					{ json: { id: caseIds[1], docflow: 'keep' } },
					{ json: { id: caseIds[2], docflow: 'internal' } },
					{ json: { id: caseIds[3], docflow: 'keep' } },
				],
			},
		);
		expect(error).toBeUndefined();
		expect(t.platform.requests.map((r) => [r.method, r.path])).toEqual([
			['PUT', `/pub/v1/nomenclature/${caseIds[0]}`],
			['GET', '/pub/v1/nomenclature'],
			['PUT', `/pub/v1/nomenclature/${caseIds[1]}`],
			['PUT', `/pub/v1/nomenclature/${caseIds[2]}`],
			['PUT', `/pub/v1/nomenclature/${caseIds[3]}`],
		]);
		expect(puts().map(([, body]) => (body as { docflow: string }).docflow)).toEqual([
			'input',
			'output',
			'internal',
			'output',
		]);
	});

	test('a case missing from the list fails its item; with Continue On Fail an error item in its place', async () => {
		const missing = newId();
		const input = [caseIds[0], missing, caseIds[1]].map((id) => ({ json: { id } }));
		const parameters = {
			caseId: locator('={{ $json.id }}'),
			directoryId: empty,
			docflow: 'internal',
			name: '',
			options: { concurrency: 1 },
		};
		const { items, error } = await update(parameters, { input, continueOnFail: true });
		expect(error).toBeUndefined();
		expect(listReads()).toHaveLength(1);
		expect(pairingOf(items)).toEqual([{ item: 0 }, { item: 1 }, { item: 2 }]);
		expect(jsonOf(items)).toEqual([
			{ __id: caseIds[0], directoryId, docflow: 'internal', name: 'Case 0' },
			{
				error: `The case ${missing} is not in the platform's list, so its current values cannot be kept`,
				description:
					'Update reads the case first to keep the fields left empty. Check the ID, or set every field.',
			},
			{ __id: caseIds[1], directoryId, docflow: 'internal', name: 'Case 1' },
		]);
		expect(puts().map(([path]) => path)).toEqual([
			`/pub/v1/nomenclature/${caseIds[0]}`,
			`/pub/v1/nomenclature/${caseIds[1]}`,
		]);

		t.platform.reset();
		const failed = await update(parameters, { input });
		expect(failed.error?.message).toBe(
			`The case ${missing} is not in the platform's list, so its current values cannot be kept`,
		);
		expect(puts().map(([path]) => path)).toEqual([`/pub/v1/nomenclature/${caseIds[0]}`]);
	});

	test('a current value the list does not show is a clear error before the PUT', async () => {
		cases().set(caseIds[0], { __id: caseIds[0], directoryId, name: 'Case 0' });
		const { error } = await update({
			caseId: locator(caseIds[0]),
			directoryId: empty,
			docflow: 'keep',
			name: 'Renamed',
		});
		expect(error?.message).toBe("The case's current Document Flow is not known: set Document Flow");
		expect(listReads()).toHaveLength(1);
		expect(puts()).toEqual([]);
	});

	test('a bad value is refused before any request, the case list included', async () => {
		const { error } = await update({
			caseId: locator(caseIds[0]),
			directoryId: locator('={{ "abc" }}'),
			docflow: '={{ "sideways" }}',
			name: '',
		});
		expect(error?.message).toMatch(/^Invalid "Directory" in item 0/);
		expect(t.platform.requests).toEqual([]);
	});

	test('a later item for the same case keeps what an earlier item of the run changed', async () => {
		const [id] = caseIds;
		const { error } = await update(
			{
				caseId: locator(id),
				directoryId: empty,
				docflow: '={{ $json.docflow }}',
				name: '={{ $json.name }}',
			},
			{
				input: [
					{ json: { docflow: 'keep', name: 'First rename' } },
					{ json: { docflow: 'input', name: '' } },
				],
			},
		);
		expect(error).toBeUndefined();
		expect(listReads()).toHaveLength(1);
		expect(puts()).toEqual([
			[`/pub/v1/nomenclature/${id}`, { directoryId, docflow: 'output', name: 'First rename' }],
			[`/pub/v1/nomenclature/${id}`, { directoryId, docflow: 'input', name: 'First rename' }],
		]);
	});

	test('the default Concurrency: one shared list read, the PUTs of ten cases in flight together, updates of one case in input order', async () => {
		const targets = [...caseIds.slice(0, 10), caseIds[0], caseIds[0]];
		const input = targets.map((id, index) => ({ json: { id, name: `Name ${index}` } }));
		const reads = holdRequests(t.platform, 'GET', /^\/pub\/v1\/nomenclature$/, {
			times: 5,
			delay: () => 150,
		});
		const writes = holdRequests(t.platform, 'PUT', /^\/pub\/v1\/nomenclature\/[^/]+$/, {
			times: targets.length,
			gate: 10,
			delay: (request) =>
				reversed(targets.length, Number((request.body as { name: string }).name.slice(5))),
			key: (request) => request.path,
		});
		const { items, error } = await update(
			{
				caseId: locator('={{ $json.id }}'),
				directoryId: empty,
				docflow: 'keep',
				name: '={{ $json.name }}',
			},
			{ input },
		);
		expect(error).toBeUndefined();
		expect(listReads()).toHaveLength(1);
		expect(reads.max).toBe(1);
		expect(writes.max).toBe(10);
		expect(writes.overlaps).toEqual([]);
		expect(
			t.platform.requests
				.filter((r) => r.path === `/pub/v1/nomenclature/${caseIds[0]}`)
				.map((r) => (r.body as { name: string }).name),
		).toEqual(['Name 0', 'Name 10', 'Name 11']);
		expect(jsonOf(items)).toEqual(
			input.map(({ json }) => ({
				__id: json.id,
				directoryId,
				docflow: 'output',
				name: json.name,
			})),
		);
		expect(pairingOf(items)).toEqual(input.map((_, item) => ({ item })));
	});
});

describe("the double's case-update route holds the request to the specification", () => {
	const send = (body: unknown, query = '') =>
		axios.request({
			method: 'PUT',
			url: `${t.platform.url}/pub/v1/nomenclature/${caseIds[0]}${query}`,
			data: body,
			headers: { authorization: `Bearer ${t.platform.apiKey}` },
			validateStatus: () => true,
		});
	const base = () => ({ directoryId, docflow: 'input', name: 'A' });

	test('accepts the three fields alone, and any subset of the registration settings', async () => {
		for (const registrationSettings of [undefined, {}, { through: false }, { resetSettings: {} }]) {
			const answer = await send({ ...base(), registrationSettings });
			expect([answer.status, answer.data.success]).toEqual([200, true]);
		}
	});

	test.each([
		[{ directoryId: undefined }, 'body.directoryId: required'],
		[{ directoryId: 'x' }, 'body.directoryId: uuid expected, got "x"'],
		[
			{ docflow: 'outgoing' },
			'body.docflow: one of "input", "output", "internal" expected, got "outgoing"',
		],
		[{ name: undefined }, 'body.name: required'],
		[{ number: 7 }, 'body.number: unknown key'],
		[{ registrationSettings: { prefix: 'A' } }, 'body.registrationSettings.prefix: unknown key'],
		[
			{ registrationSettings: { minLength: -1 } },
			'body.registrationSettings.minLength: must be at least 0',
		],
		[
			{ registrationSettings: { minLength: '5' } },
			'body.registrationSettings.minLength: integer expected, got "5"',
		],
		[
			{ registrationSettings: { through: 'yes' } },
			'body.registrationSettings.through: boolean expected, got string',
		],
		[
			{ registrationSettings: { throughSerialId: 'abc' } },
			'body.registrationSettings.throughSerialId: uuid expected, got "abc"',
		],
		[
			{ registrationSettings: { resetSettings: { resetPeriod: 'quarter' } } },
			'body.registrationSettings.resetSettings.resetPeriod: one of "year", "month", "week", "day" expected, got "quarter"',
		],
		[
			{ registrationSettings: { resetSettings: { resetPeriodCount: 1.5 } } },
			'body.registrationSettings.resetSettings.resetPeriodCount: integer expected, got 1.5',
		],
		[
			{ registrationSettings: { resetSettings: { every: 2 } } },
			'body.registrationSettings.resetSettings.every: unknown key',
		],
	])('refuses %j with 400', async (change, problem) => {
		const answer = await send({ ...base(), ...change });
		expect(answer.status).toBe(400);
		expect(answer.data).toEqual({ success: false, error: problem });
		expect(cases().get(caseIds[0])?.name).toBe('Case 0');
	});

	test('refuses a query parameter', async () => {
		const answer = await send(base(), '?partial=true');
		expect(answer.status).toBe(400);
		expect(answer.data).toEqual({ success: false, error: 'query.partial: unknown parameter' });
	});
});

describe("the form: Directory left empty says it keeps the case's directory", () => {
	let properties: INodeProperties[] = [];
	beforeAll(async () => {
		const loader = await loadPackage();
		properties = (
			loader.nodeTypes.elma365Nomenclature.type as unknown as {
				description: { properties: INodeProperties[] };
			}
		).description.properties;
	});
	const directoryOf = (operation: string) =>
		properties.filter(
			(property) =>
				property.name === 'directoryId' &&
				property.displayOptions?.show?.resource?.includes('case') &&
				property.displayOptions?.show?.operation?.includes(operation),
		);

	test('Update: the empty list shows Keep Current Directory; the value stays empty', () => {
		const [directory, ...rest] = directoryOf('update');
		expect(rest).toEqual([]);
		expect(directory).toMatchObject({
			required: false,
			default: { mode: 'list', value: '' },
		});
		expect(directory.modes?.map((mode) => [mode.name, mode.placeholder])).toEqual([
			['list', 'Keep Current Directory'],
			['id', '3fa85f64-5717-4562-b3fc-2c963f66afa6'],
		]);
	});

	test('Create: the directory is required and its list keeps n8n\'s "Choose..."', () => {
		const [directory, ...rest] = directoryOf('create');
		expect(rest).toEqual([]);
		expect(directory.required).toBe(true);
		expect(directory.modes?.find((mode) => mode.name === 'list')?.placeholder).toBeUndefined();
	});
});
