import { newId } from '../harness/index.ts';
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
		const file = { __id: newId(), name: `f${i}.txt`, hash: newId(), directory: null, version: 1, data: Buffer.from(`f${i}`) };
		t.platform.collection('diskFiles').set(file.__id, file);
		hashes.push(file.hash);
		ids.push(file.__id);
	}
});

const link = (id: string) => `${t.platform.url}/pub/v1/disk/download/${id}`;
const itemsWith = (values: string[], key = 'h') => values.map((value) => ({ json: { [key]: value } }));

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
			[0, 1, 2].map((i) => ({ hashesList: [hashes[i]], links: [{ hash: hashes[i], link: link(ids[i]) }] })),
		);
		expect(pairingOf(items)).toEqual([{ item: 0 }, { item: 1 }, { item: 2 }]);
	});

	test('Batch Size splits the requests without splitting an item', async () => {
		const { items, error } = await t.run({
			nodeType: 'elma365File',
			parameters: { resource: 'file', operation: 'getDownloadLinks', hashes: '={{ $json.h }}', bulkOptions: { batchSize: 2 } },
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
			links: [
				{ hash: hashes[0], link: link(ids[0]) },
				{ hash: hashes[1], link: link(ids[1]) },
			],
		});
		expect(pairingOf(items)).toEqual([{ item: 0 }, { item: 1 }, { item: 2 }, { item: 3 }]);
	});

	test('without Send in One Request: one request per item', async () => {
		const { items } = await t.run({
			nodeType: 'elma365File',
			parameters: { resource: 'file', operation: 'getDownloadLinks', hashes: '={{ $json.h }}', batch: false },
			input: itemsWith(hashes.slice(0, 3)),
		});
		expect(t.platform.requests.map((r) => r.body)).toEqual(hashes.slice(0, 3).map((h) => ({ hashesList: [h] })));
		expect(pairingOf(items)).toEqual([{ item: 0 }, { item: 1 }, { item: 2 }]);
	});

	test('422 partial failure: only the item with the failed hash fails (Continue On Fail)', async () => {
		const unknown = newId();
		const { items, error } = await t.run({
			nodeType: 'elma365File',
			parameters: { resource: 'file', operation: 'getDownloadLinks', hashes: '={{ $json.h }}' },
			input: itemsWith([hashes[0], unknown, hashes[2]]),
			continueOnFail: true,
		});
		expect(error).toBeUndefined();
		expect(t.platform.requests).toHaveLength(1);
		expect(items[0].json).toEqual({ hashesList: [hashes[0]], links: [{ hash: hashes[0], link: link(ids[0]) }] });
		expect(items[2].json).toEqual({ hashesList: [hashes[2]], links: [{ hash: hashes[2], link: link(ids[2]) }] });
		expect(items[1].json).toMatchObject({
			error: `ELMA365 422: files not found: ${unknown} (failed: ${unknown})`,
			httpCode: '422',
			failed: [unknown],
		});
		expect(items[1].json.description).toMatch(/^The platform processed the request only in part \(HTTP 422\)\. Item 1: failed: /);
		expect(pairingOf(items)).toEqual([{ item: 0 }, { item: 1 }, { item: 2 }]);
	});

	test('422 without Continue On Fail stops with the failed hash and its item', async () => {
		const unknown = newId();
		const { error } = await t.run({
			nodeType: 'elma365File',
			parameters: { resource: 'file', operation: 'getDownloadLinks', hashes: '={{ $json.h }}' },
			input: itemsWith([hashes[0], unknown]),
		});
		expect(error?.message).toBe(`ELMA365 422: files not found: ${unknown} (failed: ${unknown})`);
		expect(error?.description).toMatch(/Item 1: failed/);
	});

	test('a 422 that names no entry fails every item of the request', async () => {
		t.platform.script('POST', '/pub/v1/disk/links/download', { status: 422, body: { success: false, error: 'some links failed' } });
		const { items } = await t.run({
			nodeType: 'elma365File',
			parameters: { resource: 'file', operation: 'getDownloadLinks', hashes: '={{ $json.h }}' },
			input: itemsWith(hashes.slice(0, 2)),
			continueOnFail: true,
		});
		expect(items.map((i) => i.json.error)).toEqual([
			'ELMA365 422: some links failed (the platform did not say which entries failed)',
			'ELMA365 422: some links failed (the platform did not say which entries failed)',
		]);
		expect(items.map((i) => i.json.failed)).toEqual([[hashes[0]], [hashes[1]]]);
	});

	test('validation before any request: a bad hash names field and item', async () => {
		const { error } = await t.run({
			nodeType: 'elma365File',
			parameters: { resource: 'file', operation: 'getDownloadLinks', hashes: '={{ $json.h }}' },
			input: itemsWith([hashes[0], 'not-a-uuid']),
		});
		expect(error?.message).toBe('Invalid "Hashes" in item 1: expected a UUID such as 3fa85f64-5717-4562-b3fc-2c963f66afa6, got "not-a-uuid"');
		expect(t.platform.requests).toHaveLength(0);
	});

	test('Continue On Fail: invalid items get error items, the valid ones still go in one request', async () => {
		const { items } = await t.run({
			nodeType: 'elma365File',
			parameters: { resource: 'file', operation: 'getDownloadLinks', hashes: '={{ $json.h }}' },
			input: itemsWith([hashes[0], '', hashes[1]]),
			continueOnFail: true,
		});
		expect(t.platform.requests.map((r) => r.body)).toEqual([{ hashesList: [hashes[0], hashes[1]] }]);
		expect(items[1].json.error).toBe('Invalid "Hashes" in item 1: expected at least one UUID, got ""');
		expect(items[0].json.links).toEqual([{ hash: hashes[0], link: link(ids[0]) }]);
		expect(pairingOf(items)).toEqual([{ item: 0 }, { item: 1 }, { item: 2 }]);
	});

	test('Body Key and Additional Body change the request', async () => {
		t.platform.script('POST', '/pub/v1/disk/links/download', { status: 200, body: { success: true, result: { a: 1 } } });
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
			parameters: { resource: 'file', operation: 'getDownloadLinks', hashes: hashes[0], bulkOptions: { batchSize: 500 } },
		});
		expect(error?.message).toBe('Invalid "Batch Size" in item 0: expected a whole number from 1 to 100, got 500');
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
			fresh.map((h) => ({ hashesList: [h], links: [{ hash: h, link: `${t.platform.url}/pub/v1/disk/upload-by-link/${h}` }] })),
		);
	});
});

describe('bulk delete', () => {
	test('PATCH /disk/files/deleted with {"ids": [...]} from all items', async () => {
		const { items, error } = await t.run({
			nodeType: 'elma365File',
			parameters: { resource: 'file', operation: 'delete', fileIds: '={{ $json.h }}' },
			input: [{ json: { h: [ids[0], ids[1]] } }, { json: { h: ids[2] } }],
		});
		expect(error).toBeUndefined();
		expect(t.platform.requests.map((r) => [r.method, r.path, r.body])).toEqual([
			['PATCH', '/pub/v1/disk/files/deleted', { ids: [ids[0], ids[1], ids[2]] }],
		]);
		expect(jsonOf(items)).toEqual([{ ids: [ids[0], ids[1]] }, { ids: [ids[2]] }]);
		expect(pairingOf(items)).toEqual([{ item: 0 }, { item: 1 }]);
		expect(t.platform.collection('diskFiles').get(ids[0])!.deleted).toBe(true);
	});

	test('422 names the missing id; the item that had only existing files succeeds', async () => {
		const missing = newId();
		const { items } = await t.run({
			nodeType: 'elma365File',
			parameters: { resource: 'file', operation: 'delete', fileIds: '={{ $json.h }}' },
			input: itemsWith([ids[0], missing]),
			continueOnFail: true,
		});
		expect(items[0].json).toEqual({ ids: [ids[0]] });
		expect(items[1].json).toMatchObject({ error: `ELMA365 422: files not found: ${missing} (failed: ${missing})`, failed: [missing] });
	});
});

describe('bulk initialisation', () => {
	test('POST /disk/files with one entry per item; output matched by hash', async () => {
		const hash = newId();
		const { items, error } = await t.run({
			nodeType: 'elma365File',
			parameters: {
				resource: 'file',
				operation: 'initialize',
				fileName: '={{ $json.name }}',
				hash: '={{ $json.hash }}',
				size: '={{ $json.size }}',
				entryDirectoryId: directoryId,
				entryFields: '{"comment": "from n8n"}',
			},
			input: [{ json: { name: 'a.pdf', hash, size: 10 } }, { json: { name: 'b.pdf', hash: '', size: 0 } }],
		});
		expect(error).toBeUndefined();
		expect(t.platform.requests).toHaveLength(1);
		const body = t.platform.requests[0].body as { files: Array<Record<string, unknown>> };
		expect(t.platform.requests[0].path).toBe('/pub/v1/disk/files');
		expect(body.files[0]).toEqual({ hash, name: 'a.pdf', size: 10, directory: directoryId, comment: 'from n8n' });
		expect(body.files[1]).toEqual({ hash: expect.stringMatching(/^[0-9a-f-]{36}$/), name: 'b.pdf', directory: directoryId, comment: 'from n8n' });
		expect(items[0].json.files).toEqual([expect.objectContaining({ hash, name: 'a.pdf', directory: directoryId })]);
		expect(items[1].json.files).toEqual([expect.objectContaining({ hash: body.files[1].hash, name: 'b.pdf' })]);
		expect(pairingOf(items)).toEqual([{ item: 0 }, { item: 1 }]);
	});

	test('a missing file name is refused before any request', async () => {
		const { error } = await t.run({
			nodeType: 'elma365File',
			parameters: { resource: 'file', operation: 'initialize', fileName: '={{ $json.name }}' },
			input: [{ json: { name: '' } }],
		});
		expect(error?.message).toBe('Invalid "File Name" in item 0: expected a non-empty text, got ""');
		expect(t.platform.requests).toHaveLength(0);
	});
});

describe('bulk upload from links', () => {
	test('POST /disk/uploads/from-link with {"links": [{url, name}]}', async () => {
		const { items, error } = await t.run({
			nodeType: 'elma365File',
			parameters: { resource: 'file', operation: 'uploadFromLinks', url: '={{ $json.url }}', fileName: '={{ $json.name }}' },
			input: [{ json: { url: 'https://example.com/a.pdf', name: 'A.pdf' } }, { json: { url: 'http://example.com/b.pdf', name: '' } }],
		});
		expect(error).toBeUndefined();
		expect(t.platform.requests.map((r) => [r.method, r.path, r.body])).toEqual([
			['POST', '/pub/v1/disk/uploads/from-link', { links: [{ url: 'https://example.com/a.pdf', name: 'A.pdf' }, { url: 'http://example.com/b.pdf' }] }],
		]);
		expect(items[0].json).toEqual({
			links: [{ url: 'https://example.com/a.pdf', name: 'A.pdf' }],
			files: [expect.objectContaining({ url: 'https://example.com/a.pdf', name: 'A.pdf' })],
		});
		expect(items[1].json.files).toEqual([expect.objectContaining({ url: 'http://example.com/b.pdf', name: 'b.pdf' })]);
	});

	test('a link that is not http(s) is refused before any request', async () => {
		const { error } = await t.run({
			nodeType: 'elma365File',
			parameters: { resource: 'file', operation: 'uploadFromLinks', url: '={{ $json.url }}' },
			input: [{ json: { url: 'https://example.com/a.pdf' } }, { json: { url: 'file:///etc/passwd' } }],
		});
		expect(error?.message).toBe(
			'Invalid "Link URL" in item 1: expected an absolute http(s) URL such as https://example.com/file.pdf, got "file:///etc/passwd"',
		);
		expect(t.platform.requests).toHaveLength(0);
	});
});
