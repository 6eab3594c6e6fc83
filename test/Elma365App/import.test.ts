import { fail } from '../harness/index.ts';
import { parseMultipart } from '../harness/routes/app.ts';
import { jsonOf, pairingOf, usePlatform } from '../harness/setup';

const t = usePlatform();
const base = '/pub/v1/app/crm/deals';

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
	return { json: { name: fileName }, binary: { [property]: { data: bytes.toString('base64'), mimeType, fileName } } };
}

describe('item import', () => {
	test('sends the file as multipart field "file": bytes, name and MIME type, byte for byte', async () => {
		const mime = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
		const { items, error } = await t.run({
			nodeType: 'elma365App',
			parameters: params(),
			input: [binaryItem(FILE_BYTES, 'Сделки 2026.xlsx', mime)],
		});
		expect(error).toBeUndefined();
		expect(t.platform.requests).toHaveLength(1);
		const [request] = t.platform.requests;
		expect(request.method).toBe('POST');
		expect(request.path).toBe(`${base}/import`);
		expect(request.query).toEqual({});
		expect(request.headers.authorization).toBe(`Bearer ${t.platform.apiKey}`);
		expect(request.headers['content-type']).toMatch(/^multipart\/form-data; boundary=.+$/);
		expect(Number(request.headers['content-length'])).toBe(request.raw.length);
		const parts = parseMultipart(request.raw, request.headers['content-type']);
		expect(parts).toHaveLength(1);
		expect(parts[0].name).toBe('file');
		expect(parts[0].fileName).toBe('Сделки 2026.xlsx');
		expect(parts[0].contentType).toBe(mime);
		expect(Buffer.compare(parts[0].data, FILE_BYTES)).toBe(0);
		expect(jsonOf(items)).toEqual([
			{ id: expect.any(String), status: 'done', fileName: 'Сделки 2026.xlsx', contentType: mime, size: FILE_BYTES.length },
		]);
		expect(pairingOf(items)).toEqual([{ item: 0 }]);
	});

	test('takes the binary field named in Input Binary Field, one request per item', async () => {
		const csv = Buffer.from('name;price\nA;1\n');
		const { items } = await t.run({
			nodeType: 'elma365App',
			parameters: params({ binaryPropertyName: 'sheet' }),
			input: [binaryItem(csv, 'a.csv', 'text/csv', 'sheet'), binaryItem(Buffer.from('x'), 'b.csv', 'text/csv', 'sheet')],
		});
		const files = t.platform.requests.map((r) => parseMultipart(r.raw, r.headers['content-type'])[0]);
		expect(files.map((f) => [f.fileName, f.contentType, f.data.toString()])).toEqual([
			['a.csv', 'text/csv', 'name;price\nA;1\n'],
			['b.csv', 'text/csv', 'x'],
		]);
		expect(pairingOf(items)).toEqual([{ item: 0 }, { item: 1 }]);
	});

	test('a missing binary field is refused before any request, naming field and item', async () => {
		const { error, items } = await t.run({
			nodeType: 'elma365App',
			parameters: params(),
			input: [binaryItem(Buffer.from('x'), 'a.csv', 'text/csv', 'file')],
		});
		expect(error?.message).toBe(
			'Invalid "Input Binary Field" in item 0: expected a binary field "data" on the input item (it has binary fields "file"), got "data"',
		);
		expect(items).toEqual([]);
		expect(t.platform.requests).toHaveLength(0);
	});

	test('an item without binary data says so', async () => {
		const { error } = await t.run({ nodeType: 'elma365App', parameters: params(), input: [{ json: {} }] });
		expect(error?.message).toMatch(/Invalid "Input Binary Field" in item 0: .*\(it has no binary data\)/);
		expect(t.platform.requests).toHaveLength(0);
	});

	test('a platform 400 surfaces the platform text', async () => {
		t.platform.script('POST', `${base}/import`, fail(400, 'import: unsupported file format'));
		const { error } = await t.run({ nodeType: 'elma365App', parameters: params(), input: [binaryItem(Buffer.from('x'), 'a.txt', 'text/plain')] });
		expect(error?.message).toBe('ELMA365 400: import: unsupported file format');
		expect(error?.httpCode).toBe('400');
	});

	test('Continue On Fail: one output per input, in order and paired', async () => {
		t.platform.script('POST', `${base}/import`, fail(400, 'import: empty file'));
		const { items, error } = await t.run({
			nodeType: 'elma365App',
			parameters: params(),
			continueOnFail: true,
			input: [
				binaryItem(Buffer.from(''), 'empty.csv', 'text/csv'),
				{ json: {} },
				binaryItem(Buffer.from('a;b'), 'good.csv', 'text/csv'),
			],
		});
		expect(error).toBeUndefined();
		expect(pairingOf(items)).toEqual([{ item: 0 }, { item: 1 }, { item: 2 }]);
		const json = jsonOf(items) as Array<Record<string, unknown>>;
		expect(json[0]).toMatchObject({ error: 'ELMA365 400: import: empty file', httpCode: '400' });
		expect(json[1].error).toMatch(/Invalid "Input Binary Field" in item 1/);
		expect(json[2]).toMatchObject({ status: 'done', fileName: 'good.csv', size: 3 });
		expect(t.platform.requests).toHaveLength(2);
	});
});
