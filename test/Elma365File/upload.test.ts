import axios from 'axios';
import { createHash } from 'node:crypto';
import { parseMultipart } from '../harness/multipart.ts';
import { diskBodies, MIN_PART_SIZE, setDiskQuota } from '../harness/routes/disk.ts';
import { newId, ok } from '../harness/index.ts';
import { jsonOf, pairingOf, usePlatform, byId } from '../harness/setup';

const t = usePlatform();
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
let directoryId: string;

beforeEach(() => {
	directoryId = newId();
	t.platform.collection('diskDirectories').set(directoryId, { __id: directoryId, name: 'Inbox' });
});

export function binaryItem(bytes: Buffer, fileName: string, mimeType: string, property = 'data') {
	return {
		json: { subject: fileName },
		binary: { [property]: { data: bytes.toString('base64'), mimeType, fileName } },
	};
}

const PDF = Buffer.from([
	0x25, 0x50, 0x44, 0x46, 0x2d, 0x31, 0x2e, 0x37, 0x0a, 0x00, 0xff, 0x0d, 0x0a, 0x2d, 0x2d, 0x80,
]);

describe('file upload to a directory', () => {
	test('sends the bytes as multipart field "file" with name, type, hash and Content-Range (end exclusive)', async () => {
		const { items, error } = await t.run({
			nodeType: 'elma365File',
			parameters: {
				resource: 'file',
				operation: 'uploadToDirectory',
				directoryId: byId(directoryId),
			},
			input: [binaryItem(PDF, 'Счёт "март".pdf', 'application/pdf')],
		});
		expect(error).toBeUndefined();
		expect(t.platform.requests).toHaveLength(1);
		const [request] = t.platform.requests;
		expect(request.method).toBe('POST');
		expect(request.path).toBe(`/pub/v1/disk/directory/${directoryId}/upload`);
		expect(Object.keys(request.query)).toEqual(['hash']);
		expect(request.query.hash).toMatch(UUID);
		expect(request.headers.authorization).toBe(`Bearer ${t.platform.apiKey}`);
		expect(request.headers['content-range']).toBe(`bytes 0-${PDF.length}/${PDF.length}`);
		expect(request.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
		const parts = parseMultipart(request.raw, request.headers['content-type']);
		expect(parts).toHaveLength(1);
		expect(parts[0].name).toBe('file');
		expect(parts[0].fileName).toBe('Счёт "март".pdf');
		expect(parts[0].contentType).toBe('application/pdf');
		expect(Buffer.compare(parts[0].data, PDF)).toBe(0);

		const stored = [...t.platform.collection('diskFiles').values()].find(
			(f) => f.hash === request.query.hash,
		)!;
		expect(Buffer.compare(stored.data as Buffer, PDF)).toBe(0);
		expect(stored.mimeType).toBe('application/pdf');
		expect(jsonOf(items)).toEqual([
			{
				__id: stored.__id,
				name: 'Счёт "март".pdf',
				originalName: 'Счёт "март".pdf',
				directory: directoryId,
				size: PDF.length,
				version: 1,
				hash: request.query.hash,
			},
		]);
		expect(pairingOf(items)).toEqual([{ item: 0 }]);
		expect(items[0].binary).toBeUndefined();
	});

	test('a file over the part size goes in parts of 5 MB: 206 for each but the last, 200 for the last', async () => {
		const size = 2 * MIN_PART_SIZE + 1234;
		const big = Buffer.alloc(size);
		for (let i = 0; i + 4 <= big.length; i += 4) big.writeUInt32LE((i * 2654435761) >>> 0, i);
		const { items, error } = await t.run({
			nodeType: 'elma365File',
			parameters: {
				resource: 'file',
				operation: 'uploadToDirectory',
				directoryId: byId(directoryId),
			},
			input: [binaryItem(big, 'scan.bin', 'application/octet-stream')],
		});
		expect(error).toBeUndefined();
		const requests = t.platform.requests;
		const hash = requests[0].query.hash;
		expect(requests.map((r) => [r.method, r.path, r.query, r.headers['content-range']])).toEqual([
			[
				'POST',
				`/pub/v1/disk/directory/${directoryId}/upload`,
				{ hash },
				`bytes 0-${MIN_PART_SIZE}/${size}`,
			],
			[
				'POST',
				`/pub/v1/disk/directory/${directoryId}/upload`,
				{ hash },
				`bytes ${MIN_PART_SIZE}-${2 * MIN_PART_SIZE}/${size}`,
			],
			[
				'POST',
				`/pub/v1/disk/directory/${directoryId}/upload`,
				{ hash },
				`bytes ${2 * MIN_PART_SIZE}-${size}/${size}`,
			],
		]);
		const parts = requests.map((r) => parseMultipart(r.raw, r.headers['content-type']));
		expect(parts.map((p) => [p.length, p[0].name, p[0].fileName, p[0].data.length])).toEqual([
			[1, 'file', 'scan.bin', MIN_PART_SIZE],
			[1, 'file', 'scan.bin', MIN_PART_SIZE],
			[1, 'file', 'scan.bin', 1234],
		]);
		const stored = t.platform.collection('diskFiles').get(items[0].json.__id as string)!;
		expect(stored.size).toBe(size);
		expect((stored.data as Buffer).equals(big)).toBe(true);
		expect(jsonOf(items)).toEqual([
			{
				__id: stored.__id,
				name: 'scan.bin',
				originalName: 'scan.bin',
				directory: directoryId,
				size,
				version: 1,
				hash,
			},
		]);
	});

	test('Part Size sets the parts; a file no larger than one part goes whole', async () => {
		const big = Buffer.alloc(6 * 1024 * 1024, 7);
		await t.run({
			nodeType: 'elma365File',
			parameters: { resource: 'file', operation: 'upload', uploadOptions: { partSize: 6 } },
			input: [binaryItem(big, 'six.bin', 'application/octet-stream')],
		});
		expect(t.platform.requests.map((r) => r.headers['content-range'])).toEqual([
			`bytes 0-${big.length}/${big.length}`,
		]);
		const tooSmall = await t.run({
			nodeType: 'elma365File',
			parameters: {
				resource: 'file',
				operation: 'upload',
				uploadOptions: { partSize: '={{ 4 }}' },
			},
			input: [binaryItem(big, 'six.bin', 'application/octet-stream')],
		});
		expect(tooSmall.error?.message).toBe(
			'Invalid "Part Size (MB)" in item 0: expected a whole number >= 5, got 4',
		);
	});

	test('a 206 to the last part is never reported as a finished upload', async () => {
		t.platform.script('POST', `/pub/v1/disk/directory/${directoryId}/upload`, {
			status: 206,
			body: { success: true, error: '' },
		});
		const { items, error } = await t.run({
			nodeType: 'elma365File',
			parameters: {
				resource: 'file',
				operation: 'uploadToDirectory',
				directoryId: byId(directoryId),
			},
			input: [binaryItem(PDF, 'x.pdf', 'application/pdf')],
		});
		expect(items).toEqual([]);
		expect(error?.message).toBe(
			`ELMA365 answered HTTP 206 to bytes 0-${PDF.length} of ${PDF.length}; expected 200 (file complete)`,
		);
		expect(error?.description).toMatch(/^The platform did not take the file as complete/);
	});

	test('a 200 before the last part stops the upload', async () => {
		t.platform.script(
			'POST',
			`/pub/v1/disk/directory/${directoryId}/upload`,
			ok({ file: { __id: newId() } }),
		);
		const big = Buffer.alloc(MIN_PART_SIZE + 10, 1);
		const { error } = await t.run({
			nodeType: 'elma365File',
			parameters: {
				resource: 'file',
				operation: 'uploadToDirectory',
				directoryId: byId(directoryId),
			},
			input: [binaryItem(big, 'x.bin', 'application/octet-stream')],
		});
		expect(t.platform.requests).toHaveLength(1);
		expect(error?.message).toBe(
			`ELMA365 answered HTTP 200 to bytes 0-${MIN_PART_SIZE} of ${big.length}; expected 206 (part taken)`,
		);
	});

	test('the double refuses the old inclusive Content-Range and parts out of order or too small', async () => {
		const send = (range: string, data: Buffer, hash: string) => {
			const boundary = 'b0undary';
			const body = Buffer.concat([
				Buffer.from(
					`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.txt"\r\nContent-Type: text/plain\r\n\r\n`,
				),
				data,
				Buffer.from(`\r\n--${boundary}--\r\n`),
			]);
			return axios.post(`${t.platform.url}/pub/v1/disk/directory/${directoryId}/upload`, body, {
				params: { hash },
				headers: {
					authorization: `Bearer ${t.platform.apiKey}`,
					'content-type': `multipart/form-data; boundary=${boundary}`,
					'content-range': range,
				},
				validateStatus: () => true,
			});
		};
		const old = await send('bytes 0-4/5', Buffer.from('hello'), newId());
		expect([old.status, old.data.error]).toEqual([
			400,
			'Content-Range: the range covers 4 bytes but the part has 5 (the end is exclusive: a whole file of 5 bytes is "bytes 0-5/5")',
		]);
		const hash = newId();
		expect(
			(await send(`bytes 0-10/${MIN_PART_SIZE + 10}`, Buffer.alloc(10), hash)).data.error,
		).toMatch(/^EntityTooSmall/);
		const gap = newId();
		expect(
			(
				await send(
					`bytes 0-${MIN_PART_SIZE}/${MIN_PART_SIZE + 10}`,
					Buffer.alloc(MIN_PART_SIZE),
					gap,
				)
			).status,
		).toBe(206);
		expect(
			(
				await send(
					`bytes ${MIN_PART_SIZE + 5}-${MIN_PART_SIZE + 10}/${MIN_PART_SIZE + 10}`,
					Buffer.alloc(5),
					gap,
				)
			).data.error,
		).toMatch(/^InvalidPartOrder/);
		const whole = await send('bytes 0-5/5', Buffer.from('hello'), newId());
		expect([whole.status, whole.data.file.size]).toEqual([200, 5]);
		expect(diskBodies(t.platform).get(gap)!.complete).toBe(false);
	});

	test('one request per item, each with its own hash; names taken by an earlier upload get " (1)"', async () => {
		const { items, error } = await t.run({
			nodeType: 'elma365File',
			parameters: {
				resource: 'file',
				operation: 'uploadToDirectory',
				directoryId: byId(directoryId),
				binaryPropertyName: 'attachment_0',
			},
			input: [
				binaryItem(Buffer.from('one'), 'a.txt', 'text/plain', 'attachment_0'),
				binaryItem(Buffer.from('two'), 'a.txt', 'text/plain', 'attachment_0'),
			],
		});
		expect(error).toBeUndefined();
		expect(t.platform.requests).toHaveLength(2);
		expect(t.platform.requests[0].query.hash).not.toBe(t.platform.requests[1].query.hash);
		expect(items.map((i) => i.json.name)).toEqual(['a.txt', 'a (1).txt']);
		expect(pairingOf(items)).toEqual([{ item: 0 }, { item: 1 }]);
	});

	test('options: file name and hash given by the user', async () => {
		const hash = newId();
		const { items, error } = await t.run({
			nodeType: 'elma365File',
			parameters: {
				resource: 'file',
				operation: 'uploadToDirectory',
				directoryId: byId(directoryId),
				uploadOptions: { fileName: 'renamed.pdf', hash },
			},
			input: [binaryItem(PDF, 'x.pdf', 'application/pdf')],
		});
		expect(error).toBeUndefined();
		expect(t.platform.requests[0].query).toEqual({ hash });
		expect(
			parseMultipart(t.platform.requests[0].raw, t.platform.requests[0].headers['content-type'])[0]
				.fileName,
		).toBe('renamed.pdf');
		expect(items[0].json).toMatchObject({ name: 'renamed.pdf', hash });
	});
});

describe('temporary file upload', () => {
	test('POST /disk/file/upload with the same multipart form', async () => {
		const { items, error } = await t.run({
			nodeType: 'elma365File',
			parameters: { resource: 'file', operation: 'upload' },
			input: [binaryItem(Buffer.from('hello'), 'hello.txt', 'text/plain')],
		});
		expect(error).toBeUndefined();
		const [request] = t.platform.requests;
		expect(request.method).toBe('POST');
		expect(request.path).toBe('/pub/v1/disk/file/upload');
		expect(request.query).toEqual({ hash: expect.stringMatching(UUID) });
		expect(request.headers['content-range']).toBe('bytes 0-5/5');
		const [part] = parseMultipart(request.raw, request.headers['content-type']);
		expect([part.name, part.fileName, part.contentType, part.data.toString()]).toEqual([
			'file',
			'hello.txt',
			'text/plain',
			'hello',
		]);
		expect(jsonOf(items)).toEqual([{ hash: request.query.hash, name: 'hello.txt', size: 5 }]);
		const body = diskBodies(t.platform).get(request.query.hash)!;
		expect([body.complete, body.used, body.sha256]).toEqual([
			true,
			false,
			createHash('sha256').update('hello').digest('hex'),
		]);
	});
});

describe('upload validation (no request made)', () => {
	test('a missing binary property names field and item', async () => {
		const { error } = await t.run({
			nodeType: 'elma365File',
			parameters: {
				resource: 'file',
				operation: 'uploadToDirectory',
				directoryId: byId(directoryId),
			},
			input: [{ json: {} }, binaryItem(Buffer.from('x'), 'a.txt', 'text/plain', 'file')],
		});
		expect(error?.message).toBe(
			'Invalid "Input Binary Field" in item 0: expected the name of a binary property of the input item, but the item has no binary data, got "data"',
		);
		expect(t.platform.requests).toHaveLength(0);
	});

	test('a wrong property name lists the ones present', async () => {
		const { error } = await t.run({
			nodeType: 'elma365File',
			parameters: { resource: 'file', operation: 'upload' },
			input: [binaryItem(Buffer.from('x'), 'a.txt', 'text/plain', 'file')],
		});
		expect(error?.message).toBe(
			'Invalid "Input Binary Field" in item 0: expected the name of a binary property of the input item (it has "file"), got "data"',
		);
		expect(t.platform.requests).toHaveLength(0);
	});

	test('a directory that is not a uuid, an invalid hash and an empty file are refused', async () => {
		const bad = await t.run({
			nodeType: 'elma365File',
			parameters: {
				resource: 'file',
				operation: 'uploadToDirectory',
				directoryId: byId('../x'),
			},
			input: [binaryItem(Buffer.from('x'), 'a.txt', 'text/plain')],
		});
		expect(bad.error?.message).toMatch(/Not a valid UUID/);
		const listed = await t.run({
			nodeType: 'elma365File',
			parameters: {
				resource: 'file',
				operation: 'uploadToDirectory',
				directoryId: { __rl: true, mode: 'list', value: '../x' },
			},
			input: [binaryItem(Buffer.from('x'), 'a.txt', 'text/plain')],
		});
		expect(listed.error?.message).toMatch(/^Invalid "Directory" in item 0: expected a UUID/);
		const hash = await t.run({
			nodeType: 'elma365File',
			parameters: { resource: 'file', operation: 'upload', uploadOptions: { hash: 'abc' } },
			input: [binaryItem(Buffer.from('x'), 'a.txt', 'text/plain')],
		});
		expect(hash.error?.message).toMatch(/^Invalid "Upload Hash" in item 0: expected a UUID/);
		const empty = await t.run({
			nodeType: 'elma365File',
			parameters: { resource: 'file', operation: 'upload' },
			input: [binaryItem(Buffer.alloc(0), 'empty.txt', 'text/plain')],
		});
		expect(empty.error?.message).toMatch(
			/^Invalid "Input Binary Field" in item 0: expected a file of at least one byte/,
		);
		expect(t.platform.requests).toHaveLength(0);
	});

	test('Continue On Fail: a failed item gets an error item, the others upload, all paired', async () => {
		const { items, error } = await t.run({
			nodeType: 'elma365File',
			parameters: {
				resource: 'file',
				operation: 'uploadToDirectory',
				directoryId: byId(directoryId),
			},
			continueOnFail: true,
			input: [
				binaryItem(Buffer.from('a'), 'a.txt', 'text/plain'),
				{ json: {} },
				binaryItem(Buffer.from('c'), 'c.txt', 'text/plain'),
			],
		});
		expect(error).toBeUndefined();
		expect(t.platform.requests).toHaveLength(2);
		expect(items.map((i) => i.json.name ?? i.json.error)).toEqual([
			'a.txt',
			'Invalid "Input Binary Field" in item 1: expected the name of a binary property of the input item, but the item has no binary data, got "data"',
			'c.txt',
		]);
		expect(pairingOf(items)).toEqual([{ item: 0 }, { item: 1 }, { item: 2 }]);
	});

	test("a full disk (402, as documented) fails the item with the platform's words; nothing is stored", async () => {
		setDiskQuota(t.platform, 3);
		try {
			const { error } = await t.run({
				nodeType: 'elma365File',
				parameters: {
					resource: 'file',
					operation: 'uploadToDirectory',
					directoryId: byId(directoryId),
				},
				input: [binaryItem(PDF, 'x.pdf', 'application/pdf')],
			});
			expect(error?.message).toBe('ELMA365 402: Not enough disk space');
			expect(t.platform.requests).toHaveLength(1);
			expect(diskBodies(t.platform).has(t.platform.requests[0].query.hash)).toBe(false);
		} finally {
			setDiskQuota(t.platform, undefined);
		}
	});

	test('a platform error (unknown directory) is reported with its text', async () => {
		const { error } = await t.run({
			nodeType: 'elma365File',
			parameters: {
				resource: 'file',
				operation: 'uploadToDirectory',
				directoryId: byId(newId()),
			},
			input: [binaryItem(Buffer.from('x'), 'a.txt', 'text/plain')],
		});
		expect(error?.message).toMatch(/^ELMA365 404: directory .* not found$/);
	});
});
