import type { INodeTypeDescription } from 'n8n-workflow';
import { loadPackage, searchList } from '../harness/engine';
import { newId } from '../harness/index.ts';
import { seedBody } from '../harness/routes/disk.ts';
import { usePlatform } from '../harness/setup';

/** ELMA365 File: the directory of Initialize and Upload From Links is picked from the disk's directories. */
const t = usePlatform();
const credential = () => ({ baseUrl: t.platform.url, apiKey: t.platform.apiKey });
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
		credential: credential(),
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
