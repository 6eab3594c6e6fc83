import axios from 'axios';
import { newId } from '../harness/index.ts';
import { diskBodies, seedBody } from '../harness/routes/disk.ts';
import { jsonOf, pairingOf, usePlatform } from '../harness/setup';

const t = usePlatform();
let hashes: string[];
let ids: string[];
let directoryId: string;

beforeEach(() => {
	directoryId = newId();
	t.platform.collection('diskDirectories').set(directoryId, { __id: directoryId, name: 'Inbox' });
	hashes = [];
	ids = [];
	for (let i = 0; i < 5; i++) {
		const file = {
			__id: newId(),
			name: `f${i}.txt`,
			hash: newId(),
			directory: null,
			version: 1,
			data: Buffer.from(`f${i}`),
		};
		t.platform.collection('diskFiles').set(file.__id, file);
		hashes.push(file.hash);
		ids.push(file.__id);
	}
});

/** The Directory picker with an ID (or an expression) typed in it. */
const directory = (value: string) => ({ __rl: true, mode: 'id', value });
const link = (id: string) => `${t.platform.url}/pub/v1/disk/download/${id}`;
const itemsWith = (values: string[], key = 'h') =>
	values.map((value) => ({ json: { [key]: value } }));
/** Sends `body` straight to the double, without the node: the bodies the node never sends. */
const direct = (method: string, path: string, data: unknown, params?: Record<string, string>) =>
	axios.request({
		method,
		url: `${t.platform.url}/pub/v1${path}`,
		data,
		params,
		headers: { authorization: `Bearer ${t.platform.apiKey}` },
		validateStatus: () => true,
	});

describe('bulk download links', () => {
	test('all items in one request; each item gets its own links, paired', async () => {
		const { items, error } = await t.run({
			nodeType: 'elma365File',
			parameters: { resource: 'file', operation: 'getDownloadLinks', hashes: '={{ $json.h }}' },
			input: itemsWith(hashes.slice(0, 3)),
		});
		expect(error).toBeUndefined();
		expect(t.platform.requests).toHaveLength(1);
		const [request] = t.platform.requests;
		expect([request.method, request.path]).toEqual(['POST', '/pub/v1/disk/links/download']);
		expect(request.query).toEqual({});
		expect(request.body).toEqual({ hashesList: hashes.slice(0, 3) });
		expect(jsonOf(items)).toEqual(
			[0, 1, 2].map((i) => ({
				hashesList: [hashes[i]],
				items: [{ hash: hashes[i], link: link(ids[i]) }],
			})),
		);
		expect(pairingOf(items)).toEqual([{ item: 0 }, { item: 1 }, { item: 2 }]);
	});

	test('Batch Size splits the requests without splitting an item', async () => {
		const { items, error } = await t.run({
			nodeType: 'elma365File',
			parameters: {
				resource: 'file',
				operation: 'getDownloadLinks',
				hashes: '={{ $json.h }}',
				bulkOptions: { batchSize: 2 },
			},
			input: [{ json: { h: `${hashes[0]}, ${hashes[1]}` } }, ...itemsWith(hashes.slice(2, 5))],
		});
		expect(error).toBeUndefined();
		expect(t.platform.requests.map((r) => r.body)).toEqual([
			{ hashesList: [hashes[0], hashes[1]] },
			{ hashesList: [hashes[2], hashes[3]] },
			{ hashesList: [hashes[4]] },
		]);
		expect(items[0].json).toEqual({
			hashesList: [hashes[0], hashes[1]],
			items: [
				{ hash: hashes[0], link: link(ids[0]) },
				{ hash: hashes[1], link: link(ids[1]) },
			],
		});
		expect(pairingOf(items)).toEqual([{ item: 0 }, { item: 1 }, { item: 2 }, { item: 3 }]);
	});

	test('without Send in One Request: one request per item', async () => {
		const { items } = await t.run({
			nodeType: 'elma365File',
			parameters: {
				resource: 'file',
				operation: 'getDownloadLinks',
				hashes: '={{ $json.h }}',
				batch: false,
			},
			input: itemsWith(hashes.slice(0, 3)),
		});
		expect(t.platform.requests.map((r) => r.body)).toEqual(
			hashes.slice(0, 3).map((h) => ({ hashesList: [h] })),
		);
		expect(pairingOf(items)).toEqual([{ item: 0 }, { item: 1 }, { item: 2 }]);
	});

	test('422 partial failure: items[] in request order; only the item with the failed hash fails (Continue On Fail)', async () => {
		const unknown = newId();
		const { items, error } = await t.run({
			nodeType: 'elma365File',
			parameters: { resource: 'file', operation: 'getDownloadLinks', hashes: '={{ $json.h }}' },
			input: [...itemsWith([hashes[0], unknown]), { json: { h: [hashes[2], hashes[3]] } }],
			continueOnFail: true,
		});
		expect(error).toBeUndefined();
		expect(t.platform.requests.map((r) => r.body)).toEqual([
			{ hashesList: [hashes[0], unknown, hashes[2], hashes[3]] },
		]);
		expect(jsonOf(items)).toEqual([
			{ hashesList: [hashes[0]], items: [{ hash: hashes[0], link: link(ids[0]) }] },
			{
				error: `ELMA365 422: 1 of 4 entries failed: ${unknown}: file not found`,
				description: expect.stringMatching(
					/^Item 1: 1 of 1 entries failed\. The platform rejected the request \(HTTP 422\)/,
				),
				httpCode: '422',
				items: [{ hash: unknown, error: 'file not found' }],
			},
			{
				hashesList: [hashes[2], hashes[3]],
				items: [
					{ hash: hashes[2], link: link(ids[2]) },
					{ hash: hashes[3], link: link(ids[3]) },
				],
			},
		]);
		expect(pairingOf(items)).toEqual([{ item: 0 }, { item: 1 }, { item: 2 }]);
	});

	test('422 without Continue On Fail stops with the failed hash and its item', async () => {
		const unknown = newId();
		const { error } = await t.run({
			nodeType: 'elma365File',
			parameters: { resource: 'file', operation: 'getDownloadLinks', hashes: '={{ $json.h }}' },
			input: itemsWith([hashes[0], unknown]),
		});
		expect(error?.message).toBe(`ELMA365 422: 1 of 2 entries failed: ${unknown}: file not found`);
		expect(error?.description).toMatch(/^Item 1: 1 of 1 entries failed/);
	});

	test('a 422 without items[] for every entry fails every item of the request', async () => {
		t.platform.script('POST', '/pub/v1/disk/links/download', {
			status: 422,
			body: { success: false, error: 'some links failed' },
		});
		const { items } = await t.run({
			nodeType: 'elma365File',
			parameters: { resource: 'file', operation: 'getDownloadLinks', hashes: '={{ $json.h }}' },
			input: itemsWith(hashes.slice(0, 2)),
			continueOnFail: true,
		});
		expect(items.map((i) => i.json.error)).toEqual([
			'ELMA365 422: some links failed: the platform did not say which entries failed',
			'ELMA365 422: some links failed: the platform did not say which entries failed',
		]);
		expect(pairingOf(items)).toEqual([{ item: 0 }, { item: 1 }]);
	});

	test('an entry with an error in a 200 answer still fails its item', async () => {
		t.platform.script('POST', '/pub/v1/disk/links/download', {
			status: 200,
			body: {
				success: true,
				error: '',
				items: [
					{ hash: hashes[0], link: 'https://x/1' },
					{ hash: hashes[1], error: 'no access' },
				],
			},
		});
		const { items } = await t.run({
			nodeType: 'elma365File',
			parameters: { resource: 'file', operation: 'getDownloadLinks', hashes: '={{ $json.h }}' },
			input: itemsWith(hashes.slice(0, 2)),
			continueOnFail: true,
		});
		expect(items[0].json).toEqual({
			hashesList: [hashes[0]],
			items: [{ hash: hashes[0], link: 'https://x/1' }],
		});
		expect(items[1].json).toMatchObject({
			error: `ELMA365 200: ${hashes[1]}: no access`,
			items: [{ hash: hashes[1], error: 'no access' }],
		});
	});

	test('validation before any request: a bad hash names field and item', async () => {
		const { error } = await t.run({
			nodeType: 'elma365File',
			parameters: { resource: 'file', operation: 'getDownloadLinks', hashes: '={{ $json.h }}' },
			input: itemsWith([hashes[0], 'not-a-uuid']),
		});
		expect(error?.message).toBe(
			'Invalid "Hashes" in item 1: expected a UUID such as 3fa85f64-5717-4562-b3fc-2c963f66afa6, got "not-a-uuid"',
		);
		expect(t.platform.requests).toHaveLength(0);
	});

	test('Continue On Fail: invalid items get error items, the valid ones still go in one request', async () => {
		const { items } = await t.run({
			nodeType: 'elma365File',
			parameters: { resource: 'file', operation: 'getDownloadLinks', hashes: '={{ $json.h }}' },
			input: itemsWith([hashes[0], '', hashes[1]]),
			continueOnFail: true,
		});
		expect(t.platform.requests.map((r) => r.body)).toEqual([
			{ hashesList: [hashes[0], hashes[1]] },
		]);
		expect(items[1].json.error).toBe(
			'Invalid "Hashes" in item 1: expected at least one UUID, got ""',
		);
		expect(items[0].json.items).toEqual([{ hash: hashes[0], link: link(ids[0]) }]);
		expect(pairingOf(items)).toEqual([{ item: 0 }, { item: 1 }, { item: 2 }]);
	});

	test('Body Key and Additional Body change the request', async () => {
		t.platform.script('POST', '/pub/v1/disk/links/download', {
			status: 200,
			body: { success: true, result: { a: 1 } },
		});
		const { items } = await t.run({
			nodeType: 'elma365File',
			parameters: {
				resource: 'file',
				operation: 'getDownloadLinks',
				hashes: hashes[0],
				bulkOptions: { bodyKey: 'hashes', body: '{"expires": 3600}' },
			},
		});
		expect(t.platform.requests[0].body).toEqual({ hashes: [hashes[0]], expires: 3600 });
		expect(jsonOf(items)).toEqual([{ hashes: [hashes[0]], result: { a: 1 } }]);
	});

	test('Batch Size over the cap is refused', async () => {
		const { error } = await t.run({
			nodeType: 'elma365File',
			parameters: {
				resource: 'file',
				operation: 'getDownloadLinks',
				hashes: hashes[0],
				bulkOptions: { batchSize: 500 },
			},
		});
		expect(error?.message).toBe(
			'Invalid "Batch Size" in item 0: expected a whole number from 1 to 100, got 500',
		);
		expect(t.platform.requests).toHaveLength(0);
	});
});

describe('bulk upload links', () => {
	test('body {"hashesList": [...]} with new hashes; links per item', async () => {
		const fresh = [newId(), newId()];
		const { items, error } = await t.run({
			nodeType: 'elma365File',
			parameters: { resource: 'file', operation: 'getUploadLinks', hashes: '={{ $json.h }}' },
			input: itemsWith(fresh),
		});
		expect(error).toBeUndefined();
		expect(t.platform.requests.map((r) => [r.method, r.path, r.body])).toEqual([
			['POST', '/pub/v1/disk/links/upload', { hashesList: fresh }],
		]);
		expect(jsonOf(items)).toEqual(
			fresh.map((h) => ({
				hashesList: [h],
				items: [{ hash: h, link: `${t.platform.url}/pub/v1/disk/upload-by-link/${h}` }],
			})),
		);
	});

	test('the double refuses a body that is not {"hashesList": [uuid, ...]}', async () => {
		expect((await direct('POST', '/disk/links/upload', { hashes: [newId()] })).data).toEqual({
			success: false,
			error: 'body.hashesList: required',
		});
		expect((await direct('POST', '/disk/links/download', { hashesList: ['x'] })).data.error).toBe(
			'body.hashesList[0]: uuid expected, got "x"',
		);
	});
});

describe('bulk delete', () => {
	test('PATCH /disk/files/deleted with {"fileIds": [...]} from all items', async () => {
		const { items, error } = await t.run({
			nodeType: 'elma365File',
			parameters: { resource: 'file', operation: 'delete', fileIds: '={{ $json.h }}' },
			input: [{ json: { h: [ids[0], ids[1]] } }, { json: { h: ids[2] } }],
		});
		expect(error).toBeUndefined();
		expect(t.platform.requests.map((r) => [r.method, r.path, r.query, r.body])).toEqual([
			['PATCH', '/pub/v1/disk/files/deleted', {}, { fileIds: [ids[0], ids[1], ids[2]] }],
		]);
		expect(jsonOf(items)).toEqual([
			{ fileIds: [ids[0], ids[1]], items: [{ id: ids[0] }, { id: ids[1] }] },
			{ fileIds: [ids[2]], items: [{ id: ids[2] }] },
		]);
		expect(pairingOf(items)).toEqual([{ item: 0 }, { item: 1 }]);
		expect(t.platform.collection('diskFiles').get(ids[0])!.deleted).toBe(true);
	});

	test('422: the item with the missing id fails, the item with existing files succeeds', async () => {
		const missing = newId();
		const { items } = await t.run({
			nodeType: 'elma365File',
			parameters: { resource: 'file', operation: 'delete', fileIds: '={{ $json.h }}' },
			input: itemsWith([ids[0], missing]),
			continueOnFail: true,
		});
		expect(items[0].json).toEqual({ fileIds: [ids[0]], items: [{ id: ids[0] }] });
		expect(items[1].json).toMatchObject({
			error: `ELMA365 422: 1 of 2 entries failed: ${missing}: file not found`,
			items: [{ id: missing, error: 'file not found' }],
		});
		expect(t.platform.collection('diskFiles').get(ids[0])!.deleted).toBe(true);
	});

	test('the double refuses the old body {"ids": [...]}', async () => {
		const answer = await direct('PATCH', '/disk/files/deleted', { ids: [ids[0]] });
		expect([answer.status, answer.data]).toEqual([
			400,
			{ success: false, error: 'body.fileIds: required' },
		]);
		expect(t.platform.collection('diskFiles').get(ids[0])!.deleted).toBeUndefined();
	});
});

describe('bulk initialisation', () => {
	test('POST /disk/files with {"files": [{hash, name, directory, comment}]}, one entry per item; each item gets its file', async () => {
		const first = seedBody(t.platform, Buffer.from('a'), 'a.tmp');
		const second = seedBody(t.platform, Buffer.from('b'), 'b.tmp');
		const { items, error } = await t.run({
			nodeType: 'elma365File',
			parameters: {
				resource: 'file',
				operation: 'initialize',
				fileName: '={{ $json.name }}',
				hash: '={{ $json.hash }}',
				entryDirectoryId: directory(directoryId),
				comment: '={{ $json.comment }}',
			},
			input: [
				{ json: { name: 'a.pdf', hash: first, comment: 'from n8n' } },
				{ json: { name: 'b.pdf', hash: second, comment: '' } },
			],
		});
		expect(error).toBeUndefined();
		expect(t.platform.requests.map((r) => [r.method, r.path, r.query, r.body])).toEqual([
			[
				'POST',
				'/pub/v1/disk/files',
				{},
				{
					files: [
						{ hash: first, name: 'a.pdf', directory: directoryId, comment: 'from n8n' },
						{ hash: second, name: 'b.pdf', directory: directoryId },
					],
				},
			],
		]);
		const file = (hash: string) =>
			[...t.platform.collection('diskFiles').values()].find((f) => f.hash === hash)!;
		expect(jsonOf(items)).toEqual([
			{
				files: [{ hash: first, name: 'a.pdf', directory: directoryId, comment: 'from n8n' }],
				items: [
					{
						file: {
							__id: file(first).__id,
							name: 'a.pdf',
							originalName: 'a.pdf',
							directory: directoryId,
							size: 1,
							version: 1,
							hash: first,
							comment: 'from n8n',
						},
					},
				],
			},
			{
				files: [{ hash: second, name: 'b.pdf', directory: directoryId }],
				items: [
					{
						file: {
							__id: file(second).__id,
							name: 'b.pdf',
							originalName: 'b.pdf',
							directory: directoryId,
							size: 1,
							version: 1,
							hash: second,
						},
					},
				],
			},
		]);
		expect(pairingOf(items)).toEqual([{ item: 0 }, { item: 1 }]);
	});

	test('422: an unknown body fails only its own item', async () => {
		const known = seedBody(t.platform, Buffer.from('a'), 'a.tmp');
		const unknown = newId();
		const { items } = await t.run({
			nodeType: 'elma365File',
			parameters: {
				resource: 'file',
				operation: 'initialize',
				fileName: 'x.pdf',
				hash: '={{ $json.h }}',
				entryDirectoryId: directory(directoryId),
			},
			input: itemsWith([known, unknown]),
			continueOnFail: true,
		});
		expect(items[0].json.items).toEqual([
			{ file: expect.objectContaining({ hash: known, name: 'x.pdf' }) },
		]);
		expect(items[1].json).toMatchObject({
			error: `ELMA365 422: 1 of 2 entries failed: ${unknown}: file body ${unknown} not found`,
		});
	});

	test('a missing file name, hash or directory is refused before any request', async () => {
		const run = (parameters: Record<string, unknown>) =>
			t.run({
				nodeType: 'elma365File',
				parameters: {
					resource: 'file',
					operation: 'initialize',
					fileName: 'a.pdf',
					hash: newId(),
					entryDirectoryId: directory(directoryId),
					...parameters,
				},
			});
		expect((await run({ fileName: '={{ "" }}' })).error?.message).toBe(
			'Invalid "File Name" in item 0: expected a non-empty text, got ""',
		);
		expect((await run({ hash: '={{ "" }}' })).error?.message).toBe(
			'Invalid "Hash" in item 0: expected a UUID such as 3fa85f64-5717-4562-b3fc-2c963f66afa6, got ""',
		);
		expect((await run({ entryDirectoryId: directory('={{ "" }}') })).error?.message).toBe(
			'Invalid "Directory" in item 0: expected a UUID such as 3fa85f64-5717-4562-b3fc-2c963f66afa6, got ""',
		);
		expect(t.platform.requests).toHaveLength(0);
	});

	test('the double refuses the old entry (no directory, a size)', async () => {
		const hash = seedBody(t.platform, Buffer.from('a'), 'a.tmp');
		expect(
			(await direct('POST', '/disk/files', { files: [{ hash, name: 'a.pdf' }] })).data.error,
		).toBe('body.files[0].directory: required');
		expect(
			(
				await direct('POST', '/disk/files', {
					files: [{ hash, name: 'a.pdf', directory: directoryId, size: 1 }],
				})
			).data.error,
		).toBe('body.files[0].size: unknown key');
		expect(diskBodies(t.platform).get(hash)!.used).toBe(false);
	});
});

describe('bulk upload from links', () => {
	test('POST /disk/uploads/from-link with {"downloadLinks": [...]}; each item gets the hash of its body', async () => {
		const before = new Set(diskBodies(t.platform).keys());
		const { items, error } = await t.run({
			nodeType: 'elma365File',
			parameters: { resource: 'file', operation: 'uploadFromLinks', url: '={{ $json.url }}' },
			input: [
				{ json: { url: 'https://example.com/a.pdf' } },
				{ json: { url: 'http://example.com/b.pdf' } },
			],
		});
		expect(error).toBeUndefined();
		expect(t.platform.requests.map((r) => [r.method, r.path, r.query, r.body])).toEqual([
			[
				'POST',
				'/pub/v1/disk/uploads/from-link',
				{},
				{ downloadLinks: ['https://example.com/a.pdf', 'http://example.com/b.pdf'] },
			],
		]);
		const bodies = [...diskBodies(t.platform).values()].filter((body) => !before.has(body.hash));
		expect(jsonOf(items)).toEqual([
			{ downloadLinks: ['https://example.com/a.pdf'], items: [{ hash: bodies[0].hash }] },
			{ downloadLinks: ['http://example.com/b.pdf'], items: [{ hash: bodies[1].hash }] },
		]);
		expect(bodies.map((b) => b.fileName)).toEqual(['a.pdf', 'b.pdf']);
	});

	test('422: the link the platform could not fetch fails its item; the other gives its hash', async () => {
		const { items } = await t.run({
			nodeType: 'elma365File',
			parameters: { resource: 'file', operation: 'uploadFromLinks', url: '={{ $json.url }}' },
			input: [
				{ json: { url: 'https://gone.invalid/a.pdf' } },
				{ json: { url: 'https://example.com/b.pdf' } },
			],
			continueOnFail: true,
		});
		expect(items[0].json).toMatchObject({
			error:
				'ELMA365 422: 1 of 2 entries failed: https://gone.invalid/a.pdf: could not download https://gone.invalid/a.pdf',
			httpCode: '422',
		});
		expect(items[1].json).toEqual({
			downloadLinks: ['https://example.com/b.pdf'],
			items: [{ hash: expect.any(String) }],
		});
		expect(pairingOf(items)).toEqual([{ item: 0 }, { item: 1 }]);
	});

	test("with a Directory, each fetched file is stored there in the same run (POST /disk/files), under File Name or the link's name", async () => {
		const { items, error } = await t.run({
			nodeType: 'elma365File',
			parameters: {
				resource: 'file',
				operation: 'uploadFromLinks',
				url: '={{ $json.url }}',
				fileName: '={{ $json.name }}',
				entryDirectoryId: directory('={{ $json.dir }}'),
			},
			input: [
				{ json: { url: 'https://example.com/a%20b.pdf', name: '', dir: directoryId } },
				{ json: { url: 'https://example.com/c.pdf', name: 'Contract.pdf', dir: directoryId } },
				{ json: { url: 'https://example.com/d.pdf', name: '', dir: '' } },
			],
		});
		expect(error).toBeUndefined();
		const [fetch, store] = t.platform.requests;
		expect(t.platform.requests).toHaveLength(2);
		expect([fetch.path, fetch.body]).toEqual([
			'/pub/v1/disk/uploads/from-link',
			{
				downloadLinks: [
					'https://example.com/a%20b.pdf',
					'https://example.com/c.pdf',
					'https://example.com/d.pdf',
				],
			},
		]);
		const hashes = (fetch.body as { downloadLinks: string[] }).downloadLinks.map(
			(_link, i) => (items[i].json.items as Array<{ hash: string }>)[0].hash,
		);
		expect([store.method, store.path, store.body]).toEqual([
			'POST',
			'/pub/v1/disk/files',
			{
				files: [
					{ hash: hashes[0], name: 'a b.pdf', directory: directoryId },
					{ hash: hashes[1], name: 'Contract.pdf', directory: directoryId },
				],
			},
		]);
		expect(items[0].json.file).toEqual(
			expect.objectContaining({ name: 'a b.pdf', directory: directoryId, hash: hashes[0] }),
		);
		expect(items[1].json.file).toEqual(
			expect.objectContaining({ name: 'Contract.pdf', directory: directoryId, hash: hashes[1] }),
		);
		expect(items[2].json).toEqual({
			downloadLinks: ['https://example.com/d.pdf'],
			items: [{ hash: hashes[2] }],
		});
		expect(pairingOf(items)).toEqual([{ item: 0 }, { item: 1 }, { item: 2 }]);
	});

	test('a fetched file that cannot be stored fails its own item and says the body is still in temporary storage', async () => {
		const missing = newId();
		const { items } = await t.run({
			nodeType: 'elma365File',
			parameters: {
				resource: 'file',
				operation: 'uploadFromLinks',
				url: '={{ $json.url }}',
				entryDirectoryId: directory('={{ $json.dir }}'),
			},
			input: [
				{ json: { url: 'https://example.com/a.pdf', dir: missing } },
				{ json: { url: 'https://example.com/b.pdf', dir: directoryId } },
			],
			continueOnFail: true,
		});
		expect(items[0].json).toMatchObject({
			error: `ELMA365: the file fetched from https://example.com/a.pdf could not be stored in directory ${missing}: directory ${missing} not found`,
			httpCode: '422',
		});
		expect(items[0].json.description).toMatch(/stays in temporary storage for an hour/);
		expect(items[1].json.file).toEqual(
			expect.objectContaining({ name: 'b.pdf', directory: directoryId }),
		);
	});

	test('the double refuses the old body {"links": [{url, name}]}', async () => {
		const answer = await direct('POST', '/disk/uploads/from-link', {
			links: [{ url: 'https://example.com/a.pdf', name: 'A.pdf' }],
		});
		expect([answer.status, answer.data]).toEqual([
			400,
			{ success: false, error: 'body.downloadLinks: required' },
		]);
	});

	test('a link that is not http(s) is refused before any request', async () => {
		const { error } = await t.run({
			nodeType: 'elma365File',
			parameters: { resource: 'file', operation: 'uploadFromLinks', url: '={{ $json.url }}' },
			input: [
				{ json: { url: 'https://example.com/a.pdf' } },
				{ json: { url: 'file:///etc/passwd' } },
			],
		});
		expect(error?.message).toBe(
			'Invalid "Link URL" in item 1: expected an absolute http(s) URL such as https://example.com/file.pdf, got "file:///etc/passwd"',
		);
		expect(t.platform.requests).toHaveLength(0);
	});
});
