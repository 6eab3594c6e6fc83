import { loadOptions, searchList } from '../harness/engine';
import { CONNECTOR_MODULE_ID } from '../harness/routes/connector.ts';
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

test('Module lists the modules that answer as the connector first, marking which is which', async () => {
	t.platform.collection('schemeModules').set(CONNECTOR_MODULE_ID, {
		id: CONNECTOR_MODULE_ID,
		name: 'n8n connector',
		enabled: true,
	});
	try {
		const found = await searchList({
			nodeType: 'elma365EventTrigger',
			parameters,
			credential: { baseUrl: t.platform.url, apiKey: t.platform.apiKey },
			method: 'searchModules',
		});
		expect(found.results.map((entry) => [entry.name, entry.value])).toEqual([
			[`n8n connector (${CONNECTOR_MODULE_ID}): n8n connector 0.1.0`, CONNECTOR_MODULE_ID],
			['Telephony (telephony): not the n8n connector', 'telephony'],
			['Mail (mail): not the n8n connector', 'mail'],
		]);
		const requests = t.platform.requests.map((r) => [r.method, r.path]);
		expect(requests[0]).toEqual(['GET', '/pub/v1/scheme/modules']);
		expect(requests.slice(1).sort()).toEqual(
			[CONNECTOR_MODULE_ID, 'mail', 'telephony']
				.map((id) => ['POST', `/api/extensions/${id}/script/ping`])
				.sort(),
		);
	} finally {
		t.platform.collection('schemeModules').delete(CONNECTOR_MODULE_ID);
	}
});
