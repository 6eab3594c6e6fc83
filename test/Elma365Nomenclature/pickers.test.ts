import { searchList } from '../harness/engine';
import { newId } from '../harness/index.ts';
import { usePlatform } from '../harness/setup';

const t = usePlatform();
const search = (method: string, filter?: string, paginationToken?: string) =>
	searchList({
		nodeType: 'elma365Nomenclature',
		parameters: {},
		credential: t.credential(),
		method,
		filter,
		paginationToken,
	});

beforeEach(() => {
	t.platform.collection('nomenclatureDirectories').clear();
	t.platform.collection('nomenclatureCases').clear();
});

test('the directory picker lists directories page by page and filters by name', async () => {
	const ids = Array.from({ length: 130 }, (_, i) => {
		const id = newId();
		t.platform
			.collection('nomenclatureDirectories')
			.set(id, { __id: id, name: i === 7 ? 'Finance 2027' : `Directory ${i}` });
		return id;
	});
	const first = await search('searchDirectories');
	expect(first.results).toHaveLength(100);
	expect(first.results[0]).toEqual({ name: 'Directory 0', value: ids[0] });
	expect(first.paginationToken).toBe('100');
	const second = await search('searchDirectories', undefined, first.paginationToken);
	expect(second.results.map((r) => r.value)).toEqual(ids.slice(100));
	expect(second.paginationToken).toBeUndefined();
	const found = await search('searchDirectories', 'finance');
	expect(found.results).toEqual([{ name: 'Finance 2027', value: ids[7] }]);
	expect(
		t.platform.requests.map((r) => [r.method, r.path, r.query, r.headers.authorization]),
	).toEqual([
		[
			'GET',
			'/pub/v1/nomenclature/directory',
			{ from: '0', size: '100' },
			`Bearer ${t.platform.apiKey}`,
		],
		[
			'GET',
			'/pub/v1/nomenclature/directory',
			{ from: '100', size: '100' },
			`Bearer ${t.platform.apiKey}`,
		],
		[
			'GET',
			'/pub/v1/nomenclature/directory',
			{ from: '0', size: '1000' },
			`Bearer ${t.platform.apiKey}`,
		],
	]);
});

test('the case picker lists cases by name, with their current document flow', async () => {
	const id = newId();
	t.platform
		.collection('nomenclatureCases')
		.set(id, { __id: id, name: 'Incoming letters', directoryId: newId(), docflow: 'input' });
	const result = await search('searchCases');
	expect(result).toEqual({
		results: [{ name: 'Incoming letters (input)', value: id }],
		paginationToken: undefined,
	});
	expect(t.platform.requests.map((r) => r.path)).toEqual(['/pub/v1/nomenclature']);
});
