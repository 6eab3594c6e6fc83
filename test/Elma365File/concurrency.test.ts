/** Options > Concurrency on the per-item file and directory operations (File > Get defaults to the adaptive window), answered by the strict double's own routes. */
import { newId } from '../harness/index.ts';
import { holdRequests, reversed } from '../harness/inFlight';
import { jsonOf, pairingOf, usePlatform } from '../harness/setup';

const t = usePlatform();
const files = () => t.platform.collection('diskFiles');
const directories = () => t.platform.collection('diskDirectories');
const byId = (value: string) => ({ __rl: true, mode: 'id', value });
let fileIds: string[];
let directoryIds: string[];

beforeEach(() => {
	fileIds = Array.from({ length: 6 }, () => newId());
	directoryIds = Array.from({ length: 3 }, () => newId());
	directoryIds.forEach((id, index) => directories().set(id, { __id: id, name: `Folder ${index}` }));
	fileIds.forEach((id, index) =>
		files().set(id, {
			__id: id,
			name: `file-${index}.txt`,
			directory: null,
			size: 6,
			version: 1,
			hash: newId(),
			mimeType: 'text/plain',
			data: Buffer.from(`file ${index}`),
		}),
	);
});

/** Item i addresses fileIds[i] (in the path): later items are answered sooner. */
const byFileInPath = (request: { path: string }) =>
	reversed(
		fileIds.length,
		fileIds.findIndex((id) => request.path.includes(id)),
	);
const GET_LINK = /^\/pub\/v1\/disk\/file\/[^/]+\/get-link$/;

describe('file', () => {
	test("get download link: at most N in flight; each item gets its own file's link, in input order", async () => {
		const state = holdRequests(t.platform, 'POST', GET_LINK, {
			gate: 4,
			times: 6,
			delay: byFileInPath,
		});
		const { items, error } = await t.run({
			nodeType: 'elma365File',
			parameters: {
				resource: 'file',
				operation: 'getDownloadLink',
				fileId: '={{ $json.id }}',
				options: { concurrency: 4 },
			},
			input: fileIds.map((id) => ({ json: { id } })),
		});
		expect(error).toBeUndefined();
		expect(state.max).toBe(4);
		expect(state.order).not.toEqual(fileIds.map((id) => `/pub/v1/disk/file/${id}/get-link`));
		const links = fileIds.map((id) => `${t.platform.url}/pub/v1/disk/download/${id}`);
		expect(jsonOf(items)).toEqual(links.map((link) => ({ Link: link, link })));
		expect(pairingOf(items)).toEqual(fileIds.map((_, index) => ({ item: index })));
	});

	test('download: Options > Concurrency (beside File Name) keeps at most N in flight; each item gets its own bytes', async () => {
		const state = holdRequests(t.platform, 'POST', GET_LINK, {
			gate: 3,
			times: 6,
			delay: byFileInPath,
		});
		const { items, error } = await t.run({
			nodeType: 'elma365File',
			parameters: {
				resource: 'file',
				operation: 'download',
				fileId: '={{ $json.id }}',
				options: { concurrency: 3, fileName: '={{ $json.id }}.txt' },
			},
			input: fileIds.map((id) => ({ json: { id } })),
		});
		expect(error).toBeUndefined();
		expect(state.max).toBe(3);
		expect(
			t.platform.requests
				.filter((r) => r.method === 'GET')
				.map((r) => r.path)
				.sort(),
		).toEqual(fileIds.map((id) => `/pub/v1/disk/download/${id}`).sort());
		expect(jsonOf(items).map((json) => (json as { fileId: string }).fileId)).toEqual(fileIds);
		expect(items.map((item) => Buffer.from(item.binary!.data.data, 'base64').toString())).toEqual(
			fileIds.map((_, index) => `file ${index}`),
		);
		expect(items.map((item) => item.binary!.data.fileName)).toEqual(
			fileIds.map((id) => `${id}.txt`),
		);
		expect(pairingOf(items)).toEqual(fileIds.map((_, index) => ({ item: index })));
	});

	test('download without the option: one file after the other', async () => {
		const state = holdRequests(t.platform, 'POST', GET_LINK, { times: 3, delay: byFileInPath });
		const { error } = await t.run({
			nodeType: 'elma365File',
			parameters: { resource: 'file', operation: 'download', fileId: '={{ $json.id }}' },
			input: fileIds.slice(0, 3).map((id) => ({ json: { id } })),
		});
		expect(error).toBeUndefined();
		expect(state.max).toBe(1);
		expect(t.platform.requests.map((r) => r.path)).toEqual(
			fileIds
				.slice(0, 3)
				.flatMap((id) => [`/pub/v1/disk/file/${id}/get-link`, `/pub/v1/disk/download/${id}`]),
		);
	});

	test('download: a Concurrency outside 1-200 is refused before any request', async () => {
		const { items, error } = await t.run({
			nodeType: 'elma365File',
			parameters: {
				resource: 'file',
				operation: 'download',
				fileId: '={{ $json.id }}',
				options: { concurrency: 0 },
			},
			input: fileIds.slice(0, 2).map((id) => ({ json: { id } })),
		});
		expect(items).toEqual([]);
		expect(error?.message).toBe(
			'Options > Concurrency must be a whole number from 1 to 200, got 0',
		);
		expect(t.platform.requests).toHaveLength(0);
	});

	test('move: moves of one file never overlap and arrive in input order; other files go beside them', async () => {
		const [a, b, c] = fileIds;
		const [d0, d1, d2] = directoryIds;
		const moves = [
			[a, d0],
			[a, d1],
			[b, d2],
			[a, d2],
			[c, d0],
			[b, d0],
		];
		const state = holdRequests(t.platform, 'POST', /^\/pub\/v1\/disk\/file\/move$/, {
			times: moves.length,
			gate: 3,
			delay: (request) => reversed(3, directoryIds.indexOf(request.query.directoryID)),
			key: (request) => (request.body as { files: Array<{ hash: string }> }).files[0].hash,
		});
		const { items, error } = await t.run({
			nodeType: 'elma365File',
			parameters: {
				resource: 'file',
				operation: 'move',
				fileId: '={{ $json.file }}',
				directoryId: byId('={{ $json.directory }}'),
				options: { concurrency: 4 },
			},
			input: moves.map(([file, directory]) => ({ json: { file, directory } })),
		});
		expect(error).toBeUndefined();
		expect(state.overlaps).toEqual([]);
		expect(state.max).toBe(3);
		const movesOf = (id: string) =>
			t.platform.requests
				.filter((r) => (r.body as { files: Array<{ hash: string }> }).files[0].hash === id)
				.map((r) => r.query.directoryID);
		expect(movesOf(a)).toEqual([d0, d1, d2]);
		expect(movesOf(b)).toEqual([d2, d0]);
		expect([a, b, c].map((id) => files().get(id)!.directory)).toEqual([d2, d0, d0]);
		expect(
			jsonOf(items).map((json) => [
				(json as { __id: string }).__id,
				(json as { directory: string }).directory,
			]),
		).toEqual(moves);
		expect(pairingOf(items)).toEqual(moves.map((_, index) => ({ item: index })));
	});
});

describe('file get: the adaptive window by default', () => {
	const FILE = /^\/pub\/v1\/disk\/file\/[^/]+$/;
	const get = { resource: 'file', operation: 'get', fileId: '={{ $json.id }}' };
	const input = () => fileIds.map((id) => ({ json: { id } }));
	const shown = (index: number) => {
		const { data: _data, mimeType: _mimeType, ...file } = files().get(fileIds[index])!;
		return file;
	};

	test('without the option: all six files in flight together; each item gets its own file, in input order', async () => {
		const state = holdRequests(t.platform, 'GET', FILE, {
			gate: 6,
			times: 6,
			delay: byFileInPath,
		});
		const { items, error } = await t.run({
			nodeType: 'elma365File',
			parameters: get,
			input: input(),
		});
		expect(error).toBeUndefined();
		expect(state.max).toBe(6);
		expect(state.order).not.toEqual(fileIds.map((id) => `/pub/v1/disk/file/${id}`));
		expect(t.platform.requests.map((r) => [r.method, r.path, r.query, r.body]).sort()).toEqual(
			fileIds.map((id) => ['GET', `/pub/v1/disk/file/${id}`, {}, undefined]).sort(),
		);
		expect(jsonOf(items)).toEqual(fileIds.map((_, index) => shown(index)));
		expect(pairingOf(items)).toEqual(fileIds.map((_, index) => ({ item: index })));
	});
});

describe('directory', () => {
	const nameOf = (body: unknown) => (body as { name: string }).name;

	test('create: at most N in flight; created directories output in input order and paired', async () => {
		const input = Array.from({ length: 6 }, (_, index) => ({ json: { name: `New ${index}` } }));
		const state = holdRequests(t.platform, 'POST', /^\/pub\/v1\/disk\/directory$/, {
			times: 6,
			gate: 4,
			delay: (request) => reversed(6, Number(nameOf(request.body).replace(/\D/g, ''))),
		});
		const { items, error } = await t.run({
			nodeType: 'elma365File',
			parameters: {
				resource: 'directory',
				operation: 'create',
				name: '={{ $json.name }}',
				parentId: byId(directoryIds[0]),
				options: { concurrency: 4 },
			},
			input,
		});
		expect(error).toBeUndefined();
		expect(state.max).toBe(4);
		expect(t.platform.requests.map((r) => [r.method, r.path, r.query, r.body]).sort()).toEqual(
			input
				.map(({ json }) => [
					'POST',
					'/pub/v1/disk/directory',
					{},
					{ name: json.name, parent: directoryIds[0] },
				])
				.sort(),
		);
		expect(jsonOf(items).map((json) => nameOf(json))).toEqual(input.map(({ json }) => json.name));
		expect(
			jsonOf(items).map((json) => directories().get((json as { __id: string }).__id)?.name),
		).toEqual(input.map(({ json }) => json.name));
		expect(pairingOf(items)).toEqual(input.map((_, index) => ({ item: index })));
	});

	test('get: at most N in flight; output in input order and paired', async () => {
		const state = holdRequests(t.platform, 'GET', /^\/pub\/v1\/disk\/directory\/[^/]+$/, {
			times: 3,
			gate: 2,
			delay: (request) =>
				reversed(
					3,
					directoryIds.findIndex((id) => request.path.endsWith(id)),
				),
		});
		const { items, error } = await t.run({
			nodeType: 'elma365File',
			parameters: {
				resource: 'directory',
				operation: 'get',
				directoryId: byId('={{ $json.id }}'),
				options: { concurrency: 2 },
			},
			input: directoryIds.map((id) => ({ json: { id } })),
		});
		expect(error).toBeUndefined();
		expect(state.max).toBe(2);
		expect(jsonOf(items)).toEqual(
			directoryIds.map((id, index) => ({ __id: id, name: `Folder ${index}` })),
		);
		expect(pairingOf(items)).toEqual(directoryIds.map((_, index) => ({ item: index })));
	});
});
