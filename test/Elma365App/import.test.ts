import type { RecordedRequest } from '../harness/index.ts';
import { fail, ok } from '../harness/index.ts';
import { parseMultipart } from '../harness/multipart.ts';
import { jsonOf, pairingOf, usePlatform } from '../harness/setup';

const t = usePlatform();
const base = '/pub/v1/app/crm/deals';
const UPLOAD = '/pub/v1/disk/file/upload';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const params = (extra: Record<string, unknown> = {}) => ({
	resource: 'item',
	operation: 'import',
	namespace: 'crm',
	application: 'deals',
	...extra,
});

/** Every byte value, a CRLF and something that looks like a boundary: the file must arrive untouched. */
const FILE_BYTES = Buffer.concat([
	Buffer.from(Array.from({ length: 256 }, (_, i) => i)),
	Buffer.from('\r\n--boundary\r\n\r\nend'),
]);

function binaryItem(bytes: Buffer, fileName: string, mimeType: string, property = 'data') {
	return {
		json: { name: fileName },
		binary: { [property]: { data: bytes.toString('base64'), mimeType, fileName } },
	};
}

/**
 * The temporary upload as the vendor documents it (end-exclusive Content-Range for a whole file),
 * storing the file where the import finds it by hash.
 */
function documentedUpload(times = 1) {
	t.platform.script(
		'POST',
		UPLOAD,
		(request: RecordedRequest, _params, p) => {
			const part = parseMultipart(request.raw, request.headers['content-type']).find(
				(candidate) => candidate.name === 'file',
			);
			if (!part || !UUID.test(request.query.hash ?? '')) return fail(400, 'file and hash expected');
			const size = part.data.length;
			if (request.headers['content-range'] !== `bytes 0-${size}/${size}`)
				return fail(400, `Content-Range: bytes 0-${size}/${size} expected`);
			p.collection('diskFiles').set(request.query.hash, {
				__id: request.query.hash,
				hash: request.query.hash,
				name: part.fileName,
				size,
			});
			return ok({});
		},
		times,
	);
}

/** A file uploaded earlier, found by the import through its hash. */
function uploaded(hash: string, name = 'prices.csv') {
	t.platform.collection('diskFiles').set(hash, { __id: hash, hash, name, size: 3 });
}

describe('item import: upload, then import by hash', () => {
	test('uploads the binary as a temporary file, then imports it with the documented JSON body', async () => {
		documentedUpload();
		const { items, error } = await t.run({
			nodeType: 'elma365App',
			parameters: params(),
			input: [binaryItem(FILE_BYTES, 'Сделки 2026.xlsx', XLSX)],
		});
		expect(error).toBeUndefined();
		expect(t.platform.requests.map((r) => [r.method, r.path])).toEqual([
			['POST', UPLOAD],
			['POST', `${base}/import`],
		]);
		const [upload, importRequest] = t.platform.requests;
		const hash = upload.query.hash;
		expect(upload.query).toEqual({ hash: expect.stringMatching(UUID) });
		expect(upload.headers['content-range']).toBe(
			`bytes 0-${FILE_BYTES.length}/${FILE_BYTES.length}`,
		);
		expect(upload.headers['content-type']).toMatch(/^multipart\/form-data; boundary=.+$/);
		const parts = parseMultipart(upload.raw, upload.headers['content-type']);
		expect(parts.map((part) => [part.name, part.fileName, part.contentType])).toEqual([
			['file', 'Сделки 2026.xlsx', XLSX],
		]);
		expect(Buffer.compare(parts[0].data, FILE_BYTES)).toBe(0);
		expect(importRequest.headers['content-type']).toMatch(/^application\/json/);
		expect(importRequest.query).toEqual({});
		expect(importRequest.body).toEqual({
			fileHash: hash,
			format: 'xlsx',
			withEventHandlers: false,
		});
		expect(jsonOf(items)).toEqual([{ fileHash: hash, format: 'xlsx', withEventHandlers: false }]);
		expect(pairingOf(items)).toEqual([{ item: 0 }]);
	});

	test('a csv by its name, event handlers on, from the named binary field; Get Import Status then reads the import', async () => {
		documentedUpload();
		const csv = Buffer.from('name;price\nA;1\n');
		const { items } = await t.run({
			nodeType: 'elma365App',
			parameters: params({ binaryPropertyName: 'sheet', withEventHandlers: true }),
			input: [binaryItem(csv, 'a.csv', 'application/octet-stream', 'sheet')],
		});
		const hash = t.platform.requests[0].query.hash;
		expect(t.platform.requests[1].body).toEqual({
			fileHash: hash,
			format: 'csv',
			withEventHandlers: true,
		});
		expect(jsonOf(items)).toEqual([{ fileHash: hash, format: 'csv', withEventHandlers: true }]);

		t.platform.reset();
		const status = await t.run({
			nodeType: 'elma365App',
			parameters: { ...params(), operation: 'getImportStatus' },
		});
		expect(t.platform.requests.map((r) => [r.method, r.path, r.body])).toEqual([
			['POST', `${base}/import/status`, {}],
		]);
		expect(jsonOf(status.items)).toEqual([
			{ fileHash: hash, format: 'csv', withEventHandlers: true, fileName: 'a.csv', status: 'done' },
		]);
	});

	test("an uploaded file's hash: no upload, one import request with the chosen format", async () => {
		const hash = '0f8fad5b-d9cb-469f-a165-70867728950e';
		uploaded(hash);
		const { items, error } = await t.run({
			nodeType: 'elma365App',
			parameters: params({ fileSource: 'hash', fileHash: hash, format: 'csv' }),
		});
		expect(error).toBeUndefined();
		expect(t.platform.requests.map((r) => [r.method, r.path, r.body])).toEqual([
			['POST', `${base}/import`, { fileHash: hash, format: 'csv', withEventHandlers: false }],
		]);
		expect(jsonOf(items)).toEqual([{ fileHash: hash, format: 'csv', withEventHandlers: false }]);
	});

	test('a finished temporary upload (kept by the /disk routes as a body, not a file) is imported by its hash', async () => {
		const hash = '9b2e3f4a-5c6d-4e7f-8a9b-0c1d2e3f4a5b';
		t.platform.collection('diskBodies').set(hash, { hash, fileName: 'rows.xlsx', complete: true });
		const { error } = await t.run({
			nodeType: 'elma365App',
			parameters: params({ fileSource: 'hash', fileHash: hash, format: 'xlsx' }),
		});
		expect(error).toBeUndefined();
		t.platform.reset();
		const status = await t.run({
			nodeType: 'elma365App',
			parameters: { ...params(), operation: 'getImportStatus' },
		});
		expect(jsonOf(status.items)).toEqual([
			{
				fileHash: hash,
				format: 'xlsx',
				withEventHandlers: false,
				fileName: 'rows.xlsx',
				status: 'done',
			},
		]);
	});

	test('a hash the platform does not know: its 400 text', async () => {
		const hash = '7c9e6679-7425-40de-944b-e07fc1f90ae7';
		const { error } = await t.run({
			nodeType: 'elma365App',
			parameters: params({ fileSource: 'hash', fileHash: hash, format: 'xlsx' }),
		});
		expect(error?.message).toBe(
			`ELMA365 400: file with hash ${hash} not found: upload it with /disk/file/upload first`,
		);
	});

	test('a 206 to the upload is not a finished file: no import is started', async () => {
		t.platform.script('POST', UPLOAD, { status: 206, body: { success: true, error: '' } });
		const { error } = await t.run({
			nodeType: 'elma365App',
			parameters: params(),
			input: [binaryItem(Buffer.from('a;b'), 'a.csv', 'text/csv')],
		});
		expect(error?.message).toBe(
			'ELMA365: the platform took the file as a part of a larger upload (206), not as a finished file',
		);
		expect(t.platform.requests.map((r) => r.path)).toEqual([UPLOAD]);
	});

	test('checked before any request: a format that cannot be told, a hash that is not a UUID, a missing binary field', async () => {
		const unknown = await t.run({
			nodeType: 'elma365App',
			parameters: params(),
			input: [binaryItem(Buffer.from('x'), 'a.txt', 'text/plain')],
		});
		expect(unknown.error?.message).toBe(
			'Invalid "Format" in item 0: expected xlsx or csv (the file "a.txt" (text/plain) is neither .xlsx nor .csv), got "auto"',
		);
		const byHash = await t.run({
			nodeType: 'elma365App',
			parameters: params({ fileSource: 'hash', fileHash: 'abc', format: 'csv' }),
		});
		expect(byHash.error?.message).toMatch(/^Invalid "File Hash" in item 0: expected .*UUID/);
		const autoHash = await t.run({
			nodeType: 'elma365App',
			parameters: params({ fileSource: 'hash', fileHash: '0f8fad5b-d9cb-469f-a165-70867728950e' }),
		});
		expect(autoHash.error?.message).toBe(
			'Invalid "Format" in item 0: expected xlsx or csv (a file hash says nothing of its format), got "auto"',
		);
		const missing = await t.run({
			nodeType: 'elma365App',
			parameters: params(),
			input: [binaryItem(Buffer.from('x'), 'a.csv', 'text/csv', 'file')],
		});
		expect(missing.error?.message).toBe(
			'Invalid "Input Binary Field" in item 0: expected a binary field "data" on the input item (it has binary fields "file"), got "data"',
		);
		const none = await t.run({
			nodeType: 'elma365App',
			parameters: params(),
			input: [{ json: {} }],
		});
		expect(none.error?.message).toMatch(
			/Invalid "Input Binary Field" in item 0: .*\(it has no binary data\)/,
		);
		expect(t.platform.requests).toHaveLength(0);
	});

	test('the strict double refuses the old shape: the file sent to /import as multipart', async () => {
		const boundary = 'x1';
		const response = await fetch(`${t.platform.url}${base}/import`, {
			method: 'POST',
			headers: {
				authorization: `Bearer ${t.platform.apiKey}`,
				'content-type': `multipart/form-data; boundary=${boundary}`,
			},
			body: `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.csv"\r\n\r\na;b\r\n--${boundary}--\r\n`,
		});
		expect(response.status).toBe(400);
		expect(await response.json()).toEqual({ success: false, error: 'body: invalid JSON' });
		const wrongFormat = await fetch(`${t.platform.url}${base}/import`, {
			method: 'POST',
			headers: { authorization: `Bearer ${t.platform.apiKey}`, 'content-type': 'application/json' },
			body: JSON.stringify({ fileHash: '0f8fad5b-d9cb-469f-a165-70867728950e', format: 'xls' }),
		});
		expect(await wrongFormat.json()).toEqual({
			success: false,
			error: 'body.format: one of "xlsx", "csv" expected, got "xls"',
		});
	});

	test('Continue On Fail: one output per input, in order and paired', async () => {
		documentedUpload(2);
		t.platform.script('POST', `${base}/import`, fail(400, 'import: empty file'));
		const { items, error } = await t.run({
			nodeType: 'elma365App',
			parameters: params(),
			continueOnFail: true,
			input: [
				binaryItem(Buffer.from('a'), 'first.csv', 'text/csv'),
				{ json: {} },
				binaryItem(Buffer.from('a;b'), 'good.csv', 'text/csv'),
			],
		});
		expect(error).toBeUndefined();
		expect(pairingOf(items)).toEqual([{ item: 0 }, { item: 1 }, { item: 2 }]);
		const json = jsonOf(items) as Array<Record<string, unknown>>;
		expect(json[0]).toMatchObject({ error: 'ELMA365 400: import: empty file', httpCode: '400' });
		expect(json[1].error).toMatch(/Invalid "Input Binary Field" in item 1/);
		expect(json[2]).toEqual({
			fileHash: t.platform.requests[2].query.hash,
			format: 'csv',
			withEventHandlers: false,
		});
		expect(t.platform.requests.map((r) => r.path)).toEqual([
			UPLOAD,
			`${base}/import`,
			UPLOAD,
			`${base}/import`,
		]);
	});
});
