/** Options > Concurrency on directory create and update and on Get Registrations, answered by the strict double's own routes. */
import type { INodeProperties, INodeTypeDescription } from 'n8n-workflow';
import { loadPackage } from '../harness/engine';
import { newId } from '../harness/index.ts';
import { holdRequests, reversed } from '../harness/inFlight';
import { itemsOf } from '../harness/routes/app.ts';
import { jsonOf, pairingOf, usePlatform } from '../harness/setup';

const t = usePlatform();
const locator = (value: string) => ({ __rl: true, mode: 'id', value });
const directories = () => t.platform.collection('nomenclatureDirectories');
const nameOf = (body: unknown) => (body as { name: string }).name;
/** `Name 7` is item 7: later items are answered sooner. */
const byName = (count: number) => (request: { body: unknown }) =>
	reversed(count, Number(nameOf(request.body).replace(/\D/g, '')));

beforeEach(() => directories().clear());

describe('directory create', () => {
	test('Concurrency N: at most N in flight, created directories output in input order and paired', async () => {
		const input = Array.from({ length: 7 }, (_, index) => ({ json: { name: `Name ${index}` } }));
		const state = holdRequests(t.platform, 'POST', /^\/pub\/v1\/nomenclature\/directory$/, {
			times: 7,
			gate: 3,
			delay: byName(7),
		});
		const { items, error } = await t.run({
			nodeType: 'elma365Nomenclature',
			parameters: {
				resource: 'directory',
				operation: 'create',
				name: '={{ $json.name }}',
				options: { concurrency: 3 },
			},
			input,
		});
		expect(error).toBeUndefined();
		expect(state.max).toBe(3);
		expect(
			t.platform.requests.map((r) => [r.method, r.path, r.query, nameOf(r.body)]).sort(),
		).toEqual(
			input.map(({ json }) => ['POST', '/pub/v1/nomenclature/directory', {}, json.name]).sort(),
		);
		expect(jsonOf(items).map((json) => nameOf(json))).toEqual(input.map(({ json }) => json.name));
		expect(
			jsonOf(items).map((json) => directories().get((json as { __id: string }).__id)?.name),
		).toEqual(input.map(({ json }) => json.name));
		expect(pairingOf(items)).toEqual(input.map((_, index) => ({ item: index })));
	});

	test('without the option directories are created one after the other, in input order', async () => {
		const input = Array.from({ length: 4 }, (_, index) => ({ json: { name: `Name ${index}` } }));
		const state = holdRequests(t.platform, 'POST', /^\/pub\/v1\/nomenclature\/directory$/, {
			times: 4,
			delay: byName(4),
		});
		const { error } = await t.run({
			nodeType: 'elma365Nomenclature',
			parameters: { resource: 'directory', operation: 'create', name: '={{ $json.name }}' },
			input,
		});
		expect(error).toBeUndefined();
		expect(state.max).toBe(1);
		expect(t.platform.requests.map((r) => nameOf(r.body))).toEqual(
			input.map(({ json }) => json.name),
		);
	});
});

describe('directory update', () => {
	test('updates of one directory never overlap and arrive in input order; other directories go beside them', async () => {
		const [a, b, c] = [newId(), newId(), newId()];
		for (const id of [a, b, c]) directories().set(id, { __id: id, name: 'Old' });
		const targets = [a, a, b, a, c, b, a];
		const input = targets.map((id, index) => ({ json: { id, name: `Name ${index}` } }));
		const state = holdRequests(t.platform, 'PUT', /^\/pub\/v1\/nomenclature\/directory\/[^/]+$/, {
			times: targets.length,
			gate: 3,
			delay: byName(targets.length),
			key: (request) => request.path,
		});
		const { items, error } = await t.run({
			nodeType: 'elma365Nomenclature',
			parameters: {
				resource: 'directory',
				operation: 'update',
				directoryId: locator('={{ $json.id }}'),
				name: '={{ $json.name }}',
				// As many as the items: each directory's first update is taken at once, whatever the timing.
				options: { concurrency: targets.length },
			},
			input,
		});
		expect(error).toBeUndefined();
		expect(state.overlaps).toEqual([]);
		// Three directories: no more than three requests can be in flight.
		expect(state.max).toBe(3);
		const namesSentTo = (id: string) =>
			t.platform.requests
				.filter((r) => r.path === `/pub/v1/nomenclature/directory/${id}`)
				.map((r) => r.body);
		expect(namesSentTo(a)).toEqual([
			{ name: 'Name 0' },
			{ name: 'Name 1' },
			{ name: 'Name 3' },
			{ name: 'Name 6' },
		]);
		expect(namesSentTo(b)).toEqual([{ name: 'Name 2' }, { name: 'Name 5' }]);
		expect(namesSentTo(c)).toEqual([{ name: 'Name 4' }]);
		expect([a, b, c].map((id) => directories().get(id)?.name)).toEqual([
			'Name 6',
			'Name 5',
			'Name 4',
		]);
		expect(jsonOf(items)).toEqual(input.map(({ json }) => ({ __id: json.id, name: json.name })));
		expect(pairingOf(items)).toEqual(input.map((_, index) => ({ item: index })));
	});

	test('Concurrency N over N distinct directories: N in flight, output in input order', async () => {
		const ids = Array.from({ length: 6 }, () => newId());
		for (const id of ids) directories().set(id, { __id: id, name: 'Old' });
		const input = ids.map((id, index) => ({ json: { id, name: `Name ${index}` } }));
		const state = holdRequests(t.platform, 'PUT', /^\/pub\/v1\/nomenclature\/directory\/[^/]+$/, {
			times: 6,
			gate: 2,
			delay: byName(6),
		});
		const { items, error } = await t.run({
			nodeType: 'elma365Nomenclature',
			parameters: {
				resource: 'directory',
				operation: 'update',
				directoryId: locator('={{ $json.id }}'),
				name: '={{ $json.name }}',
				options: { concurrency: 2 },
			},
			input,
		});
		expect(error).toBeUndefined();
		expect(state.max).toBe(2);
		expect(state.order).not.toEqual(ids.map((id) => `/pub/v1/nomenclature/directory/${id}`));
		expect(jsonOf(items)).toEqual(input.map(({ json }) => ({ __id: json.id, name: json.name })));
		expect(pairingOf(items)).toEqual(input.map((_, index) => ({ item: index })));
	});
});

describe('document get registrations: the adaptive window by default', () => {
	const REGISTRATION = /^\/pub\/v1\/registration\/crm\/deals\/[^/]+$/;
	const picked = (value: string, mode = 'list') => ({ __rl: true, mode, value });
	const getRegistrations = {
		resource: 'document',
		operation: 'getRegistrations',
		namespace: picked('crm'),
		application: picked('deals'),
		itemId: picked('={{ $json.id }}', 'id'),
	};
	const pathOf = (id: string) => `/pub/v1/registration/crm/deals/${id}`;
	const registrationOf = (index: number) => ({ __id: `reg-${index}`, number: `IN-${index}` });
	let documentIds: string[];
	/** Document i is answered sooner the later it comes in the input. */
	const byDocument = (request: { path: string }) =>
		reversed(
			documentIds.length,
			documentIds.findIndex((id) => request.path.endsWith(id)),
		);

	beforeEach(() => {
		const documents = itemsOf(t.platform, 'app', 'crm', 'deals');
		documents.clear();
		t.platform.collection('registrations').clear();
		documentIds = Array.from({ length: 5 }, () => newId());
		documentIds.forEach((id, index) => {
			documents.set(id, { __id: id, __name: `Document ${index}` });
			t.platform
				.collection('registrations')
				.set(`crm/deals/${id}`, { entries: [registrationOf(index)] });
		});
	});

	test('without the option: all five documents in flight together; each item gets its own registrations, in input order', async () => {
		const state = holdRequests(t.platform, 'POST', REGISTRATION, {
			gate: 5,
			times: 5,
			delay: byDocument,
		});
		const { items, error } = await t.run({
			nodeType: 'elma365Nomenclature',
			parameters: getRegistrations,
			input: documentIds.map((id) => ({ json: { id } })),
		});
		expect(error).toBeUndefined();
		expect(state.max).toBe(5);
		expect(state.order).not.toEqual(documentIds.map(pathOf));
		expect(t.platform.requests.map((r) => [r.method, r.path, r.query, r.body]).sort()).toEqual(
			documentIds.map((id) => ['POST', pathOf(id), {}, {}]).sort(),
		);
		expect(jsonOf(items)).toEqual(
			documentIds.map((_, index) => ({ registrations: [registrationOf(index)] })),
		);
		expect(pairingOf(items)).toEqual(documentIds.map((_, index) => ({ item: index })));
	});

	test('Options keep Additional Body (JSON); Concurrency defaults to 100', async () => {
		const loader = await loadPackage();
		const description = loader.nodeTypes.elma365Nomenclature.type
			.description as INodeTypeDescription;
		expect([description.version, description.defaultVersion]).toEqual([1, undefined]);
		const options = description.properties.filter(
			(p) =>
				p.name === 'options' && p.displayOptions?.show?.operation?.includes('getRegistrations'),
		);
		expect(
			options.map((p) => [
				p.displayOptions?.show,
				(p.options as INodeProperties[]).map((o) => [o.name, o.default]),
			]),
		).toEqual([
			[
				{ resource: ['document'], operation: ['getRegistrations'] },
				[
					['concurrency', 100],
					['body', '{}'],
				],
			],
		]);
	});
});
