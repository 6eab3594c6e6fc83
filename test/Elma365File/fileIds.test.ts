import type { INodeProperties, INodeTypeDescription } from 'n8n-workflow';
import { newId } from '../harness/index.ts';
import { byId, jsonOf, usePlatform } from '../harness/setup';

const t = usePlatform();
const file = (operation: string, parameters: Record<string, unknown>, json: object) =>
	t.run({
		nodeType: 'elma365File',
		parameters: { resource: 'file', operation, ...parameters },
		input: [{ json: json as Record<string, unknown> }],
	});
let directoryId: string;

function binaryItem(bytes: Buffer, fileName: string, mimeType: string) {
	return { json: {}, binary: { data: { data: bytes.toString('base64'), mimeType, fileName } } };
}

beforeEach(() => {
	directoryId = newId();
	t.platform.collection('diskDirectories').set(directoryId, { __id: directoryId, name: 'Inbox' });
});

test("Upload to Directory's output maps as it is: {{ $json.__id }} for File ID, {{ $json.hash }} for Hashes", async () => {
	const uploaded = await t.run({
		nodeType: 'elma365File',
		parameters: {
			resource: 'file',
			operation: 'uploadToDirectory',
			directoryId: byId(directoryId),
		},
		input: [binaryItem(Buffer.from('%PDF-1.7'), 'Invoice.pdf', 'application/pdf')],
	});
	const [stored] = jsonOf(uploaded.items);
	expect(stored.__id).not.toBe(stored.hash);

	t.platform.reset();
	const got = await file('get', { fileId: '={{ $json.__id }}' }, stored);
	expect(t.wire()).toEqual([['GET', `/pub/v1/disk/file/${stored.__id}`, {}, undefined]]);
	expect(jsonOf(got.items)).toEqual([stored]);

	t.platform.reset();
	const links = await file('getDownloadLinks', { hashes: '={{ $json.hash }}' }, stored);
	expect(t.wire()).toEqual([
		['POST', '/pub/v1/disk/links/download', {}, { hashesList: [stored.hash] }],
	]);
	expect(jsonOf(links.items)).toEqual([
		{
			hashesList: [stored.hash],
			items: [{ hash: stored.hash, link: `${t.platform.url}/pub/v1/disk/download/${stored.__id}` }],
		},
	]);

	t.platform.reset();
	const deleted = await file('delete', { fileIds: '={{ $json.__id }}' }, stored);
	expect(t.wire()).toEqual([
		['PATCH', '/pub/v1/disk/files/deleted', {}, { fileIds: [stored.__id] }],
	]);
	expect(jsonOf(deleted.items)).toEqual([{ fileIds: [stored.__id], items: [{ id: stored.__id }] }]);
});

test("Upload's output has only a hash: Move stores it by {{ $json.hash }}, and the file it outputs has the __id Download takes", async () => {
	const uploaded = await t.run({
		nodeType: 'elma365File',
		parameters: { resource: 'file', operation: 'upload' },
		input: [binaryItem(Buffer.from('minutes'), 'Minutes.txt', 'text/plain')],
	});
	const [temporary] = jsonOf(uploaded.items);
	expect(temporary).toEqual({ hash: expect.any(String), name: 'Minutes.txt', size: 7 });

	t.platform.reset();
	const moved = await file(
		'move',
		{
			fileId: '={{ $json.hash }}',
			fileName: '={{ $json.name }}',
			directoryId: byId(directoryId),
		},
		temporary,
	);
	expect(t.wire()).toEqual([
		[
			'POST',
			'/pub/v1/disk/file/move',
			{ directoryID: directoryId },
			{ files: [{ hash: temporary.hash, name: 'Minutes.txt' }] },
		],
	]);
	const [stored] = jsonOf(moved.items);
	expect(stored).toEqual({
		__id: expect.any(String),
		name: 'Minutes.txt',
		originalName: 'Minutes.txt',
		directory: directoryId,
		size: 7,
		version: 1,
		hash: temporary.hash,
	});

	t.platform.reset();
	const downloaded = await file('download', { fileId: '={{ $json.__id }}' }, stored);
	expect(t.wire()[0]).toEqual(['POST', `/pub/v1/disk/file/${stored.__id}/get-link`, {}, undefined]);
	expect(Buffer.from(downloaded.items[0].binary!.data.data, 'base64').toString()).toBe('minutes');
});

test('a hash where the File ID goes is not a file to the platform: its 404 names the value sent', async () => {
	const hash = newId();
	const { error } = await file('get', { fileId: '={{ $json.hash }}' }, { hash });
	expect(t.wire()).toEqual([['GET', `/pub/v1/disk/file/${hash}`, {}, undefined]]);
	expect(error?.message).toBe(`ELMA365 404: file ${hash} not found`);
});

test('every ID parameter of the File node says which ID it takes: the __id or the hash', async () => {
	const { loadPackage } = await import('../harness/engine');
	const loader = await loadPackage();
	const { properties } = loader.nodeTypes.elma365File.type.description as INodeTypeDescription;
	const said = (name: string) =>
		properties
			.filter((p: INodeProperties) => p.name === name)
			.map((p) => [p.displayOptions?.show?.operation?.[0], p.description]);
	expect(said('fileId')).toEqual([
		['getDownloadLink', expect.stringMatching(/^The stored file's __id, not its hash: /)],
		['download', expect.stringMatching(/^The stored file's __id, not its hash: /)],
		['get', expect.stringMatching(/^The __id \(not the hash\) of the stored file /)],
		['move', expect.stringMatching(/by its __id .*by its hash/)],
	]);
	expect(said('fileIds')).toEqual([
		['delete', expect.stringMatching(/^The __id of each file to delete \(not its hash\)/)],
	]);
	expect(said('hash')).toEqual([
		['initialize', expect.stringMatching(/^The uploaded body's hash, not a file's __id/)],
	]);
	expect(said('hashes')).toEqual([
		['getUploadLinks', expect.stringMatching(/^Upload hashes \(client-made UUIDs\)/)],
		['getDownloadLinks', expect.stringMatching(/^The hash of each stored file .*not its __id/)],
	]);
});
