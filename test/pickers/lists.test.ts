import { searchList } from '../harness/engine';
import { fail, newId } from '../harness/index.ts';
import { usePlatform } from '../harness/setup';

const t = usePlatform();
const credential = () => ({ baseUrl: t.platform.url, apiKey: t.platform.apiKey });

test.each([
	['elma365Marketing', 'searchSegments', 'segments', 'POST', '/pub/v1/marketing/segment', 'marketing segments'],
	['elma365File', 'searchDirectories', 'diskDirectories', 'POST', '/pub/v1/disk/directory/list', 'directories'],
	['elma365Nomenclature', 'searchDirectories', 'nomenclatureDirectories', 'GET', '/pub/v1/nomenclature/directory', 'nomenclature directories'],
])('%s %s: pages, a search text past the first page, and a readable 403', async (nodeType, method, collection, httpMethod, path, what) => {
	const entries = t.platform.collection(collection);
	entries.clear();
	const ids = Array.from({ length: 230 }, (_, i) => {
		const id = newId();
		entries.set(id, { __id: id, name: `Entry ${i}` });
		return id;
	});
	const search = (filter?: string, paginationToken?: string) => searchList({ nodeType, parameters: {}, credential: credential(), method, filter, paginationToken });
	const first = await search();
	expect(first.results[0]).toEqual({ name: 'Entry 0', value: ids[0] });
	expect(first.results).toHaveLength(100);
	expect(first.paginationToken).toBe('100');
	const found = await search('entry 229');
	expect(found).toEqual({ results: [{ name: 'Entry 229', value: ids[229] }], paginationToken: undefined });
	const froms = t.platform.requests.map((r) => (httpMethod === 'GET' ? r.query.from : String((r.body as { from: number }).from)));
	expect(t.platform.requests.every((r) => r.method === httpMethod && r.path === path)).toBe(true);
	expect(froms).toEqual(['0', '0', '100', '200']);
	t.platform.script(httpMethod, path, fail(403, 'access denied'));
	await expect(search()).rejects.toThrow(`ELMA365: the credential may not list ${what} (HTTP 403)`);
	entries.clear();
});
