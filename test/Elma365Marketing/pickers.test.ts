/** The subscribers of Add and Remove Subscribers, picked from the platform's lists. */
import type { INodeProperties } from 'n8n-workflow';
import { loadPackage, searchList } from '../harness/engine';
import { fail } from '../harness/index.ts';
import { jsonOf, pairingOf, usePlatform, picked } from '../harness/setup';

const t = usePlatform();
const NODE = 'elma365Marketing';
const rows = (values: unknown[]) => ({ subscriber: values.map((id) => ({ id })) });

const SEGMENT_A = '5e000000-0000-4000-8000-00000000000a';
const SEGMENT_B = '5e000000-0000-4000-8000-00000000000b';
const COUNT = 135;
const sub = (i: number) => `5e000000-0000-4000-9000-${String(i).padStart(12, '0')}`;

const members = (id: string) =>
	(t.platform.collection('segmentMembers').get(id)?.ids ?? []) as string[];
const setMembers = (id: string, ids: string[]) =>
	t.platform.collection('segmentMembers').set(id, { ids });

beforeEach(() => {
	for (const name of ['segments', 'subscribers', 'segmentMembers'])
		t.platform.collection(name).clear();
	t.platform.collection('segments').set(SEGMENT_A, { __id: SEGMENT_A, name: 'Newsletter' });
	t.platform.collection('segments').set(SEGMENT_B, { __id: SEGMENT_B, name: 'Partners' });
	for (let i = 0; i < COUNT; i++)
		t.platform
			.collection('subscribers')
			.set(sub(i), { __id: sub(i), __name: `Subscriber ${i}`, email: `s${i}@example.com` });
	// A name with its email, an email as the name, no email at all.
	t.platform
		.collection('subscribers')
		.set(sub(0), { __id: sub(0), __name: 'Anna Berg', email: 'anna@example.com' });
	t.platform
		.collection('subscribers')
		.set(sub(1), { __id: sub(1), __name: 'team@example.com', email: 'team@example.com' });
	t.platform.collection('subscribers').set(sub(2), { __id: sub(2), __name: 'No Mail' });
});
afterAll(() => {
	for (const name of ['segments', 'subscribers', 'segmentMembers'])
		t.platform.collection(name).clear();
});

const change = (operation: string, extra: Record<string, unknown> = {}) => ({
	resource: 'segment',
	operation,
	segmentId: picked(SEGMENT_A),
	...extra,
});

describe('subscriber pickers', () => {
	const search = (
		method: string,
		parameters: Record<string, unknown>,
		filter?: string,
		paginationToken?: string,
	) =>
		searchList({
			nodeType: NODE,
			parameters: parameters as never,
			credential: t.credential(),
			method,
			filter,
			paginationToken,
		});
	const add = change('addSubscribers');
	const remove = (segmentId: unknown) => ({
		resource: 'segment',
		operation: 'removeSubscribers',
		segmentId,
	});

	test('Add lists all subscribers page by page, each as its name with the email in brackets, valued by its ID', async () => {
		const first = await search('searchSubscribers', add);
		expect(first.results).toHaveLength(100);
		expect(first.results.slice(0, 4)).toEqual([
			{ name: 'Anna Berg (anna@example.com)', value: sub(0) },
			{ name: 'team@example.com', value: sub(1) },
			{ name: 'No Mail', value: sub(2) },
			{ name: 'Subscriber 3 (s3@example.com)', value: sub(3) },
		]);
		expect(first.paginationToken).toBe('100');
		const second = await search('searchSubscribers', add, undefined, '100');
		expect(second.results.map((r) => r.value)).toEqual(
			Array.from({ length: COUNT - 100 }, (_, i) => sub(100 + i)),
		);
		expect(second.paginationToken).toBeUndefined();
		expect(await search('searchSubscribers', add, 'S134@')).toEqual({
			results: [{ name: 'Subscriber 134 (s134@example.com)', value: sub(134) }],
			paginationToken: undefined,
		});
		expect(await search('searchSubscribers', add, 'anna')).toEqual({
			results: [{ name: 'Anna Berg (anna@example.com)', value: sub(0) }],
			paginationToken: undefined,
		});
		// Browsing asks for 100 at a time; a search for 1,000 (the whole list here, so no token to go on).
		expect(
			t.platform.requests.map((r) => [r.method, r.path, r.query, r.headers.authorization, r.body]),
		).toEqual([
			[
				'POST',
				'/pub/v1/marketing/subscriber',
				{},
				`Bearer ${t.platform.apiKey}`,
				{ from: 0, size: 100 },
			],
			[
				'POST',
				'/pub/v1/marketing/subscriber',
				{},
				`Bearer ${t.platform.apiKey}`,
				{ from: 100, size: 100 },
			],
			[
				'POST',
				'/pub/v1/marketing/subscriber',
				{},
				`Bearer ${t.platform.apiKey}`,
				{ from: 0, size: 1000 },
			],
			[
				'POST',
				'/pub/v1/marketing/subscriber',
				{},
				`Bearer ${t.platform.apiKey}`,
				{ from: 0, size: 1000 },
			],
		]);
	});

	test('Remove lists the subscribers of the chosen segment, picked or typed by ID, page by page', async () => {
		setMembers(
			SEGMENT_A,
			Array.from({ length: COUNT }, (_, i) => sub(COUNT - 1 - i)),
		);
		setMembers(SEGMENT_B, [sub(1)]);
		const first = await search('searchSegmentSubscribers', remove(picked(SEGMENT_A)));
		expect(first.results).toHaveLength(100);
		expect(first.results[0]).toEqual({
			name: 'Subscriber 134 (s134@example.com)',
			value: sub(134),
		});
		expect(first.paginationToken).toBe('100');
		const second = await search(
			'searchSegmentSubscribers',
			remove(picked(SEGMENT_A)),
			undefined,
			'100',
		);
		expect(second.results.map((r) => r.value)).toEqual(
			Array.from({ length: COUNT - 100 }, (_, i) => sub(COUNT - 101 - i)),
		);
		expect(second.results.at(-1)).toEqual({ name: 'Anna Berg (anna@example.com)', value: sub(0) });
		expect(second.paginationToken).toBeUndefined();
		// The search text finds Anna, last in the segment, in its one page of 1,000; the segment typed by ID lists its own subscribers.
		expect(await search('searchSegmentSubscribers', remove(picked(SEGMENT_A)), 'ANNA')).toEqual({
			results: [{ name: 'Anna Berg (anna@example.com)', value: sub(0) }],
			paginationToken: undefined,
		});
		expect(
			await search('searchSegmentSubscribers', remove(picked(` ${SEGMENT_B} `, 'id'))),
		).toEqual({
			results: [{ name: 'team@example.com', value: sub(1) }],
			paginationToken: undefined,
		});
		const path = `/pub/v1/marketing/segment/${SEGMENT_A}/subscribers`;
		expect(t.platform.requests.map((r) => [r.method, r.path, r.query, r.body])).toEqual([
			['POST', path, {}, { from: 0, size: 100 }],
			['POST', path, {}, { from: 100, size: 100 }],
			['POST', path, {}, { from: 0, size: 1000 }],
			['POST', `/pub/v1/marketing/segment/${SEGMENT_B}/subscribers`, {}, { from: 0, size: 100 }],
		]);
	});

	test('a key that may not list subscribers gets a readable message', async () => {
		t.platform.script('POST', '/pub/v1/marketing/subscriber', fail(403, 'access denied'));
		await expect(search('searchSubscribers', add)).rejects.toThrow(
			'ELMA365: the credential may not list marketing subscribers (HTTP 403)',
		);
		t.platform.script(
			'POST',
			`/pub/v1/marketing/segment/${SEGMENT_A}/subscribers`,
			fail(403, 'access denied'),
		);
		await expect(search('searchSegmentSubscribers', remove(picked(SEGMENT_A)))).rejects.toThrow(
			`ELMA365: the credential may not list the subscribers of segment "${SEGMENT_A}" (HTTP 403)`,
		);
	});

	test.each([
		['no segment', {}],
		['an empty segment picker', { segmentId: picked('') }],
		['a blank segment ID', { segmentId: picked('  ', 'id') }],
	])(
		'Remove without a chosen segment (%s): an empty list, no request',
		async (_name, parameters) => {
			await expect(
				search('searchSegmentSubscribers', {
					resource: 'segment',
					operation: 'removeSubscribers',
					...parameters,
				}),
			).resolves.toEqual({ results: [] });
			expect(t.platform.requests).toHaveLength(0);
		},
	);
});

describe('Add and Remove Subscribers with picked subscribers', () => {
	const run = (
		parameters: Record<string, unknown>,
		input?: Array<{ json: Record<string, unknown> }>,
	) => t.run({ nodeType: NODE, parameters: parameters as never, input });

	test('subscribers picked from the list and typed by ID go in one body, without repeats', async () => {
		const { items, error } = await run(
			change('addSubscribers', {
				subscriberIds: rows([picked(sub(0)), picked(` ${sub(1)} `, 'id'), picked(sub(0))]),
			}),
		);
		expect(error).toBeUndefined();
		expect(
			t.platform.requests.map((r) => [r.method, r.path, r.query, r.headers.authorization, r.body]),
		).toEqual([
			[
				'PATCH',
				`/pub/v1/marketing/segment/${SEGMENT_A}/subscribers/add`,
				{},
				`Bearer ${t.platform.apiKey}`,
				{ ids: [sub(0), sub(1)] },
			],
		]);
		expect(jsonOf(items)).toEqual([{ segmentId: SEGMENT_A, subscriberIds: [sub(0), sub(1)] }]);
		expect(pairingOf(items)).toEqual([{ item: 0 }]);
		expect(members(SEGMENT_A)).toEqual([sub(0), sub(1)]);
	});

	const expressionRows = rows([picked('={{ $json.ids }}', 'id'), picked(sub(5))]);
	const expressionInput = [
		{ json: { ids: [sub(2), sub(3)] } },
		{ json: { ids: `${sub(4)}, ${sub(2)}` } },
	];

	test('a row set to an expression gives several IDs (an array or comma-separated); Send in One Request off: one request per item', async () => {
		const { items, error } = await run(
			change('addSubscribers', { subscriberIds: expressionRows, sendInOneRequest: false }),
			expressionInput,
		);
		expect(error).toBeUndefined();
		const path = `/pub/v1/marketing/segment/${SEGMENT_A}/subscribers/add`;
		expect(t.platform.requests.map((r) => [r.method, r.path, r.body])).toEqual([
			['PATCH', path, { ids: [sub(2), sub(3), sub(5)] }],
			['PATCH', path, { ids: [sub(4), sub(2), sub(5)] }],
		]);
		expect(jsonOf(items)).toEqual([
			{ segmentId: SEGMENT_A, subscriberIds: [sub(2), sub(3), sub(5)] },
			{ segmentId: SEGMENT_A, subscriberIds: [sub(4), sub(2), sub(5)] },
		]);
		expect(pairingOf(items)).toEqual([{ item: 0 }, { item: 1 }]);
		expect(members(SEGMENT_A)).toEqual([sub(2), sub(3), sub(5), sub(4)]);
	});

	test('Send in One Request joins the rows of all items into one request per segment', async () => {
		const { items, error } = await run(
			change('addSubscribers', { subscriberIds: expressionRows, sendInOneRequest: true }),
			expressionInput,
		);
		expect(error).toBeUndefined();
		expect(t.platform.requests.map((r) => [r.method, r.path, r.body])).toEqual([
			[
				'PATCH',
				`/pub/v1/marketing/segment/${SEGMENT_A}/subscribers/add`,
				{ ids: [sub(2), sub(3), sub(5), sub(4)] },
			],
		]);
		expect(jsonOf(items)).toEqual([
			{ segmentId: SEGMENT_A, subscriberIds: [sub(2), sub(3), sub(5)] },
			{ segmentId: SEGMENT_A, subscriberIds: [sub(4), sub(2), sub(5)] },
		]);
		expect(pairingOf(items)).toEqual([{ item: 0 }, { item: 1 }]);
	});

	test('Remove Subscribers takes the same rows', async () => {
		setMembers(SEGMENT_A, [sub(0), sub(1), sub(2)]);
		const { items, error } = await run(
			change('removeSubscribers', {
				subscriberIds: rows([picked(sub(1)), picked('={{ $json.id }}', 'id')]),
			}),
			[{ json: { id: sub(2) } }],
		);
		expect(error).toBeUndefined();
		expect(t.platform.requests.map((r) => [r.method, r.path, r.query, r.body])).toEqual([
			[
				'PATCH',
				`/pub/v1/marketing/segment/${SEGMENT_A}/subscribers/remove`,
				{},
				{ ids: [sub(1), sub(2)] },
			],
		]);
		expect(jsonOf(items)).toEqual([{ segmentId: SEGMENT_A, subscriberIds: [sub(1), sub(2)] }]);
		expect(pairingOf(items)).toEqual([{ item: 0 }]);
		expect(members(SEGMENT_A)).toEqual([sub(0)]);
	});

	const UUID_EXPECTED = 'expected a UUID such as 3fa85f64-5717-4562-b3fc-2c963f66afa6';
	test.each([
		[
			'addSubscribers',
			rows([picked(sub(0)), picked('={{ $json.name }}', 'id')]),
			`Invalid "Subscribers (entry 2)" in item 0: ${UUID_EXPECTED}, got "bob"`,
		],
		[
			'addSubscribers',
			rows([picked('={{ [$json.x] }}', 'id')]),
			`Invalid "Subscribers (entry 1)" in item 0: ${UUID_EXPECTED}, got 7`,
		],
		[
			'removeSubscribers',
			rows([picked(`={{ ["${sub(0)}", ""] }}`, 'id')]),
			`Invalid "Subscribers (entry 1)" in item 0: ${UUID_EXPECTED}, got ""`,
		],
		[
			'addSubscribers',
			{},
			'Invalid "Subscribers" in item 0: expected at least one subscriber ID, got []',
		],
		[
			'removeSubscribers',
			rows([picked('={{ [] }}', 'id'), picked('={{ $json.none }}', 'id')]),
			'Invalid "Subscribers" in item 0: expected at least one subscriber ID, got [[],null]',
		],
	])(
		'%s with invalid rows %j: the error names the row and the item, before any request',
		async (operation, subscriberIds, message) => {
			const { error } = await run(change(operation, { subscriberIds }), [
				{ json: { x: 7, name: 'bob' } },
			]);
			expect(error?.message).toBe(message);
			expect(t.platform.requests).toHaveLength(0);
		},
	);

	test('an ID typed by hand that is not a UUID is refused by the editor check, before any request', async () => {
		const { error } = await run(
			change('addSubscribers', { subscriberIds: rows([picked('bob', 'id')]) }),
		);
		expect(error?.message).toBe("The 'ELMA365' node has issues:\n- Not a valid UUID");
		expect(t.platform.requests).toHaveLength(0);
	});
});

describe('descriptions', () => {
	let description: { version: unknown; defaultVersion: unknown; properties: INodeProperties[] };
	beforeAll(async () => {
		const loader = await loadPackage();
		description = (loader.nodeTypes[NODE].type as unknown as { description: typeof description })
			.description;
	});
	const named = (operation: string) =>
		description.properties.filter(
			(property) =>
				property.name === 'subscriberIds' &&
				property.displayOptions?.show?.operation?.includes(operation),
		);

	test('the node has one version, 1', () => {
		expect([description.version, description.defaultVersion]).toEqual([1, undefined]);
	});

	test.each([
		['addSubscribers', 'add', 'searchSubscribers', undefined],
		[
			'removeSubscribers',
			'remove',
			'searchSegmentSubscribers',
			{ loadOptionsDependsOn: ['segmentId.value'] },
		],
	])('%s: rows of subscriber pickers', (operation, verb, method, typeOptions) => {
		const [picker, ...rest] = named(operation);
		expect(rest).toEqual([]);
		const { options, ...rowsProperty } = picker as Omit<INodeProperties, 'options'> & {
			options: Array<{ displayName: string; name: string; values: INodeProperties[] }>;
		};
		expect(rowsProperty).toEqual({
			displayName: 'Subscribers',
			name: 'subscriberIds',
			type: 'fixedCollection',
			typeOptions: { multipleValues: true },
			placeholder: 'Add Subscriber',
			default: {},
			description: `The subscribers to ${verb}. A row set to an expression may give several IDs: an array or comma-separated text.`,
			displayOptions: { show: { resource: ['segment'], operation: [operation] } },
		});
		expect(
			options.map((option) => [option.displayName, option.name, option.values.length]),
		).toEqual([['Subscriber', 'subscriber', 1]]);
		const locator = options[0].values[0];
		expect(locator).toMatchObject({
			displayName: 'Subscriber',
			name: 'id',
			type: 'resourceLocator',
			required: true,
			description: `The subscriber to ${verb}`,
		});
		expect(locator.typeOptions).toEqual(typeOptions);
		expect(locator.modes?.map((mode) => [mode.name, mode.typeOptions?.searchListMethod])).toEqual([
			['list', method],
			['id', undefined],
		]);
	});
});
