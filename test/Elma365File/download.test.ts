import { newId } from '../harness/index.ts';
import { jsonOf, pairingOf, usePlatform } from '../harness/setup';

const t = usePlatform();
const BYTES = Buffer.from([
	0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0xff, 0xfe, 0x2d, 0x2d,
]);
let fileId: string;
let directoryId: string;

beforeEach(() => {
	fileId = newId();
	directoryId = newId();
	t.platform.collection('diskDirectories').set(directoryId, { __id: directoryId, name: 'Archive' });
	t.platform.collection('diskFiles').set(fileId, {
		__id: fileId,
		name: 'Схема цеха.png',
		directory: null,
		size: BYTES.length,
		version: 1,
		hash: newId(),
		mimeType: 'image/png',
		data: BYTES,
	});
});

function bytesOf(binary: { data: string }): Buffer {
	return Buffer.from(binary.data, 'base64');
}

describe('get download link', () => {
	test('POST /disk/file/{id}/get-link; the capital-L Link is also output as link', async () => {
		const { items, error } = await t.run({
			nodeType: 'elma365File',
			parameters: { resource: 'file', operation: 'getDownloadLink', fileId },
		});
		expect(error).toBeUndefined();
		expect(t.platform.requests.map((r) => [r.method, r.path, r.body])).toEqual([
			['POST', `/pub/v1/disk/file/${fileId}/get-link`, undefined],
		]);
		const href = `${t.platform.url}/pub/v1/disk/download/${fileId}`;
		expect(jsonOf(items)).toEqual([{ Link: href, link: href }]);
		expect(pairingOf(items)).toEqual([{ item: 0 }]);
	});

	test('a file ID that is not a uuid is refused before any request', async () => {
		const { error } = await t.run({
			nodeType: 'elma365File',
			parameters: { resource: 'file', operation: 'getDownloadLink', fileId: 'a/../b' },
		});
		expect(error?.message).toBe(
			'Invalid "File ID" in item 0: expected a UUID such as 3fa85f64-5717-4562-b3fc-2c963f66afa6, got "a/../b"',
		);
		expect(t.platform.requests).toHaveLength(0);
	});
});

describe('download', () => {
	test('a link under the API root goes through the transport with the key; bytes, name and type kept', async () => {
		const { items, error } = await t.run({
			nodeType: 'elma365File',
			parameters: {
				resource: 'file',
				operation: 'download',
				fileId,
				binaryPropertyName: 'attachment',
			},
		});
		expect(error).toBeUndefined();
		expect(t.platform.requests.map((r) => [r.method, r.path])).toEqual([
			['POST', `/pub/v1/disk/file/${fileId}/get-link`],
			['GET', `/pub/v1/disk/download/${fileId}`],
		]);
		expect(t.platform.requests[1].headers.authorization).toBe(`Bearer ${t.platform.apiKey}`);
		const binary = items[0].binary!.attachment;
		expect(bytesOf(binary).equals(BYTES)).toBe(true);
		expect(binary.fileName).toBe('Схема цеха.png');
		expect(binary.mimeType).toBe('image/png');
		expect(items[0].json).toEqual({
			fileId,
			link: `${t.platform.url}/pub/v1/disk/download/${fileId}`,
			fileName: 'Схема цеха.png',
			mimeType: 'image/png',
			size: BYTES.length,
		});
		expect(pairingOf(items)).toEqual([{ item: 0 }]);
	});

	test('upload then download returns identical multi-megabyte bytes', async () => {
		const big = Buffer.alloc(5 * 1024 * 1024 + 3);
		for (let i = 0; i < big.length; i++) big[i] = (i * 31 + (i >> 9)) & 0xff;
		const uploaded = await t.run({
			nodeType: 'elma365File',
			parameters: {
				resource: 'file',
				operation: 'uploadToDirectory',
				directoryId: { __rl: true, mode: 'id', value: directoryId },
			},
			input: [
				{
					json: {},
					binary: {
						data: {
							data: big.toString('base64'),
							mimeType: 'application/zip',
							fileName: 'backup.zip',
						},
					},
				},
			],
		});
		expect(uploaded.error).toBeUndefined();
		const { items, error } = await t.run({
			nodeType: 'elma365File',
			parameters: {
				resource: 'file',
				operation: 'download',
				fileId: uploaded.items[0].json.__id as string,
			},
		});
		expect(error).toBeUndefined();
		const binary = items[0].binary!.data;
		expect(bytesOf(binary).equals(big)).toBe(true);
		expect([binary.fileName, binary.mimeType]).toEqual(['backup.zip', 'application/zip']);
	});

	test('a link outside the API (object storage) is fetched without the API key', async () => {
		t.platform.script('POST', `/pub/v1/disk/file/${fileId}/get-link`, {
			status: 200,
			body: { success: true, Link: '/s3/bucket/report%20final.pdf?X-Signature=abc' },
		});
		t.platform.script('GET', '/s3/bucket/report%20final.pdf', {
			status: 200,
			headers: { 'content-type': 'application/pdf' },
			body: BYTES,
		});
		const { items, error } = await t.run({
			nodeType: 'elma365File',
			parameters: { resource: 'file', operation: 'download', fileId },
		});
		expect(error).toBeUndefined();
		const storage = t.platform.requests[1];
		expect([storage.method, storage.path, storage.query]).toEqual([
			'GET',
			'/s3/bucket/report%20final.pdf',
			{ 'X-Signature': 'abc' },
		]);
		expect(storage.headers.authorization).toBeUndefined();
		const binary = items[0].binary!.data;
		expect(bytesOf(binary).equals(BYTES)).toBe(true);
		expect([binary.fileName, binary.mimeType]).toEqual(['report final.pdf', 'application/pdf']);
	});

	test('an expired storage link is reported with its status', async () => {
		t.platform.script('POST', `/pub/v1/disk/file/${fileId}/get-link`, {
			status: 200,
			body: { success: true, Link: '/s3/x' },
		});
		t.platform.script('GET', '/s3/x', { status: 403, body: 'expired' });
		const { error } = await t.run({
			nodeType: 'elma365File',
			parameters: { resource: 'file', operation: 'download', fileId },
		});
		expect(error?.message).toBe('ELMA365: the download link answered HTTP 403');
	});

	test('an answer without a usable link says so', async () => {
		t.platform.script('POST', `/pub/v1/disk/file/${fileId}/get-link`, {
			status: 200,
			body: { success: true, Link: 'ftp://host/x' },
		});
		const { error } = await t.run({
			nodeType: 'elma365File',
			parameters: { resource: 'file', operation: 'download', fileId },
		});
		expect(error?.message).toBe(
			`ELMA365 gave no usable download link for file ${fileId}: "ftp://host/x"`,
		);
	});

	test('Continue On Fail: an unknown file gets an error item, the other downloads', async () => {
		const missing = newId();
		const { items, error } = await t.run({
			nodeType: 'elma365File',
			parameters: { resource: 'file', operation: 'download', fileId: '={{ $json.id }}' },
			input: [{ json: { id: missing } }, { json: { id: fileId } }],
			continueOnFail: true,
		});
		expect(error).toBeUndefined();
		expect(items[0].json).toMatchObject({
			error: `ELMA365 404: file ${missing} not found`,
			httpCode: '404',
		});
		expect(bytesOf(items[1].binary!.data).equals(BYTES)).toBe(true);
		expect(pairingOf(items)).toEqual([{ item: 0 }, { item: 1 }]);
	});
});
