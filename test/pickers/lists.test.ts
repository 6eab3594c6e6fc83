import { searchList } from '../harness/engine';
import { fail, newId, ok } from '../harness/index.ts';
import type { RecordedRequest } from '../harness/index.ts';
import { usePlatform } from '../harness/setup';

const t = usePlatform();

test.each([
	[
		'elma365Marketing',
		'searchSegments',
		'segments',
		'POST',
		'/pub/v1/marketing/segment',
		'marketing segments',
	],
	[
		'elma365File',
		'searchDirectories',
		'diskDirectories',
		'POST',
		'/pub/v1/disk/directory/list',
		'directories',
	],
	[
		'elma365Nomenclature',
		'searchDirectories',
		'nomenclatureDirectories',
		'GET',
		'/pub/v1/nomenclature/directory',
		'nomenclature directories',
	],
])(
	'%s %s: pages, a search text past the first page, and a readable 403',
	async (nodeType, method, collection, httpMethod, path, what) => {
		const entries = t.platform.collection(collection);
		entries.clear();
		// More than one page of 1,000 (the size a search asks for), so the search still goes past the first page.
		const ids = Array.from({ length: 1230 }, (_, i) => {
			const id = newId();
			entries.set(id, { __id: id, name: `Entry ${i}` });
			return id;
		});
		const search = (filter?: string, paginationToken?: string) =>
			searchList({
				nodeType,
				parameters: {},
				credential: t.credential(),
				method,
				filter,
				paginationToken,
			});
		const first = await search();
		expect(first.results[0]).toEqual({ name: 'Entry 0', value: ids[0] });
		expect(first.results).toHaveLength(100);
		expect(first.paginationToken).toBe('100');
		const found = await search('entry 1229');
		expect(found).toEqual({
			results: [{ name: 'Entry 1229', value: ids[1229] }],
			paginationToken: undefined,
		});
		const windows = t.platform.requests.map((r) => {
			const window = (httpMethod === 'GET' ? r.query : r.body) as { from: unknown; size: unknown };
			return [Number(window.from), Number(window.size)];
		});
		expect(t.platform.requests.every((r) => r.method === httpMethod && r.path === path)).toBe(true);
		// Browsing asks for 100; a search for 1,000 at a time.
		expect(windows).toEqual([
			[0, 100],
			[0, 1000],
			[1000, 1000],
		]);
		t.platform.script(httpMethod, path, fail(403, 'access denied'));
		await expect(search()).rejects.toThrow(
			`ELMA365: the credential may not list ${what} (HTTP 403)`,
		);
		entries.clear();
	},
);

test.each([
	['with', true],
	['without', false],
])(
	'a search on a platform that caps pages at 100 (%s total) goes on from where each page ended',
	async (_label, withTotal) => {
		const path = '/pub/v1/nomenclature/directory';
		const entries = Array.from({ length: 350 }, (_, i) => ({ __id: newId(), name: `Entry ${i}` }));
		t.platform.script(
			'GET',
			path,
			(request: RecordedRequest) => {
				const from = Number(request.query.from);
				const result = entries.slice(from, from + Math.min(100, Number(request.query.size)));
				return ok({ result: withTotal ? { result, total: entries.length } : { result } });
			},
			10,
		);
		const search = (paginationToken?: string) =>
			searchList({
				nodeType: 'elma365Nomenclature',
				parameters: {},
				credential: t.credential(),
				method: 'searchDirectories',
				filter: 'entry 250',
				paginationToken,
			});
		const windows = () =>
			t.platform.requests.map((r) => [Number(r.query.from), Number(r.query.size)]);

		// The match is on the third page the platform gives; the token goes on after it.
		expect(await search()).toEqual({
			results: [{ name: 'Entry 250', value: entries[250].__id }],
			paginationToken: '300',
		});
		expect(windows()).toEqual([
			[0, 1000],
			[100, 1000],
			[200, 1000],
		]);
		// Going on: the last, short page ends the list.
		expect(await search('300')).toEqual({ results: [], paginationToken: undefined });
		expect(windows().slice(3)).toEqual([[300, 1000]]);
	},
);
