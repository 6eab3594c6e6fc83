import { loadOptions, searchList } from '../harness/engine';
import { usePlatform } from '../harness/setup';

const t = usePlatform();
const parameters = { events: ['item.created'] };

test('Applications lists every application of the company, valued namespace/code as the module matches them', async () => {
	const apps = t.platform.collection('apps');
	apps.set('hr/vacancies', { namespace: 'hr', code: 'vacancies', name: 'Vacancies' });
	apps.set('crm/deals', { namespace: 'crm', code: 'deals', name: 'Deals' });
	const options = await loadOptions({
		nodeType: 'elma365EventTrigger',
		parameters,
		credential: { baseUrl: t.platform.url, apiKey: t.platform.apiKey },
		method: 'getApplications',
	});
	apps.clear();
	expect(options).toEqual([
		{ name: 'Deals (crm/deals)', value: 'crm/deals' },
		{ name: 'Vacancies (hr/vacancies)', value: 'hr/vacancies' },
	]);
	expect(t.platform.requests.map((r) => [r.method, r.path])).toEqual([['GET', '/pub/v1/app/list']]);
});

test("Module is picked from the Scheme area's module list, valued by ID", async () => {
	const found = await searchList({
		nodeType: 'elma365EventTrigger',
		parameters,
		credential: { baseUrl: t.platform.url, apiKey: t.platform.apiKey },
		method: 'searchModules',
	});
	expect(found.results.map((entry) => entry.value)).toEqual(
		expect.arrayContaining(['telephony', 'mail']),
	);
	expect(t.platform.requests.map((r) => [r.method, r.path])).toEqual([
		['GET', '/pub/v1/scheme/modules'],
	]);
});
