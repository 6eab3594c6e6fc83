/**
 * Document > Get Document Lists and Get Registrations: the exact wire request (an empty JSON object,
 * or Additional Body (JSON)), the platform's answer as the output, the section, application and
 * document pickers, validation before any request and the platform's errors.
 */
import { searchList } from '../harness/engine';
import { newId } from '../harness/index.ts';
import { itemsOf } from '../harness/routes/app.ts';
import { jsonOf, pairingOf, usePlatform, picked } from '../harness/setup';

const t = usePlatform();
const NODE = 'elma365Nomenclature';

let documentId: string;
let otherId: string;
const registration = {
	__id: '5a000000-0000-4000-8000-0000000000a1',
	caseId: '5b000000-0000-4000-8000-0000000000b2',
	number: 'IN-0042',
	registeredAt: '2026-11-20T09:00:00Z',
};
const documentList = { __id: '5c000000-0000-4000-8000-0000000000c3', name: 'Incoming mail' };

beforeEach(() => {
	const documents = itemsOf(t.platform, 'app', 'crm', 'deals');
	documents.clear();
	documentId = newId();
	otherId = newId();
	documents.set(documentId, { __id: documentId, __name: 'Letter from ACME' });
	documents.set(otherId, { __id: otherId, __name: 'Invoice 7' });
	const key = `crm/deals/${documentId}`;
	t.platform.collection('registrations').clear();
	t.platform.collection('docflowLists').clear();
	t.platform.collection('registrations').set(key, { entries: [registration] });
	t.platform.collection('docflowLists').set(key, { entries: [documentList] });
});

const location = () => ({
	namespace: picked('crm'),
	application: picked('deals'),
	itemId: picked(documentId),
});
const run = (operation: string, parameters: object = {}, more: object = {}) =>
	t.run({
		nodeType: NODE,
		parameters: { resource: 'document', operation, ...location(), ...parameters } as never,
		...more,
	});

describe('wire request and output', () => {
	test.each([
		[
			'getRegistrations',
			() => `/pub/v1/registration/crm/deals/${documentId}`,
			() => ({ registrations: [registration] }),
		],
		[
			'getLists',
			() => `/pub/v1/docflow/crm/deals/${documentId}/lists`,
			() => ({ lists: [documentList] }),
		],
	])('%s: POST with {} and the answer as the output item', async (operation, path, output) => {
		const { items, error } = await run(operation);
		expect(error).toBeUndefined();
		expect(
			t.platform.requests.map((r) => [
				r.method,
				r.path,
				r.query,
				r.body,
				r.headers.authorization,
				r.headers['content-type'],
			]),
		).toEqual([['POST', path(), {}, {}, `Bearer ${t.platform.apiKey}`, 'application/json']]);
		expect(jsonOf(items)).toEqual([output()]);
		expect(pairingOf(items)).toEqual([{ item: 0 }]);
	});

	test('Additional Body (JSON) is sent as given; the document typed by URL', async () => {
		const { error } = await run('getRegistrations', {
			itemId: picked(
				`https://mycompany.elma365.ru/crm/deals(p:item/crm/deals/${documentId})`,
				'url',
			),
			options: { body: '{"from": 0, "size": 10}' },
		});
		expect(error).toBeUndefined();
		expect(t.platform.requests.map((r) => [r.path, r.body])).toEqual([
			[`/pub/v1/registration/crm/deals/${documentId}`, { from: 0, size: 10 }],
		]);
	});

	test('one request per input item, outputs in input order, at Concurrency 2', async () => {
		const { items, error } = await run(
			'getLists',
			{ itemId: picked('={{ $json.id }}', 'id'), options: { concurrency: 2 } },
			{ input: [{ json: { id: documentId } }, { json: { id: otherId } }] },
		);
		expect(error).toBeUndefined();
		expect(t.platform.requests.map((r) => r.path).sort()).toEqual(
			[
				`/pub/v1/docflow/crm/deals/${documentId}/lists`,
				`/pub/v1/docflow/crm/deals/${otherId}/lists`,
			].sort(),
		);
		expect(jsonOf(items)).toEqual([{ lists: [documentList] }, { lists: [] }]);
		expect(pairingOf(items)).toEqual([{ item: 0 }, { item: 1 }]);
	});
});

describe('validation and platform errors', () => {
	test.each([
		[
			'getRegistrations',
			{ itemId: picked('={{ "not-a-uuid" }}', 'id') },
			/Invalid "Document" in item 0: expected a UUID/,
		],
		[
			'getLists',
			{ application: picked('={{ " " }}', 'code') },
			/Invalid "Application" in item 0: expected a non-empty text/,
		],
		[
			'getLists',
			{ namespace: picked('={{ "" }}', 'code') },
			/Invalid "Section" in item 0: expected a non-empty text/,
		],
		[
			'getRegistrations',
			{ options: { body: '[1]' } },
			/Invalid "Options > Additional Body \(JSON\)" in item 0: expected a JSON object/,
		],
	])('%s: a clear error and no request', async (operation, parameters, message) => {
		const { error, items } = await run(operation, parameters);
		expect(error?.message).toMatch(message);
		expect(items).toEqual([]);
		expect(t.platform.requests).toHaveLength(0);
	});

	test("an unknown document fails with the platform's text; Continue On Fail pairs it", async () => {
		const unknown = newId();
		const { items, error } = await run(
			'getRegistrations',
			{ itemId: picked('={{ $json.id }}', 'id') },
			{ input: [{ json: { id: documentId } }, { json: { id: unknown } }], continueOnFail: true },
		);
		expect(error).toBeUndefined();
		expect(jsonOf(items)).toEqual([
			{ registrations: [registration] },
			expect.objectContaining({
				error: `ELMA365 404: item crm/deals/${unknown} not found`,
				httpCode: '404',
			}),
		]);
		expect(pairingOf(items)).toEqual([{ item: 0 }, { item: 1 }]);
	});
});

describe('pickers', () => {
	const search = (method: string, parameters: object, filter?: string) =>
		searchList({
			nodeType: NODE,
			parameters: { resource: 'document', operation: 'getLists', ...parameters } as never,
			credential: { baseUrl: t.platform.url, apiKey: t.platform.apiKey },
			method,
			filter,
		});

	test('section, then its applications, then the documents of the application by name', async () => {
		expect((await search('searchNamespaces', {}, 'crm')).results).toEqual([
			{ name: 'CRM (crm)', value: 'crm' },
		]);
		expect((await search('searchApplications', { namespace: picked('crm') })).results).toEqual([
			{ name: 'Deals (deals)', value: 'deals' },
			{ name: 'Companies (companies)', value: 'companies' },
		]);
		expect(
			(
				await search(
					'searchItems',
					{ namespace: picked('crm'), application: picked('deals') },
					'letter',
				)
			).results,
		).toEqual([{ name: 'Letter from ACME', value: documentId }]);
		expect(t.platform.requests.map((r) => [r.method, r.path])).toEqual([
			['GET', '/pub/v1/scheme/namespaces'],
			['GET', '/pub/v1/scheme/namespaces/crm/apps'],
			['POST', '/pub/v1/app/crm/deals/list'],
		]);
	});

	test('nothing chosen: the application and document lists are empty, with no request', async () => {
		expect(await search('searchApplications', {})).toEqual({ results: [] });
		expect(await search('searchItems', { namespace: picked('crm') })).toEqual({ results: [] });
		expect(t.platform.requests).toHaveLength(0);
	});
});
