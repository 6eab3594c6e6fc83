import type { INodeTypeDescription } from 'n8n-workflow';
import { loadPackage, searchList } from '../harness/engine';
import { fail, newId } from '../harness/index.ts';
import { jsonOf, pairingOf, usePlatform } from '../harness/setup';

const t = usePlatform();
const run = (
	parameters: Record<string, unknown>,
	extra: { input?: Array<{ json: Record<string, unknown> }>; continueOnFail?: boolean } = {},
) => t.run({ nodeType: 'elma365Channel', parameters, ...extra });

const general = { __id: newId(), name: 'General' };
const sales = { __id: newId(), name: 'Sales news' };

beforeEach(() => {
	t.platform.collection('channels').clear();
	for (const channel of [general, sales])
		t.platform.collection('channels').set(channel.__id, channel);
});

test('the node: version 1, resources Channel, Comment and Message, usable as a tool', async () => {
	const loader = await loadPackage();
	const description = loader.nodeTypes.elma365Channel.type.description as INodeTypeDescription;
	expect([description.displayName, description.version, description.defaultVersion]).toEqual([
		'ELMA365 Channel',
		1,
		undefined,
	]);
	expect(description.usableAsTool).toBe(true);
	const resource = description.properties.find((p) => p.name === 'resource');
	expect((resource?.options as Array<{ value: string }>).map((o) => o.value)).toEqual([
		'channel',
		'comment',
		'message',
	]);
	const operations = description.properties
		.filter((p) => p.name === 'operation')
		.map((p) => [
			p.displayOptions?.show?.resource,
			(p.options as Array<{ value: string }>).map((o) => o.value),
		]);
	expect(operations).toEqual([
		[['channel'], ['getAll']],
		[['message'], ['getAll', 'create']],
		[['comment'], ['create', 'getAll']],
	]);
});

describe('Channel > Get Many', () => {
	test('GET /channel, no query; each channel is an item; Limit is applied to the answer', async () => {
		const { items, error } = await run({ resource: 'channel', operation: 'getAll', limit: 1 });
		expect(error).toBeUndefined();
		expect(t.wire()).toEqual([['GET', '/pub/v1/channel', {}, undefined]]);
		expect(jsonOf(items)).toEqual([general]);
		expect(pairingOf(items)).toEqual([{ item: 0 }]);
	});

	test('Return All gives every channel, per input item', async () => {
		const { items } = await run(
			{ resource: 'channel', operation: 'getAll', returnAll: true },
			{ input: [{ json: {} }, { json: {} }] },
		);
		expect(jsonOf(items)).toEqual([general, sales, general, sales]);
		expect(pairingOf(items)).toEqual([{ item: 0 }, { item: 0 }, { item: 1 }, { item: 1 }]);
	});

	test("a bad Limit fails before any request; the platform's error is shown, or an error item with Continue On Fail", async () => {
		const bad = await run({ resource: 'channel', operation: 'getAll', limit: '={{ 0 }}' });
		expect(bad.error?.message).toMatch(/Invalid "Limit" in item 0: expected a whole number >= 1/);
		expect(t.platform.requests).toHaveLength(0);

		t.platform.script('GET', '/pub/v1/channel', fail(403, 'access denied'));
		const refused = await run({ resource: 'channel', operation: 'getAll', returnAll: true });
		expect(refused.error?.message).toBe('ELMA365 403: access denied');

		t.platform.script('GET', '/pub/v1/channel', fail(403, 'access denied'));
		const { items } = await run(
			{ resource: 'channel', operation: 'getAll', returnAll: true },
			{ continueOnFail: true, input: [{ json: {} }, { json: {} }] },
		);
		expect(jsonOf(items)).toEqual([
			expect.objectContaining({ error: 'ELMA365 403: access denied', httpCode: '403' }),
			general,
			sales,
		]);
		expect(pairingOf(items)).toEqual([{ item: 0 }, { item: 1 }, { item: 1 }]);
	});
});

test('the Channel picker lists the channels by name, valued by ID, filtered by the search text', async () => {
	const search = (filter?: string) =>
		searchList({
			nodeType: 'elma365Channel',
			parameters: { resource: 'message', operation: 'create' },
			credential: { baseUrl: t.platform.url, apiKey: t.platform.apiKey },
			method: 'searchChannels',
			filter,
		});
	expect(await search()).toEqual({
		results: [
			{ name: 'General', value: general.__id },
			{ name: 'Sales news', value: sales.__id },
		],
		paginationToken: undefined,
	});
	expect((await search('sales')).results).toEqual([{ name: 'Sales news', value: sales.__id }]);
	expect(t.wire()).toEqual([
		['GET', '/pub/v1/channel', {}, undefined],
		['GET', '/pub/v1/channel', {}, undefined],
	]);
});
