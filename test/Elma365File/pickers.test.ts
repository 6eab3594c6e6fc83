import type { INodeTypeDescription } from 'n8n-workflow';
import { loadPackage, searchList } from '../harness/engine';
import { newId } from '../harness/index.ts';
import { seedBody } from '../harness/routes/disk.ts';
import { usePlatform } from '../harness/setup';
import { LARGE_PAGE_SIZE, PAGE_SIZE } from '../../nodes/shared/lists/pager';

/** ELMA365 File: the directory of Initialize and Upload From Links is picked from the disk's directories. */
const t = usePlatform();
let directoryId: string;
let hash: string;

beforeEach(() => {
	t.platform.collection('diskDirectories').clear();
	directoryId = newId();
	t.platform.collection('diskDirectories').set(directoryId, { __id: directoryId, name: 'Inbox' });
	hash = seedBody(t.platform, Buffer.from('a'), 'a.tmp');
});

const initialize = (entryDirectoryId: unknown) => ({
	resource: 'file',
	operation: 'initialize',
	fileName: 'a.pdf',
	hash,
	entryDirectoryId,
});

test('Directory is a picker for both bulk operations', async () => {
	const loader = await loadPackage();
	const description = loader.nodeTypes.elma365File.type.description as INodeTypeDescription;
	expect([description.version, description.defaultVersion]).toEqual([1, undefined]);
	const forms = description.properties
		.filter((p) => p.name === 'entryDirectoryId')
		.map((p) => [p.type, p.displayOptions?.show?.operation]);
	expect(forms).toEqual([
		['resourceLocator', ['uploadFromLinks']],
		['resourceLocator', ['initialize']],
	]);
});

test('the picker lists the directories, searched by name', async () => {
	const result = await searchList({
		nodeType: 'elma365File',
		parameters: initialize('') as never,
		credential: t.credential(),
		method: 'searchDirectories',
		filter: 'inb',
	});
	expect(result.results).toEqual([{ name: 'Inbox', value: directoryId }]);
});

test.each([
	['picked from the list', 'list'],
	['typed as an ID', 'id'],
])('%s: sent as the entry\'s "directory"', async (_name, mode) => {
	const { error } = await t.run({
		nodeType: 'elma365File',
		parameters: initialize({ __rl: true, mode, value: directoryId }) as never,
	});
	expect(error).toBeUndefined();
	expect(t.platform.requests.map((r) => [r.method, r.path, r.body])).toEqual([
		['POST', '/pub/v1/disk/files', { files: [{ hash, name: 'a.pdf', directory: directoryId }] }],
	]);
});

test('the directory is required (the vendor documents it): an empty picker is refused before any request', async () => {
	const { error } = await t.run({
		nodeType: 'elma365File',
		parameters: initialize({ __rl: true, mode: 'list', value: '={{ "" }}' }) as never,
	});
	expect(error?.message).toMatch(/^Invalid "Directory" in item 0: expected a UUID/);
	expect(t.platform.requests).toHaveLength(0);
});

describe('File ID: picked from the stored files, found by name, or typed', () => {
	let report: string;
	let photo: string;
	beforeEach(() => {
		t.platform.collection('diskFiles').clear();
		report = newId();
		photo = newId();
		for (const [id, name] of [
			[report, 'Report 2026.pdf'],
			[photo, 'photo.jpg'],
		]) {
			t.platform.collection('diskFiles').set(id, {
				__id: id,
				name,
				hash: newId(),
				directory: directoryId,
				version: 1,
				data: Buffer.from(name),
			});
		}
	});

	test('Get, Download, Get Download Link and Move show the picker; Delete keeps its list of IDs', async () => {
		const loader = await loadPackage();
		const description = loader.nodeTypes.elma365File.type.description as INodeTypeDescription;
		const forms = description.properties
			.filter((p) => p.name === 'fileId' || p.name === 'fileIds')
			.map((p) => [
				p.name,
				p.type,
				p.displayOptions?.show?.operation,
				p.typeOptions?.searchListMethod ??
					(p.modes ?? []).map((m) => m.typeOptions?.searchListMethod ?? m.name),
			]);
		expect(forms).toEqual(
			expect.arrayContaining([
				['fileId', 'resourceLocator', ['get'], ['searchFiles', 'id']],
				['fileId', 'resourceLocator', ['download'], ['searchFiles', 'id']],
				['fileId', 'resourceLocator', ['getDownloadLink'], ['searchFiles', 'id']],
				['fileId', 'resourceLocator', ['move'], ['searchFiles', 'id']],
				['fileIds', 'string', ['delete'], []],
			]),
		);
	});

	test('the picker sends the documented search with filter.__name and lists the files by name', async () => {
		const result = await searchList({
			nodeType: 'elma365File',
			parameters: { resource: 'file', operation: 'get' } as never,
			credential: t.credential(),
			method: 'searchFiles',
			filter: ' report ',
		});
		expect(result).toEqual({
			results: [{ name: 'Report 2026.pdf', value: report }],
			paginationToken: undefined,
		});
		expect(t.platform.requests.map((r) => [r.method, r.path, r.body])).toEqual([
			[
				'POST',
				'/pub/v1/disk/files/search',
				{ filter: { __name: 'report' }, from: 0, size: LARGE_PAGE_SIZE },
			],
		]);
	});

	test('without a search text the picker pages through every file', async () => {
		const result = await searchList({
			nodeType: 'elma365File',
			parameters: { resource: 'file', operation: 'get' } as never,
			credential: t.credential(),
			method: 'searchFiles',
		});
		expect(result.results).toEqual([
			{ name: 'Report 2026.pdf', value: report },
			{ name: 'photo.jpg', value: photo },
		]);
		expect(t.platform.requests.map((r) => [r.method, r.path, r.body])).toEqual([
			['POST', '/pub/v1/disk/files/search', { from: 0, size: PAGE_SIZE }],
		]);
	});

	test.each([
		['picked from the list', { __rl: true, mode: 'list', value: 'ID' }],
		['typed as an ID', { __rl: true, mode: 'id', value: 'ID' }],
		['a plain string (a workflow saved before the picker)', 'ID'],
		['an expression', '={{ "ID" }}'],
	])('%s: Get, Get Download Link and Move send the same requests', async (_name, shape) => {
		const fileId =
			typeof shape === 'string'
				? shape.replace('ID', report)
				: { ...shape, value: shape.value.replace('ID', report) };
		const runs = [
			{ resource: 'file', operation: 'get', fileId },
			{ resource: 'file', operation: 'getDownloadLink', fileId },
			{
				resource: 'file',
				operation: 'move',
				fileId,
				directoryId: { __rl: true, mode: 'id', value: directoryId },
			},
		];
		for (const parameters of runs) {
			const { error } = await t.run({ nodeType: 'elma365File', parameters: parameters as never });
			expect(error).toBeUndefined();
		}
		expect(t.platform.requests.map((r) => [r.method, r.path, r.query, r.body])).toEqual([
			['GET', `/pub/v1/disk/file/${report}`, {}, undefined],
			['POST', `/pub/v1/disk/file/${report}/get-link`, {}, undefined],
			[
				'POST',
				'/pub/v1/disk/file/move',
				{ directoryID: directoryId },
				{ files: [{ hash: report }] },
			],
		]);
	});
});
