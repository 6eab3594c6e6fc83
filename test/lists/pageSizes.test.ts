/**
 * Every list reader of the package against a platform that caps the page size at 100, one that
 * refuses a size above 100 (400) and one that ignores from/size and answers every row at once:
 * every row comes out exactly once, in list order, in a known number of requests.
 */
import { newId } from '../harness/index.ts';
import type { RecordedRequest } from '../harness/index.ts';
import type { ListPaging } from '../harness/platform.ts';
import { LIST_SIZE_LIMIT } from '../harness/platform.ts';
import { searchList } from '../harness/engine';
import { PollStore, pollNode } from '../harness/poll';
import type { Parameters } from '../harness/setup';
import { usePlatform, byId, byCode } from '../harness/setup';
import { LARGE_PAGE_SIZE, MAX_PAGE_SIZE } from '../../nodes/shared/lists/pager';

const t = usePlatform();
/** Rows of every list: more than two capped pages, fewer than one large page. */
const ROWS = 250;
const list = { returnAll: true };

type Row = Record<string, unknown>;

/** Puts ROWS rows into `collection` (built by `row`) and returns their ids in list order. */
function seed(collection: string, row: (index: number, id: string) => Row = () => ({})): string[] {
	const rows = t.platform.collection(collection);
	rows.clear();
	return Array.from({ length: ROWS }, (_, index) => {
		const id = newId();
		rows.set(id, { __id: id, __name: `Row ${String(index).padStart(3, '0')}`, ...row(index, id) });
		return id;
	});
}

/** An operation that reads a whole list, run through n8n's engine. */
interface ListCase {
	name: string;
	/** Seeds the double and returns the ids the list must give, in order. */
	seed: () => string[];
	/** Runs the reader; returns the rows' ids in the order they came out. */
	read: () => Promise<string[]>;
	/** The list's own requests (others, such as a PUT after a lookup, are not counted). */
	isList: (request: RecordedRequest) => boolean;
	/** The size of the first page asked (MAX_PAGE_SIZE for whole lists, LARGE_PAGE_SIZE for a picker's search, 100 for page-by-page reads). */
	firstSize: number;
	/** How many rows of the list the reader goes through (default: every row it returns). */
	rowsRead?: number;
}

const idOf = (json: Row) => String(json.__id ?? json.code);

function node(nodeType: string, parameters: Parameters) {
	return async () => {
		const { items, error } = await t.run({ nodeType, parameters });
		if (error) throw error;
		return items.map((item) => idOf(item.json as Row));
	};
}

const at = (method: string, path: string | RegExp) => (request: RecordedRequest) =>
	request.method === method &&
	(typeof path === 'string' ? request.path === path : path.test(request.path));

/** A whole-list Get Many of `nodeType` on the rows of `collection`. */
function getMany(
	name: string,
	nodeType: string,
	collection: string,
	parameters: Parameters,
	method: string,
	path: string,
	row?: (index: number, id: string) => Row,
): ListCase {
	return {
		name,
		seed: () => seed(collection, row),
		read: node(nodeType, parameters),
		isList: at(method, path),
		firstSize: MAX_PAGE_SIZE,
	};
}

const TEMPLATE = newId();
const TARGET = newId();
const SEGMENT = newId();
const SEARCHED = 'row';

const CASES: ListCase[] = [
	getMany(
		'App > Item > Get Many',
		'elma365App',
		'app:crm/deals',
		{
			resource: 'item',
			operation: 'getAll',
			namespace: byCode('crm'),
			application: byCode('deals'),
			...list,
		},
		'POST',
		'/pub/v1/app/crm/deals/list',
	),
	getMany(
		'Contract > Item > Get Many',
		'elma365Contract',
		'contracts:crm/deals',
		{
			resource: 'item',
			operation: 'getAll',
			namespace: byCode('crm'),
			application: byCode('deals'),
			...list,
		},
		'POST',
		'/pub/v1/contracts/crm/deals/list',
	),
	getMany(
		'Report > Item > Get Many',
		'elma365Report',
		'reports:sales/monthly',
		{
			resource: 'item',
			operation: 'getAll',
			namespace: byCode('sales'),
			report: byCode('monthly'),
			...list,
		},
		'POST',
		'/pub/v1/reports/sales/monthly/list',
	),
	getMany(
		'User > Get Many',
		'elma365User',
		'users',
		{ resource: 'user', operation: 'getAll', ...list },
		'POST',
		'/pub/v1/user/list',
	),
	getMany(
		'Process > Instance > Get Many by template',
		'elma365Process',
		'processInstances',
		{
			resource: 'instance',
			operation: 'getAll',
			by: 'template',
			templateId: byId(TEMPLATE),
			...list,
		},
		'POST',
		`/pub/v1/bpm/instance/bytemplateid/${TEMPLATE}/list`,
		() => ({ __templateId: TEMPLATE }),
	),
	getMany(
		'Process > Instance > Get Many by target',
		'elma365Process',
		'processInstances',
		{ resource: 'instance', operation: 'getAll', by: 'target', targetId: TARGET, ...list },
		'POST',
		'/pub/v1/bpm/instance/bytarget/list',
		() => ({ __target: TARGET }),
	),
	getMany(
		'Marketing > Segment > Get Many',
		'elma365Marketing',
		'segments',
		{ resource: 'segment', operation: 'getAll', ...list },
		'POST',
		'/pub/v1/marketing/segment',
	),
	{
		name: 'Marketing > Segment > Get Subscribers',
		seed: () => {
			const ids = seed('subscribers');
			t.platform.collection('segments').set(SEGMENT, { __id: SEGMENT, name: 'All' });
			t.platform.collection('segmentMembers').set(SEGMENT, { ids });
			return ids;
		},
		read: node('elma365Marketing', {
			resource: 'segment',
			operation: 'getSubscribers',
			segmentId: byId(SEGMENT),
			...list,
		}),
		isList: at('POST', `/pub/v1/marketing/segment/${SEGMENT}/subscribers`),
		firstSize: MAX_PAGE_SIZE,
	},
	getMany(
		'Marketing > Subscriber > Get Many',
		'elma365Marketing',
		'subscribers',
		{ resource: 'subscriber', operation: 'getAll', ...list },
		'POST',
		'/pub/v1/marketing/subscriber',
	),
	getMany(
		'Nomenclature > Case > Get Many',
		'elma365Nomenclature',
		'nomenclatureCases',
		{ resource: 'case', operation: 'getAll', ...list },
		'GET',
		'/pub/v1/nomenclature',
	),
	getMany(
		'Nomenclature > Directory > Get Many',
		'elma365Nomenclature',
		'nomenclatureDirectories',
		{ resource: 'directory', operation: 'getAll', ...list },
		'GET',
		'/pub/v1/nomenclature/directory',
	),
	{
		// Update keeps the current name, found in the list page by page (100 at a time).
		name: 'Nomenclature > Directory > Update (keep current values)',
		seed: () => [seed('nomenclatureDirectories', (index) => ({ name: `Row ${index}` }))[229]],
		read: async () => {
			const ids = [...t.platform.collection('nomenclatureDirectories').keys()];
			const { items, error } = await t.run({
				nodeType: 'elma365Nomenclature',
				parameters: {
					resource: 'directory',
					operation: 'update',
					directoryId: byId(ids[229]),
					name: '',
					body: '{"code": "x"}',
				},
			});
			if (error) throw error;
			const put = t.platform.requests.find((r) => r.method === 'PUT');
			expect(put?.body).toEqual({ name: 'Row 229', code: 'x' });
			expect(put?.path).toBe(`/pub/v1/nomenclature/directory/${ids[229]}`);
			return items.map((item) => idOf(item.json as Row));
		},
		isList: at('GET', '/pub/v1/nomenclature/directory'),
		firstSize: 100,
		// The lookup stops at the page that holds the directory, the 230th row.
		rowsRead: 230,
	},
	getMany(
		'File > Directory > Get Many',
		'elma365File',
		'diskDirectories',
		{ resource: 'directory', operation: 'getAll', ...list },
		'POST',
		'/pub/v1/disk/directory/list',
	),
	getMany(
		'Task > Get Many',
		'elma365Task',
		'tasks',
		{ resource: 'task', operation: 'getAll', ...list },
		'POST',
		'/pub/v1/tasks/list',
	),
	getMany(
		'Scheme > Section > Get Many',
		'elma365Scheme',
		'schemeNamespaces',
		{ resource: 'namespace', operation: 'getAll', ...list },
		'GET',
		'/pub/v1/scheme/namespaces',
		(index) => ({ code: `ns${index}` }),
	),
	getMany(
		'Scheme > Group > Get Many',
		'elma365Scheme',
		'schemeGroups',
		{ resource: 'group', operation: 'getAll', ...list },
		'POST',
		'/pub/v1/scheme/groups/list',
	),
	{
		name: 'Pickers: users (searched, every page of the search)',
		seed: () => seed('users'),
		read: async () => {
			const ids: string[] = [];
			let paginationToken: string | undefined;
			do {
				const found = await searchList({
					nodeType: 'elma365Task',
					parameters: { resource: 'task', operation: 'getAll' },
					credential: { baseUrl: t.platform.url, apiKey: t.platform.apiKey },
					method: 'searchUsers',
					filter: SEARCHED,
					paginationToken,
				});
				for (const entry of found.results) ids.push(String(entry.value));
				paginationToken = found.paginationToken;
			} while (paginationToken !== undefined);
			return ids;
		},
		isList: at('POST', '/pub/v1/user/list'),
		firstSize: LARGE_PAGE_SIZE,
	},
	{
		name: 'App Trigger: a poll of new items (every item since the start)',
		seed: () =>
			seed('app:crm/requests', (index) => ({
				__createdAt: new Date(Date.UTC(2024, 0, 1, 0, index)).toISOString(),
			})),
		read: async () => {
			const { items, error } = await pollNode({
				nodeType: 'elma365AppTrigger',
				parameters: {
					event: 'newItem',
					namespace: byCode('crm'),
					application: byCode('requests'),
					options: { fireForExisting: true },
				} as never,
				store: new PollStore(),
				mode: 'trigger',
				credential: { baseUrl: t.platform.url, apiKey: t.platform.apiKey },
			});
			if (error) throw error;
			return items.map((item) => idOf(item.json as Row));
		},
		isList: at('POST', '/pub/v1/app/crm/requests/list'),
		firstSize: MAX_PAGE_SIZE,
	},
];

/** Requests a platform of `mode` gets for a list of `rows`, first page asked at `firstSize`. */
function expectedRequests(mode: ListPaging, rows: number, firstSize: number): number {
	const capped = Math.ceil(rows / LIST_SIZE_LIMIT);
	if (mode === 'ignore') return 1;
	if (mode === 'refuse' && firstSize > LIST_SIZE_LIMIT) return capped + 1;
	return capped;
}

describe.each<ListPaging>(['cap', 'refuse', 'ignore'])('a platform that does "%s"', (mode) => {
	test.each(CASES.map((c) => [c.name, c] as const))('%s', async (_name, listCase) => {
		const expected = listCase.seed();
		t.platform.reset();
		t.platform.listPaging(mode);
		const ids = await listCase.read();
		expect(ids).toEqual(expected);
		const requests = t.platform.requests.filter(listCase.isList);
		const rows = listCase.rowsRead ?? expected.length;
		expect(requests).toHaveLength(expectedRequests(mode, rows, listCase.firstSize));
		const sizes = requests.map((r) =>
			Number((r.body as { size?: unknown } | undefined)?.size ?? r.query.size),
		);
		expect(sizes[0]).toBe(listCase.firstSize);
		if (mode === 'refuse') {
			// After the one refused page, nothing above the limit is asked again.
			expect(sizes.slice(1).every((size) => size <= LIST_SIZE_LIMIT)).toBe(true);
		}
	});
});

describe('a refused large page is remembered for the rest of the execution', () => {
	test('Get Many over two input items: one refused request in all; the second item asks 100 at once', async () => {
		const expected = seed('users');
		t.platform.listPaging('refuse');
		const { items, error } = await t.run({
			nodeType: 'elma365User',
			parameters: { resource: 'user', operation: 'getAll', ...list },
			input: [{ json: {} }, { json: {} }],
		});
		expect(error).toBeUndefined();
		expect(items.map((item) => idOf(item.json as Row))).toEqual([...expected, ...expected]);
		expect(items.map((item) => item.pairedItem)).toEqual([
			...expected.map(() => ({ item: 0 })),
			...expected.map(() => ({ item: 1 })),
		]);
		expect(t.platform.requests.map((r) => [(r.body as Row).from, (r.body as Row).size])).toEqual([
			[0, MAX_PAGE_SIZE],
			[0, 100],
			[100, 100],
			[200, 50],
			[0, 100],
			[100, 100],
			[200, 50],
		]);
	});

	test('a new execution asks the large page again', async () => {
		seed('users');
		t.platform.listPaging('refuse');
		await t.run({
			nodeType: 'elma365User',
			parameters: { resource: 'user', operation: 'getAll', ...list },
		});
		const first = t.platform.requests.length;
		await t.run({
			nodeType: 'elma365User',
			parameters: { resource: 'user', operation: 'getAll', ...list },
		});
		const sizes = t.platform.requests.map((r) => (r.body as Row).size);
		expect(sizes.slice(first)).toEqual([MAX_PAGE_SIZE, 100, 100, 50]);
	});

	test('a refusal for another reason than the size is not retried at 100', async () => {
		seed('users');
		for (const status of [401, 403, 404, 429]) {
			t.platform.reset();
			t.platform.script(
				'POST',
				'/pub/v1/user/list',
				{ status, headers: { 'retry-after': '0' }, body: { success: false, error: 'no' } },
				10,
			);
			const { error } = await t.run({
				nodeType: 'elma365User',
				// A 429 is waited out, not read as the size: fail it at once.
				parameters: {
					resource: 'user',
					operation: 'getAll',
					...list,
					requestOptions: { maxQuotaWait: 0 },
				},
			});
			expect(error?.httpCode).toBe(String(status));
			expect(t.platform.requests.every((r) => (r.body as Row).size === MAX_PAGE_SIZE)).toBe(true);
		}
	});

	test('a list that fails at 100 as well fails with the platform error, after one extra request', async () => {
		seed('users');
		t.platform.script(
			'POST',
			'/pub/v1/user/list',
			{ status: 400, body: { success: false, error: 'bad filter' } },
			2,
		);
		const { error } = await t.run({
			nodeType: 'elma365User',
			parameters: { resource: 'user', operation: 'getAll', ...list },
		});
		expect(error?.message).toBe('ELMA365 400: bad filter');
		expect(t.platform.requests.map((r) => (r.body as Row).size)).toEqual([MAX_PAGE_SIZE, 100]);
	});
});
