import { searchList } from '../harness/engine';
import { usePlatform, picked } from '../harness/setup';

const t = usePlatform();

const search = (method: string, parameters: Record<string, unknown>, filter?: string) =>
	searchList({
		nodeType: 'elma365AppTrigger',
		parameters: parameters as never,
		credential: { baseUrl: t.platform.url, apiKey: t.platform.apiKey },
		method,
		filter,
	});

test("section and application are picked from the platform's lists", async () => {
	const sections = await search('searchNamespaces', { event: 'newItem' });
	expect(sections.results).toEqual(
		expect.arrayContaining([
			{ name: 'CRM (crm)', value: 'crm' },
			{ name: 'HR (hr)', value: 'hr' },
		]),
	);
	const apps = await search(
		'searchApplications',
		{ event: 'newItem', namespace: picked('crm') },
		'deal',
	);
	expect(apps.results.map((r) => r.value)).toEqual(['deals']);
	expect(t.platform.requests.map((r) => [r.method, r.path])).toEqual([
		['GET', '/pub/v1/scheme/namespaces'],
		['GET', '/pub/v1/scheme/namespaces/crm/apps'],
	]);
});

test('the application list is empty until the section is chosen, without a request', async () => {
	await expect(
		search('searchApplications', { event: 'newItem', namespace: picked('') }),
	).resolves.toEqual({ results: [] });
	expect(t.platform.requests).toHaveLength(0);
});
