/**
 * Segment > Get sends many items at a time by default (the adaptive window); Options > Concurrency
 * caps it. Answered by the strict double's own routes.
 */
import type { INodeProperties, INodeTypeDescription } from 'n8n-workflow';
import { newId } from '../harness/index.ts';
import { loadPackage } from '../harness/engine';
import { holdRequests, reversed } from '../harness/inFlight';
import { jsonOf, pairingOf, usePlatform } from '../harness/setup';

const t = usePlatform();
const SEGMENT = /^\/pub\/v1\/marketing\/segment\/[^/]+$/;
const segments = () => t.platform.collection('segments');
let ids: string[];

beforeEach(() => {
	segments().clear();
	ids = Array.from({ length: 5 }, () => newId());
	ids.forEach((id, index) => segments().set(id, { __id: id, name: `Segment ${index}` }));
});

const get = {
	resource: 'segment',
	operation: 'get',
	segmentId: { __rl: true, mode: 'id', value: '={{ $json.id }}' },
};
const pathOf = (id: string) => `/pub/v1/marketing/segment/${id}`;
/** Segment i is answered sooner the later it comes in the input. */
const byId = (request: { path: string }) =>
	reversed(
		ids.length,
		ids.findIndex((id) => request.path.endsWith(id)),
	);

test('without the option: all five segments in flight together; each item gets its own segment, in input order', async () => {
	const state = holdRequests(t.platform, 'GET', SEGMENT, { gate: 5, times: 5, delay: byId });
	const { items, error } = await t.run({
		nodeType: 'elma365Marketing',
		parameters: get,
		input: ids.map((id) => ({ json: { id } })),
	});
	expect(error).toBeUndefined();
	expect(state.max).toBe(5);
	expect(state.order).not.toEqual(ids.map(pathOf));
	expect(t.platform.requests.map((r) => [r.method, r.path, r.query, r.body]).sort()).toEqual(
		ids.map((id) => ['GET', pathOf(id), {}, undefined]).sort(),
	);
	expect(jsonOf(items)).toEqual(ids.map((id, index) => ({ __id: id, name: `Segment ${index}` })));
	expect(pairingOf(items)).toEqual(ids.map((_, index) => ({ item: index })));
});

test('with Concurrency 2: at most two in flight', async () => {
	const state = holdRequests(t.platform, 'GET', SEGMENT, { gate: 2, times: 5, delay: byId });
	const { items, error } = await t.run({
		nodeType: 'elma365Marketing',
		parameters: { ...get, options: { concurrency: 2 } },
		input: ids.map((id) => ({ json: { id } })),
	});
	expect(error).toBeUndefined();
	expect(state.max).toBe(2);
	expect(pairingOf(items)).toEqual(ids.map((_, index) => ({ item: index })));
});

test('Segment > Get: Options > Concurrency defaults to 100', async () => {
	const loader = await loadPackage();
	const description = loader.nodeTypes.elma365Marketing.type.description as INodeTypeDescription;
	const options = description.properties.filter(
		(p) => p.name === 'options' && p.displayOptions?.show?.operation?.includes('get'),
	);
	expect(
		options.map((p) => [
			p.displayOptions?.show,
			(p.options as INodeProperties[]).map((o) => [o.name, o.default]),
		]),
	).toEqual([[{ resource: ['segment'], operation: ['get'] }, [['concurrency', 100]]]]);
});
