/**
 * Entry > Get, Set and Delete send many items at a time by default (the adaptive window); writes
 * to one key still go one after the other, in input order. Answered by the strict double's own
 * routes.
 */
import type { INodeProperties, INodeTypeDescription } from 'n8n-workflow';
import { loadPackage } from '../harness/engine';
import { holdRequests, reversed } from '../harness/inFlight';
import { storedValues } from '../harness/routes/storage.ts';
import { jsonOf, pairingOf, usePlatform } from '../harness/setup';

const t = usePlatform();
const KEYS = ['a', 'b', 'c', 'd', 'e'];
const SYSTEM = /^\/pub\/v1\/storage\/system\/[^/]+$/;
const pathOf = (key: string) => `/pub/v1/storage/system/${key}`;
const keyOf = (request: { path: string }) => request.path.split('/').pop()!;
/** Key i is answered sooner the later it comes in KEYS. */
const byKey = (request: { path: string }) => reversed(KEYS.length, KEYS.indexOf(keyOf(request)));

beforeEach(() => {
	storedValues(t.platform).clear();
	for (const key of KEYS) storedValues(t.platform).set(`system/${key}`, { data: `value ${key}` });
});

const entry = (operation: string, extra: Record<string, unknown> = {}) => ({
	resource: 'entry',
	operation,
	scope: 'system',
	key: '={{ $json.key }}',
	...extra,
});
const input = (keys: string[]) => keys.map((key) => ({ json: { key } }));
const wire = () => t.platform.requests.map((r) => [r.method, r.path, r.query, r.body]);

describe('get', () => {
	test('without the option: all five keys in flight together; each item gets its own value, in input order', async () => {
		const state = holdRequests(t.platform, 'GET', SYSTEM, { gate: 5, times: 5, delay: byKey });
		const { items, error } = await t.run({
			nodeType: 'elma365Storage',
			parameters: entry('get'),
			input: input(KEYS),
		});
		expect(error).toBeUndefined();
		expect(state.max).toBe(5);
		expect(state.order).not.toEqual(KEYS.map(pathOf));
		expect(wire().sort()).toEqual(KEYS.map((key) => ['GET', pathOf(key), {}, undefined]).sort());
		expect(jsonOf(items)).toEqual(KEYS.map((key) => ({ key, data: `value ${key}` })));
		expect(pairingOf(items)).toEqual(KEYS.map((_, index) => ({ item: index })));
	});
});

describe('set', () => {
	const set = entry('set', { value: '={{ $json.value }}' });

	test('without the option: five keys in flight together; each stored, outputs in input order', async () => {
		const state = holdRequests(t.platform, 'POST', SYSTEM, { gate: 5, times: 5, delay: byKey });
		const writes = KEYS.map((key) => ({ json: { key, value: `new ${key}` } }));
		const { items, error } = await t.run({
			nodeType: 'elma365Storage',
			parameters: set,
			input: writes,
		});
		expect(error).toBeUndefined();
		expect(state.max).toBe(5);
		expect(state.overlaps).toEqual([]);
		expect(wire().sort()).toEqual(
			KEYS.map((key) => ['POST', pathOf(key), {}, { data: `new ${key}` }]).sort(),
		);
		expect(KEYS.map((key) => storedValues(t.platform).get(`system/${key}`))).toEqual(
			KEYS.map((key) => ({ data: `new ${key}` })),
		);
		expect(jsonOf(items)).toEqual(KEYS.map((key) => ({ key, data: `new ${key}` })));
		expect(pairingOf(items)).toEqual(KEYS.map((_, index) => ({ item: index })));
	});

	test('writes to one key never overlap and arrive in input order; other keys go beside them', async () => {
		const writes = [
			['a', '1'],
			['a', '2'],
			['b', '1'],
			['a', '3'],
			['c', '1'],
			['b', '2'],
		];
		const state = holdRequests(t.platform, 'POST', SYSTEM, {
			times: writes.length,
			gate: 3,
			delay: byKey,
			key: keyOf,
		});
		const { items, error } = await t.run({
			nodeType: 'elma365Storage',
			parameters: set,
			input: writes.map(([key, value]) => ({ json: { key, value } })),
		});
		expect(error).toBeUndefined();
		expect(state.overlaps).toEqual([]);
		expect(state.max).toBe(3);
		const writesOf = (key: string) =>
			t.platform.requests
				.filter((r) => keyOf(r) === key)
				.map((r) => (r.body as { data: string }).data);
		expect(writesOf('a')).toEqual(['1', '2', '3']);
		expect(writesOf('b')).toEqual(['1', '2']);
		expect(['a', 'b', 'c'].map((key) => storedValues(t.platform).get(`system/${key}`))).toEqual([
			{ data: '3' },
			{ data: '2' },
			{ data: '1' },
		]);
		expect(jsonOf(items)).toEqual(writes.map(([key, data]) => ({ key, data })));
		expect(pairingOf(items)).toEqual(writes.map((_, index) => ({ item: index })));
	});
});

describe('delete', () => {
	test('without the option: five keys in flight together; each deleted, outputs in input order', async () => {
		const state = holdRequests(t.platform, 'DELETE', SYSTEM, { gate: 5, times: 5, delay: byKey });
		const { items, error } = await t.run({
			nodeType: 'elma365Storage',
			parameters: entry('delete'),
			input: input(KEYS),
		});
		expect(error).toBeUndefined();
		expect(state.max).toBe(5);
		expect(wire().sort()).toEqual(KEYS.map((key) => ['DELETE', pathOf(key), {}, undefined]).sort());
		expect(storedValues(t.platform).size).toBe(0);
		expect(jsonOf(items)).toEqual(KEYS.map((key) => ({ key, deleted: true })));
		expect(pairingOf(items)).toEqual(KEYS.map((_, index) => ({ item: index })));
	});

	test('deletes of one key never overlap and keep input order (the second finds nothing); other keys go beside them', async () => {
		const keys = ['a', 'a', 'b', 'c'];
		const state = holdRequests(t.platform, 'DELETE', SYSTEM, {
			times: keys.length,
			gate: 3,
			delay: byKey,
			key: keyOf,
		});
		const { items, error } = await t.run({
			nodeType: 'elma365Storage',
			continueOnFail: true,
			parameters: entry('delete'),
			input: input(keys),
		});
		expect(error).toBeUndefined();
		expect(state.overlaps).toEqual([]);
		expect(state.max).toBe(3);
		const out = jsonOf(items) as Array<Record<string, unknown>>;
		expect(out[0]).toEqual({ key: 'a', deleted: true });
		expect(out[1]).toMatchObject({ error: 'ELMA365 404: key "a" not found', httpCode: '404' });
		expect(out.slice(2)).toEqual([
			{ key: 'b', deleted: true },
			{ key: 'c', deleted: true },
		]);
		expect(pairingOf(items)).toEqual(keys.map((_, index) => ({ item: index })));
	});
});

test('version 1; Options > Concurrency of Get, Set and Delete defaults to 100', async () => {
	const loader = await loadPackage();
	const description = loader.nodeTypes.elma365Storage.type.description as INodeTypeDescription;
	expect([description.version, description.defaultVersion]).toEqual([1, undefined]);
	const options = description.properties.filter((p) => p.name === 'options');
	expect(
		options.map((p) => [
			p.displayOptions?.show?.operation,
			(p.options as INodeProperties[]).find((o) => o.name === 'concurrency')?.default,
		]),
	).toEqual(['get', 'set', 'delete'].map((operation) => [[operation], 100]));
});
