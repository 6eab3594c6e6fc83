import axios from 'axios';
import { newId } from '../harness/index.ts';
import { jsonOf, pairingOf, usePlatform } from '../harness/setup';
import { MAX_PAGE_SIZE } from '../../nodes/shared/lists/pager';

const t = usePlatform();
let rootId: string;

beforeEach(() => {
	t.platform.collection('diskDirectories').clear();
	rootId = newId();
	t.platform.collection('diskDirectories').set(rootId, { __id: rootId, name: 'Root' });
});

describe('directory', () => {
	test("create: POST /disk/directory with the directory model's keys (__name, directory) and extra JSON", async () => {
		const { items, error } = await t.run({
			nodeType: 'elma365File',
			parameters: {
				resource: 'directory',
				operation: 'create',
				name: 'Invoices',
				parentId: { __rl: true, mode: 'id', value: rootId },
				body: '{"description": "2026"}',
			},
		});
		expect(error).toBeUndefined();
		expect(t.platform.requests.map((r) => [r.method, r.path, r.body])).toEqual([
			[
				'POST',
				'/pub/v1/disk/directory',
				{ __name: 'Invoices', directory: rootId, description: '2026' },
			],
		]);
		expect(jsonOf(items)).toEqual([
			{ __name: 'Invoices', directory: rootId, description: '2026', __id: expect.any(String) },
		]);
	});

	test('create without a parent does not send one', async () => {
		await t.run({
			nodeType: 'elma365File',
			parameters: { resource: 'directory', operation: 'create', name: 'Top' },
		});
		expect(t.platform.requests[0].body).toEqual({ __name: 'Top' });
	});

	test('create: the double refuses the {name, parent} shape no source shows, and an unknown parent', async () => {
		const send = (data: unknown) =>
			axios.post(`${t.platform.url}/pub/v1/disk/directory`, data, {
				headers: { authorization: `Bearer ${t.platform.apiKey}` },
				validateStatus: () => true,
			});
		const old = await send({ name: 'Top', parent: rootId });
		expect(old.status).toBe(400);
		expect(old.data).toEqual({ success: false, error: 'body.__name: required' });
		const missing = newId();
		const orphan = await send({ __name: 'Top', directory: missing });
		expect(orphan.status).toBe(400);
		expect(orphan.data).toEqual({ success: false, error: `directory ${missing} not found` });
	});

	test('get: GET /disk/directory/{id}', async () => {
		const { items } = await t.run({
			nodeType: 'elma365File',
			parameters: {
				resource: 'directory',
				operation: 'get',
				directoryId: { __rl: true, mode: 'id', value: rootId },
			},
		});
		expect(t.platform.requests.map((r) => [r.method, r.path, r.query])).toEqual([
			['GET', `/pub/v1/disk/directory/${rootId}`, {}],
		]);
		expect(jsonOf(items)).toEqual([{ __id: rootId, name: 'Root' }]);
	});

	test('get: the double answers {"directory": {...}} as documented; the node outputs the directory itself', async () => {
		const answer = await axios.get(`${t.platform.url}/pub/v1/disk/directory/${rootId}`, {
			headers: { authorization: `Bearer ${t.platform.apiKey}` },
		});
		expect(answer.data).toEqual({
			success: true,
			error: '',
			directory: { __id: rootId, name: 'Root' },
		});
	});

	test('getAll: the double refuses list keys the directory list does not document', async () => {
		const answer = await axios.post(
			`${t.platform.url}/pub/v1/disk/directory/list`,
			{ statusCode: ['x'] },
			{
				headers: { authorization: `Bearer ${t.platform.apiKey}` },
				validateStatus: () => true,
			},
		);
		expect([answer.status, answer.data.error]).toEqual([400, 'body.statusCode: unknown key']);
	});

	test('getAll: POST /disk/directory/list paged with from/size in the body', async () => {
		for (let i = 0; i < 150; i++) {
			const id = newId();
			t.platform.collection('diskDirectories').set(id, { __id: id, name: `D${i}` });
		}
		const { items, error } = await t.run({
			nodeType: 'elma365File',
			parameters: {
				resource: 'directory',
				operation: 'getAll',
				returnAll: true,
				options: { ids: '' },
			},
		});
		expect(error).toBeUndefined();
		expect(t.platform.requests.map((r) => [r.method, r.path, r.body])).toEqual([
			['POST', '/pub/v1/disk/directory/list', { from: 0, size: MAX_PAGE_SIZE }],
		]);
		expect(items).toHaveLength(151);
		expect(pairingOf(items).every((p) => (p as { item: number }).item === 0)).toBe(true);
	});

	test('getAll: the documented list keys (IDs, Sort, Table Filter; active through Additional Body) go into the body', async () => {
		const { error } = await t.run({
			nodeType: 'elma365File',
			parameters: {
				resource: 'directory',
				operation: 'getAll',
				limit: 5,
				options: {
					body: '{"active": false}',
					ids: rootId,
					sort: { rule: [{ field: '__name', ascending: true }] },
					tableFilter: { match: [{ field: '__name', value: 'Ro' }] },
				},
			},
		});
		expect(error).toBeUndefined();
		expect(t.platform.requests.map((r) => r.body)).toEqual([
			{
				filter: { tf: { __name: 'Ro' } },
				ids: [rootId],
				sortExpressions: [{ field: '__name', ascending: true }],
				active: false,
				from: 0,
				size: 5,
			},
		]);
	});

	test('getAll with a limit', async () => {
		const { items } = await t.run({
			nodeType: 'elma365File',
			parameters: { resource: 'directory', operation: 'getAll', limit: 1 },
		});
		expect(t.platform.requests[0].body).toEqual({ from: 0, size: 1 });
		expect(jsonOf(items)).toEqual([{ __id: rootId, name: 'Root' }]);
	});

	test('get of an unknown directory reports the platform error', async () => {
		const missing = newId();
		const { error } = await t.run({
			nodeType: 'elma365File',
			parameters: {
				resource: 'directory',
				operation: 'get',
				directoryId: { __rl: true, mode: 'id', value: missing },
			},
		});
		expect(error?.message).toBe(`ELMA365 404: directory ${missing} not found`);
	});
});
