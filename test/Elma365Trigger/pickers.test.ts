import { searchList } from '../harness/engine';
import { usePlatform } from '../harness/setup';

const t = usePlatform();
const search = (method: string, parameters: Record<string, unknown>, filter?: string) =>
	searchList({
		nodeType: 'elma365Trigger',
		parameters: parameters as never,
		credential: { baseUrl: t.platform.url, apiKey: t.platform.apiKey },
		method,
		filter,
	});
const picked = (value: string, mode = 'list') => ({ __rl: true, mode, value });

test("section, application and process template are picked from the platform's lists", async () => {
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

	const templates = await search('searchProcessTemplateIds', {
		event: 'newInstance',
		namespace: picked('hr', 'code'),
	});
	const onboarding = t.platform.collection('schemeProcessTemplates').get('hr/onboarding') as {
		__id: string;
	};
	expect(templates.results).toEqual([{ name: 'Onboarding (onboarding)', value: onboarding.__id }]);

	expect(t.platform.requests.map((r) => [r.method, r.path])).toEqual([
		['GET', '/pub/v1/scheme/namespaces'],
		['GET', '/pub/v1/scheme/namespaces/crm/apps'],
		['GET', '/pub/v1/scheme/namespaces/hr/processes'],
	]);
});

test('the application list is empty until the section is chosen, without a request', async () => {
	await expect(
		search('searchApplications', { event: 'newItem', namespace: picked('') }),
	).resolves.toEqual({ results: [] });
	expect(t.platform.requests).toHaveLength(0);
});
