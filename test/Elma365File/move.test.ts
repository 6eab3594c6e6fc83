import axios from 'axios';
import { newId } from '../harness/index.ts';
import { seedBody } from '../harness/routes/disk.ts';
import { jsonOf, usePlatform, picked } from '../harness/setup';

const t = usePlatform();
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
		size: 3,
		version: 1,
		hash: newId(),
		data: Buffer.from('png'),
	});
});

describe('move', () => {
	test('POST /disk/file/move?directoryID=<uuid> with {"files": [{"hash"}]}; the moved file is output', async () => {
		const { items, error } = await t.run({
			nodeType: 'elma365File',
			parameters: { resource: 'file', operation: 'move', fileId, directoryId: picked(directoryId) },
		});
		expect(error).toBeUndefined();
		expect(t.platform.requests.map((r) => [r.method, r.path, r.query, r.body])).toEqual([
			[
				'POST',
				'/pub/v1/disk/file/move',
				{ directoryID: directoryId },
				{ files: [{ hash: fileId }] },
			],
		]);
		expect(jsonOf(items)).toEqual([
			{
				__id: fileId,
				name: 'Схема цеха.png',
				directory: directoryId,
				size: 3,
				version: 1,
				hash: expect.any(String),
			},
		]);
	});

	test('a temporary upload becomes a file in the directory under File Name', async () => {
		const hash = seedBody(t.platform, Buffer.from('report'), 'upload.tmp');
		const { items, error } = await t.run({
			nodeType: 'elma365File',
			parameters: {
				resource: 'file',
				operation: 'move',
				fileId: '={{ $json.hash }}',
				fileName: '={{ $json.name }}',
				directoryId: picked(directoryId),
			},
			input: [{ json: { hash, name: 'Report.pdf' } }],
		});
		expect(error).toBeUndefined();
		expect(t.platform.requests.map((r) => [r.query, r.body])).toEqual([
			[{ directoryID: directoryId }, { files: [{ hash, name: 'Report.pdf' }] }],
		]);
		expect(jsonOf(items)).toEqual([
			{
				__id: expect.any(String),
				name: 'Report.pdf',
				originalName: 'Report.pdf',
				directory: directoryId,
				size: 6,
				version: 1,
				hash,
			},
		]);
	});

	test('the double refuses the old body {fileId, directoryId} and a move without directoryID', async () => {
		const headers = { authorization: `Bearer ${t.platform.apiKey}` };
		const old = await axios.post(
			`${t.platform.url}/pub/v1/disk/file/move`,
			{ fileId, directoryId },
			{ headers, validateStatus: () => true },
		);
		expect([old.status, old.data]).toEqual([
			400,
			{ success: false, error: 'query.directoryID: required' },
		]);
		const oldBody = await axios.post(
			`${t.platform.url}/pub/v1/disk/file/move`,
			{ fileId, directoryId },
			{ headers, params: { directoryID: directoryId }, validateStatus: () => true },
		);
		expect([oldBody.status, oldBody.data.error]).toEqual([400, 'body.files: required']);
		expect(t.platform.collection('diskFiles').get(fileId)!.directory).toBeNull();
	});

	test("an unknown file is the platform's error, not a success", async () => {
		const missing = newId();
		const { error } = await t.run({
			nodeType: 'elma365File',
			parameters: {
				resource: 'file',
				operation: 'move',
				fileId: missing,
				directoryId: picked(directoryId),
			},
		});
		expect(error?.message).toBe(`ELMA365 404: file body ${missing} not found`);
	});
});
