import type { INodeTypeDescription } from 'n8n-workflow';
import { loadPackage, searchList } from '../harness/engine';
import { newId } from '../harness/index.ts';
import { seedBody } from '../harness/routes/disk.ts';
import { usePlatform } from '../harness/setup';

/** ELMA365 File 1.1: the directory of Initialize and Upload From Links is picked from the disk's directories. */
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

test('version 1.1 (and 1.2, and 1.3, the default) shows Directory as a picker for both bulk operations; version 1 keeps the typed Directory ID', async () => {
	const loader = await loadPackage();
	const description = loader.nodeTypes.elma365File.type.description as INodeTypeDescription;
	expect(description.version).toEqual([1, 1.1, 1.2, 1.3]);
	expect(description.defaultVersion).toBe(1.3);
	const forms = description.properties
		.filter((p) => p.name === 'entryDirectoryId')
		.map((p) => [p.type, p.displayOptions?.show?.operation, p.displayOptions?.show?.['@version']]);
	expect(forms).toEqual([
		['string', ['uploadFromLinks'], [{ _cnd: { lt: 1.1 } }]],
		['resourceLocator', ['uploadFromLinks'], [{ _cnd: { gte: 1.1 } }]],
		['string', ['initialize'], [{ _cnd: { lt: 1.1 } }]],
		['resourceLocator', ['initialize'], [{ _cnd: { gte: 1.1 } }]],
	]);
});

test('the picker lists the directories, searched by name', async () => {
	const result = await searchList({
		nodeType: 'elma365File',
		typeVersion: 1.1,
		parameters: initialize('') as never,
		credential: credential(),
		method: 'searchDirectories',
		filter: 'inb',
	});
	expect(result.results).toEqual([{ name: 'Inbox', value: directoryId }]);
});

test.each([
	['version 1.1, picked from the list', 1.1, { __rl: true, mode: 'list', value: 'DIR' }],
	['version 1.1, typed as an ID', 1.1, { __rl: true, mode: 'id', value: 'DIR' }],
	['version 1, typed', 1, 'DIR'],
])('%s: sent as the entry\'s "directory"', async (_name, typeVersion, value) => {
	const picked = typeof value === 'string' ? directoryId : { ...value, value: directoryId };
	const { error } = await t.run({
		nodeType: 'elma365File',
		typeVersion,
		parameters: initialize(picked) as never,
	});
	expect(error).toBeUndefined();
	expect(t.platform.requests.map((r) => [r.method, r.path, r.body])).toEqual([
		['POST', '/pub/v1/disk/files', { files: [{ hash, name: 'a.pdf', directory: directoryId }] }],
	]);
});

test('the directory is required (the vendor documents it): an empty picker is refused before any request', async () => {
	const { error } = await t.run({
		nodeType: 'elma365File',
		typeVersion: 1.1,
		parameters: initialize({ __rl: true, mode: 'list', value: '={{ "" }}' }) as never,
	});
	expect(error?.message).toMatch(/^Invalid "Directory" in item 0: expected a UUID/);
	expect(t.platform.requests).toHaveLength(0);
});
