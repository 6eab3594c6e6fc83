import { searchList } from '../harness/engine';
import { usePlatform } from '../harness/setup';

const t = usePlatform();

test("the process template is picked from the chosen section's list", async () => {
	const templates = await searchList({
		nodeType: 'elma365ProcessTrigger',
		parameters: { event: 'newInstance', namespace: { __rl: true, mode: 'code', value: 'hr' } },
		credential: { baseUrl: t.platform.url, apiKey: t.platform.apiKey },
		method: 'searchProcessTemplateIds',
	});
	const onboarding = t.platform.collection('schemeProcessTemplates').get('hr/onboarding') as {
		__id: string;
	};
	expect(templates.results).toEqual([{ name: 'Onboarding (onboarding)', value: onboarding.__id }]);
	expect(t.platform.requests.map((r) => [r.method, r.path])).toEqual([
		['GET', '/pub/v1/scheme/namespaces/hr/processes'],
	]);
});
