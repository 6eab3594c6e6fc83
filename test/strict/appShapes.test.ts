/**
 * The /app, /contracts and /reports routes of the double: every one declares the request shape it
 * accepts and where that shape comes from (the Body column of docs/nodes/ follows this table).
 */
import { startPlatform } from '../harness';
import type { Platform } from '../harness';

let platform: Platform;
beforeAll(async () => {
	platform = await startPlatform();
});
afterAll(async () => platform.close());

test('every route of applications, contracts and reports declares its shape, evidence and source', () => {
	const routes = platform
		.endpoints()
		.filter((route) => /^\/pub\/v1\/(app|contracts|reports)\//.test(route.path));
	expect(routes.map((route) => [route.method, route.path, route.shape?.evidence])).toEqual([
		['POST', '/pub/v1/app/:namespace/:code/create', 'documented'],
		['POST', '/pub/v1/app/:namespace/:code/list', 'documented'],
		['POST', '/pub/v1/app/:namespace/:code/:id/update', 'client'],
		['GET', '/pub/v1/app/:namespace/:code/:id/get', 'documented'],
		['POST', '/pub/v1/app/:namespace/:code/:id/get', 'documented'],
		['POST', '/pub/v1/app/items/batch', 'documented'],
		['POST', '/pub/v1/contracts/:namespace/:code/create', 'documented'],
		['POST', '/pub/v1/contracts/:namespace/:code/list', 'documented'],
		['POST', '/pub/v1/contracts/:namespace/:code/:id/update', 'documented'],
		['GET', '/pub/v1/contracts/:namespace/:code/:id/get', 'inferred'],
		['POST', '/pub/v1/reports/:namespace/:code/list', 'documented'],
		['GET', '/pub/v1/app/list', 'documented'],
		['GET', '/pub/v1/app/:namespace/:code/settings/status', 'documented'],
		['POST', '/pub/v1/app/:namespace/:code/:id/set-status', 'client'],
		['POST', '/pub/v1/app/:namespace/:code/import', 'documented'],
		['POST', '/pub/v1/app/:namespace/:code/import/status', 'inferred'],
	]);
	for (const route of routes) expect(route.shape?.source).toEqual(expect.stringMatching(/\S/));
});

test('set-status, update and get refuse what their evidence does not show', async () => {
	const id = '3fa85f64-5717-4562-b3fc-2c963f66afa6';
	const call = async (method: string, path: string, body?: unknown) => {
		const response = await fetch(`${platform.url}${path}`, {
			method,
			headers: { authorization: `Bearer ${platform.apiKey}`, 'content-type': 'application/json' },
			body: body === undefined ? undefined : JSON.stringify(body),
		});
		return [response.status, ((await response.json()) as { error: string }).error];
	};
	expect(await call('POST', `/pub/v1/app/crm/deals/${id}/set-status`, { status: 'new' })).toEqual([
		400,
		'body.status: object expected, got string',
	]);
	expect(await call('POST', `/pub/v1/app/crm/deals/${id}/update`, { __name: 'x' })).toEqual([
		400,
		'body.__name: unknown key',
	]);
	expect(await call('POST', `/pub/v1/app/crm/deals/${id}/get`, { fields: {} })).toEqual([
		400,
		'body: this endpoint takes no body',
	]);
	expect(await call('POST', `/pub/v1/app/crm/deals/${id}/update`, { context: {} })).toEqual([
		404,
		`item ${id} not found`,
	]);
});

test('the batch save refuses what its reference page does not document, and an item without a pseudo-identifier', async () => {
	const call = async (body: unknown) => {
		const response = await fetch(`${platform.url}/pub/v1/app/items/batch`, {
			method: 'POST',
			headers: { authorization: `Bearer ${platform.apiKey}`, 'content-type': 'application/json' },
			body: JSON.stringify(body),
		});
		return [response.status, ((await response.json()) as { error: string }).error];
	};
	const item = { namespace: 'crm', code: 'deals', context: { __id: '$ref/0', __name: 'x' } };
	expect(await call({ items: [item], withEventHandlers: 'yes' })).toEqual([
		400,
		'body.withEventHandlers: boolean expected, got string',
	]);
	expect(
		await call({ items: [item], statusGroupId: '3fa85f64-5717-4562-b3fc-2c963f66afa6' }),
	).toEqual([400, 'body.statusGroupId: unknown key']);
	expect(await call({ items: [] })).toEqual([400, 'body.items: at least 1 entries expected']);
	expect(await call({ items: [{ ...item, context: { __name: 'x' } }] })).toEqual([
		400,
		'body.items[0].context.__id: required',
	]);
	expect(await call({ items: [{ ...item, context: { __id: 'f00' } }] })).toEqual([
		400,
		'body.items[0].context.__id: value matching /^\\$ref\\/.+$/ expected, got "f00"',
	]);
	expect(await call({ items: [{ context: item.context, code: 'deals' }] })).toEqual([
		400,
		'body.items[0].namespace: required',
	]);
});
