import { newId } from '../harness/index.ts';
import { jsonOf, pairingOf, usePlatform, byId } from '../harness/setup';
import { MAX_PAGE_SIZE } from '../../nodes/shared/lists/pager';

const t = usePlatform();

beforeEach(() => t.platform.collection('nomenclatureDirectories').clear());

test('create posts the name merged with the JSON body', async () => {
	const { items } = await t.run({
		nodeType: 'elma365Nomenclature',
		parameters: {
			resource: 'directory',
			operation: 'create',
			name: 'Finance',
			body: '{"code": "fin", "year": 2027}',
		},
	});
	const [request] = t.platform.requests;
	expect([request.method, request.path, request.query, request.headers.authorization]).toEqual([
		'POST',
		'/pub/v1/nomenclature/directory',
		{},
		`Bearer ${t.platform.apiKey}`,
	]);
	expect(request.body).toEqual({ name: 'Finance', code: 'fin', year: 2027 });
	const created = jsonOf(items)[0] as { __id: string };
	expect(created).toEqual({ name: 'Finance', code: 'fin', year: 2027, __id: created.__id });
	expect(pairingOf(items)).toEqual([{ item: 0 }]);
});

test("update: an empty name keeps the directory's name, read from the list (the PUT replaces the body); a given one is sent without a read", async () => {
	const id = newId();
	t.platform.collection('nomenclatureDirectories').set(id, { __id: id, name: 'Old', code: 'old' });
	const kept = await t.run({
		nodeType: 'elma365Nomenclature',
		parameters: {
			resource: 'directory',
			operation: 'update',
			directoryId: byId(id),
			name: '',
			body: '{"code": "new"}',
		},
	});
	expect(kept.error).toBeUndefined();
	expect(t.platform.requests.map((r) => [r.method, r.path, r.body ?? null])).toEqual([
		['GET', '/pub/v1/nomenclature/directory', null],
		['PUT', `/pub/v1/nomenclature/directory/${id}`, { name: 'Old', code: 'new' }],
	]);
	expect(jsonOf(kept.items)).toEqual([{ __id: id, name: 'Old', code: 'new' }]);
	expect(pairingOf(kept.items)).toEqual([{ item: 0 }]);

	t.platform.reset();
	const renamed = await t.run({
		nodeType: 'elma365Nomenclature',
		parameters: {
			resource: 'directory',
			operation: 'update',
			directoryId: byId(id),
			name: 'Mail',
			body: '{}',
		},
	});
	expect(renamed.error).toBeUndefined();
	expect(t.platform.requests.map((r) => [r.method, r.path, r.body])).toEqual([
		['PUT', `/pub/v1/nomenclature/directory/${id}`, { name: 'Mail' }],
	]);
	expect(jsonOf(renamed.items)).toEqual([{ __id: id, name: 'Mail', code: 'new' }]);
});

test('update with an empty name reads the directory list page by page until the directory is found; one the list does not show is a clear error before the PUT', async () => {
	const directories = t.platform.collection('nomenclatureDirectories');
	// Other directories first, so the one updated is on the second page of the list.
	for (let index = 0; index < 100; index++) {
		const other = newId();
		directories.set(other, { __id: other, name: `D${index}` });
	}
	const id = newId();
	directories.set(id, { __id: id, name: 'Letters' });
	const update = (directoryId: string) =>
		t.run({
			nodeType: 'elma365Nomenclature',
			parameters: {
				resource: 'directory',
				operation: 'update',
				directoryId: byId(directoryId),
				name: '',
				body: '{"code": "let"}',
			},
		});
	const kept = await update(id);
	expect(kept.error).toBeUndefined();
	expect(t.platform.requests.map((r) => [r.method, r.path, r.query, r.body ?? null])).toEqual([
		['GET', '/pub/v1/nomenclature/directory', { from: '0', size: '100' }, null],
		['GET', '/pub/v1/nomenclature/directory', { from: '100', size: '100' }, null],
		['PUT', `/pub/v1/nomenclature/directory/${id}`, {}, { name: 'Letters', code: 'let' }],
	]);

	t.platform.reset();
	const unknown = newId();
	const missing = await update(unknown);
	expect(missing.error?.message).toBe(
		`The directory ${unknown} is not in the platform's list, so its current values cannot be kept`,
	);
	expect(t.platform.requests.filter((r) => r.method === 'PUT')).toEqual([]);

	t.platform.reset();
	directories.set(id, { __id: id });
	const unshown = await update(id);
	expect(unshown.error?.message).toBe("The directory's current Name is not known: set Name");
	expect(t.platform.requests.filter((r) => r.method === 'PUT')).toEqual([]);
});

test('create without a name, update with a bad id or bad JSON fail before any request', async () => {
	const noName = await t.run({
		nodeType: 'elma365Nomenclature',
		parameters: { resource: 'directory', operation: 'create', name: '  ' },
	});
	expect(noName.error?.message).toMatch(/Invalid "Name" in item 0: expected a non-empty text/);
	const badId = await t.run({
		nodeType: 'elma365Nomenclature',
		parameters: { resource: 'directory', operation: 'update', directoryId: byId('={{ "12" }}') },
	});
	expect(badId.error?.message).toMatch(/Invalid "Directory" in item 0: expected a UUID/);
	const badJson = await t.run({
		nodeType: 'elma365Nomenclature',
		parameters: { resource: 'directory', operation: 'create', name: 'x', body: '[1]' },
	});
	expect(badJson.error?.message).toMatch(
		/Invalid "Additional Body Fields \(JSON\)" in item 0: expected a JSON object, got "\[1\]"/,
	);
	expect(t.platform.requests).toHaveLength(0);
});

test('list with Return All and with Limit', async () => {
	const ids = Array.from({ length: 5 }, () => newId());
	ids.forEach((id, i) =>
		t.platform.collection('nomenclatureDirectories').set(id, { __id: id, name: `D${i}` }),
	);
	const all = await t.run({
		nodeType: 'elma365Nomenclature',
		parameters: { resource: 'directory', operation: 'getAll', returnAll: true },
	});
	expect(jsonOf(all.items)).toEqual(ids.map((id, i) => ({ __id: id, name: `D${i}` })));
	const two = await t.run({
		nodeType: 'elma365Nomenclature',
		parameters: { resource: 'directory', operation: 'getAll', limit: 2 },
	});
	expect(jsonOf(two.items)).toEqual(ids.slice(0, 2).map((id, i) => ({ __id: id, name: `D${i}` })));
	expect(t.platform.requests.map((r) => [r.method, r.path, r.query])).toEqual([
		['GET', '/pub/v1/nomenclature/directory', { from: '0', size: String(MAX_PAGE_SIZE) }],
		['GET', '/pub/v1/nomenclature/directory', { from: '0', size: '2' }],
	]);
});
