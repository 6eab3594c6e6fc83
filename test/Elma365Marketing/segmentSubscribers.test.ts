/** Add and Remove Subscribers send the IDs of all items in one request by default (Send in One Request). */
import type { INodeProperties } from 'n8n-workflow';
import { loadPackage } from '../harness/engine';
import { byId, jsonOf, pairingOf, usePlatform } from '../harness/setup';

const t = usePlatform();
const NODE = 'elma365Marketing';
const rows = (values: unknown[]) => ({ subscriber: values.map((id) => ({ id })) });

const SEGMENT = '5e000000-0000-4000-8000-00000000001a';
const sub = (i: number) => `5e000000-0000-4000-9000-${String(i).padStart(12, '0')}`;
const members = () => (t.platform.collection('segmentMembers').get(SEGMENT)?.ids ?? []) as string[];

beforeEach(() => {
	for (const name of ['segments', 'subscribers', 'segmentMembers'])
		t.platform.collection(name).clear();
	t.platform.collection('segments').set(SEGMENT, { __id: SEGMENT, name: 'Newsletter' });
	for (let i = 0; i < 6; i++)
		t.platform.collection('subscribers').set(sub(i), { __id: sub(i), email: `s${i}@example.com` });
});

/** Three items for the same segment, each naming its subscribers by an expression; the parameter itself left at its default. */
const input = [
	{ json: { ids: [sub(0), sub(1)] } },
	{ json: { ids: sub(2) } },
	{ json: { ids: `${sub(1)}, ${sub(3)}` } },
];
const parameters = (operation: string) => ({
	resource: 'segment',
	operation,
	segmentId: byId(SEGMENT),
	subscriberIds: rows([byId('={{ $json.ids }}')]),
});
const outputs = [
	{ segmentId: SEGMENT, subscriberIds: [sub(0), sub(1)] },
	{ segmentId: SEGMENT, subscriberIds: [sub(2)] },
	{ segmentId: SEGMENT, subscriberIds: [sub(1), sub(3)] },
];
const path = (action: string) => `/pub/v1/marketing/segment/${SEGMENT}/subscribers/${action}`;

describe('Send in One Request is on by default', () => {
	test('one Send in One Request parameter per operation, on by default', async () => {
		const loader = await loadPackage();
		const description = (
			loader.nodeTypes[NODE].type as unknown as {
				description: { properties: INodeProperties[] };
			}
		).description;
		const copies = description.properties.filter(
			(property) => property.name === 'sendInOneRequest',
		);
		expect(copies.map((property) => [property.displayOptions?.show, property.default])).toEqual([
			[{ resource: ['segment'], operation: ['addSubscribers'] }, true],
			[{ resource: ['segment'], operation: ['removeSubscribers'] }, true],
		]);
	});

	test('three items to one segment: ONE PATCH with the union of the IDs, three outputs paired 0, 1, 2', async () => {
		const { items, error } = await t.run({
			nodeType: NODE,
			parameters: parameters('addSubscribers'),
			input,
		});
		expect(error).toBeUndefined();
		expect(
			t.platform.requests.map((r) => [r.method, r.path, r.query, r.headers.authorization, r.body]),
		).toEqual([
			[
				'PATCH',
				path('add'),
				{},
				`Bearer ${t.platform.apiKey}`,
				{ ids: [sub(0), sub(1), sub(2), sub(3)] },
			],
		]);
		expect(jsonOf(items)).toEqual(outputs);
		expect(pairingOf(items)).toEqual([{ item: 0 }, { item: 1 }, { item: 2 }]);
		expect(members()).toEqual([sub(0), sub(1), sub(2), sub(3)]);
	});

	test('Remove Subscribers: the same, one PATCH', async () => {
		t.platform
			.collection('segmentMembers')
			.set(SEGMENT, { ids: [sub(0), sub(1), sub(2), sub(3), sub(4)] });
		const { items, error } = await t.run({
			nodeType: NODE,
			parameters: parameters('removeSubscribers'),
			input,
		});
		expect(error).toBeUndefined();
		expect(t.platform.requests.map((r) => [r.method, r.path, r.body])).toEqual([
			['PATCH', path('remove'), { ids: [sub(0), sub(1), sub(2), sub(3)] }],
		]);
		expect(jsonOf(items)).toEqual(outputs);
		expect(pairingOf(items)).toEqual([{ item: 0 }, { item: 1 }, { item: 2 }]);
		expect(members()).toEqual([sub(4)]);
	});

	test('with the parameter turned off: one request per item', async () => {
		const { items } = await t.run({
			nodeType: NODE,
			parameters: { ...parameters('addSubscribers'), sendInOneRequest: false },
			input,
		});
		expect(t.platform.requests.map((r) => r.body)).toEqual([
			{ ids: [sub(0), sub(1)] },
			{ ids: [sub(2)] },
			{ ids: [sub(1), sub(3)] },
		]);
		expect(pairingOf(items)).toEqual([{ item: 0 }, { item: 1 }, { item: 2 }]);
	});

	test('with Continue On Fail: an invalid item gets its error item in its place, the others still go in one request', async () => {
		const { items, error } = await t.run({
			nodeType: NODE,
			continueOnFail: true,
			parameters: parameters('addSubscribers'),
			input: [input[0], { json: { ids: 'bob' } }, input[2]],
		});
		expect(error).toBeUndefined();
		expect(t.platform.requests.map((r) => r.body)).toEqual([{ ids: [sub(0), sub(1), sub(3)] }]);
		const out = jsonOf(items) as Array<Record<string, unknown>>;
		expect(out).toHaveLength(3);
		expect(out[0]).toEqual(outputs[0]);
		expect(out[1].error).toMatch(
			/^Invalid "Subscribers \(entry 1\)" in item 1: expected a UUID.*got "bob"/,
		);
		expect(out[2]).toEqual(outputs[2]);
		expect(pairingOf(items)).toEqual([{ item: 0 }, { item: 1 }, { item: 2 }]);
	});
});
