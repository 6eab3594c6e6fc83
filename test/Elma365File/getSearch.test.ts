import axios from 'axios';
import { newId } from '../harness/index.ts';
import { jsonOf, pairingOf, usePlatform } from '../harness/setup';
import { MAX_PAGE_SIZE } from '../../nodes/shared/lists/pager';

const t = usePlatform();
const alice = newId();
const bob = newId();
let inbox: string;
let archive: string;

/** A stored file as the documented file model shows it (plus the directory the search filters on). */
function seedFile(fields: Record<string, unknown>): Record<string, unknown> {
	const file = {
		__id: newId(),
		hash: newId(),
		version: 1,
		__createdBy: alice,
		__updatedBy: alice,
		__createdAt: '2026-01-10T09:00:00Z',
		__updatedAt: '2026-01-10T09:00:00Z',
		...fields,
	};
	t.platform.collection('diskFiles').set(file.__id, file);
	return file;
}

let invoice: Record<string, unknown>;
let contract: Record<string, unknown>;
let photo: Record<string, unknown>;

beforeEach(() => {
	t.platform.collection('diskFiles').clear();
	t.platform.collection('diskDirectories').clear();
	inbox = newId();
	archive = newId();
	t.platform.collection('diskDirectories').set(inbox, { __id: inbox, name: 'Inbox' });
	t.platform.collection('diskDirectories').set(archive, { __id: archive, name: 'Archive' });
	invoice = seedFile({ __name: 'Invoice 17.pdf', directory: inbox });
	contract = seedFile({
		__name: 'Contract.docx',
		directory: inbox,
		__createdBy: bob,
		__updatedBy: bob,
		__createdAt: '2026-02-01T12:00:00Z',
		__updatedAt: '2026-03-01T12:00:00Z',
	});
	photo = seedFile({
		__name: 'invoice-scan.png',
		directory: archive,
		__createdAt: '2026-02-15T00:00:00Z',
	});
});

describe('file > get', () => {
	test('GET /disk/file/{id}: the answer {"file": {...}} is output as the file itself', async () => {
		const { items, error } = await t.run({
			nodeType: 'elma365File',
			parameters: { resource: 'file', operation: 'get', fileId: ` ${String(invoice.__id)} ` },
		});
		expect(error).toBeUndefined();
		expect(
			t.platform.requests.map((r) => [r.method, r.path, r.query, r.headers.authorization, r.body]),
		).toEqual([
			[
				'GET',
				`/pub/v1/disk/file/${String(invoice.__id)}`,
				{},
				`Bearer ${t.platform.apiKey}`,
				undefined,
			],
		]);
		expect(jsonOf(items)).toEqual([invoice]);
		expect(pairingOf(items)).toEqual([{ item: 0 }]);
	});

	test('the double answers as the documented response model', async () => {
		const answer = await axios.get(`${t.platform.url}/pub/v1/disk/file/${String(invoice.__id)}`, {
			headers: { authorization: `Bearer ${t.platform.apiKey}` },
		});
		expect(answer.data).toEqual({ success: true, error: '', file: invoice });
	});

	test('a File ID that is not a UUID is refused before any request', async () => {
		const { error } = await t.run({
			nodeType: 'elma365File',
			parameters: { resource: 'file', operation: 'get', fileId: 'invoice.pdf' },
		});
		expect(error?.message).toMatch(/^Invalid "File ID" in item 0: expected a UUID/);
		expect(t.platform.requests).toEqual([]);
	});

	test('a file the platform does not have fails with its 404', async () => {
		const missing = newId();
		const { error } = await t.run({
			nodeType: 'elma365File',
			parameters: { resource: 'file', operation: 'get', fileId: missing },
		});
		expect(error?.message).toBe(`ELMA365 404: file ${missing} not found`);
	});

	test('Continue On Fail: one output per input, in order, paired', async () => {
		const missing = newId();
		const { items, error } = await t.run({
			nodeType: 'elma365File',
			continueOnFail: true,
			input: [invoice.__id, 'nope', missing, photo.__id].map((id) => ({ json: { id } })),
			parameters: { resource: 'file', operation: 'get', fileId: '={{ $json.id }}' },
		});
		expect(error).toBeUndefined();
		expect(t.platform.requests.map((r) => r.path)).toEqual([
			`/pub/v1/disk/file/${String(invoice.__id)}`,
			`/pub/v1/disk/file/${missing}`,
			`/pub/v1/disk/file/${String(photo.__id)}`,
		]);
		const out = jsonOf(items) as Array<Record<string, unknown>>;
		expect(out[0]).toEqual(invoice);
		expect(out[1].error).toMatch(/^Invalid "File ID" in item 1/);
		expect(out[2]).toMatchObject({
			error: `ELMA365 404: file ${missing} not found`,
			httpCode: '404',
		});
		expect(out[3]).toEqual(photo);
		expect(pairingOf(items)).toEqual([{ item: 0 }, { item: 1 }, { item: 2 }, { item: 3 }]);
	});
});

describe('file > search', () => {
	const search = (extra: Record<string, unknown>) => ({
		resource: 'file',
		operation: 'search',
		...extra,
	});

	test('every filter goes into the documented body; each file found is one item', async () => {
		const { items, error } = await t.run({
			nodeType: 'elma365File',
			timezone: 'Europe/Moscow',
			parameters: search({
				directoryId: { __rl: true, mode: 'list', value: inbox },
				filters: {
					name: 'contract',
					createdBy: bob,
					changedBy: bob,
					createdFrom: '2026-02-01T00:00:00',
					createdTo: '2026-02-28T23:59:59Z',
					updatedFrom: '2026-03-01T00:00:00Z',
					updatedTo: '2026-03-02T00:00:00+03:00',
				},
				returnAll: true,
			}),
		});
		expect(error).toBeUndefined();
		expect(t.platform.requests.map((r) => [r.method, r.path, r.query, r.body])).toEqual([
			[
				'POST',
				'/pub/v1/disk/files/search',
				{},
				{
					filter: {
						directory: inbox,
						__name: 'contract',
						__createdBy: bob,
						__changedBy: bob,
						__createdAt: { min: '2026-01-31T21:00:00.000Z', max: '2026-02-28T23:59:59.000Z' },
						__updatedAt: { min: '2026-03-01T00:00:00.000Z', max: '2026-03-01T21:00:00.000Z' },
					},
					from: 0,
					size: MAX_PAGE_SIZE,
				},
			],
		]);
		expect(jsonOf(items)).toEqual([contract]);
		expect(pairingOf(items)).toEqual([{ item: 0 }]);
	});

	test('by name alone: a partial match, any directory, up to Limit', async () => {
		const { items } = await t.run({
			nodeType: 'elma365File',
			parameters: search({ filters: { name: 'invoice' }, limit: 1 }),
		});
		expect(t.platform.requests.map((r) => r.body)).toEqual([
			{ filter: { __name: 'invoice' }, from: 0, size: 1 },
		]);
		expect(jsonOf(items)).toEqual([invoice]);
	});

	test('with no filter it sends no filter, and Return All reads every page', async () => {
		for (let n = 0; n < 150; n++) seedFile({ __name: `scan ${n}.png`, directory: archive });
		t.platform.listPaging('cap');
		const { items, error } = await t.run({
			nodeType: 'elma365File',
			parameters: search({ returnAll: true }),
		});
		expect(error).toBeUndefined();
		expect(t.platform.requests.map((r) => r.body)).toEqual([
			{ from: 0, size: MAX_PAGE_SIZE },
			{ from: 100, size: 53 },
		]);
		expect(items).toHaveLength(153);
		expect(jsonOf(items).slice(0, 3)).toEqual([invoice, contract, photo]);
	});

	test.each([
		['Created By (User ID)', { createdBy: 'bob' }],
		['Changed By (User ID)', { changedBy: '42' }],
		['Created After', { createdFrom: 'yesterday' }],
		['Updated Before', { updatedTo: '2026-02-30T00:00:00Z' }],
	])('an invalid "%s" is refused before any request', async (label, filters) => {
		const { error } = await t.run({
			nodeType: 'elma365File',
			parameters: search({ filters }),
		});
		expect(error?.message).toContain(`Invalid "${label}" in item 0`);
		expect(t.platform.requests).toEqual([]);
	});

	test('a Directory that is not a UUID is refused, by the editor or before any request', async () => {
		const typed = await t.run({
			nodeType: 'elma365File',
			parameters: search({ directoryId: { __rl: true, mode: 'id', value: 'Inbox' } }),
		});
		expect(typed.error?.message).toMatch(/Not a valid UUID/);
		const mapped = await t.run({
			nodeType: 'elma365File',
			input: [{ json: { directory: 'Inbox' } }],
			parameters: search({
				directoryId: { __rl: true, mode: 'id', value: '={{ $json.directory }}' },
			}),
		});
		expect(mapped.error?.message).toMatch(/^Invalid "Directory" in item 0: expected a UUID/);
		expect(t.platform.requests).toEqual([]);
	});

	test('a platform error fails the item with its message', async () => {
		t.platform.script('POST', '/pub/v1/disk/files/search', {
			status: 403,
			body: { success: false, error: 'access denied' },
		});
		const { error } = await t.run({ nodeType: 'elma365File', parameters: search({}) });
		expect(error?.message).toBe('ELMA365 403: access denied');
	});

	test('the double refuses what the reference page does not take', async () => {
		const post = (data: unknown) =>
			axios.post(`${t.platform.url}/pub/v1/disk/files/search`, data, {
				headers: { authorization: `Bearer ${t.platform.apiKey}` },
				validateStatus: () => true,
			});
		const unknownKey = await post({ filter: { author: alice } });
		expect([unknownKey.status, unknownKey.data.error]).toEqual([
			400,
			'body.filter.author: unknown key',
		]);
		const tooMany = await post({ size: 10001 });
		expect([tooMany.status, tooMany.data.error]).toEqual([
			400,
			'size: must be no greater than 10000',
		]);
	});
});
