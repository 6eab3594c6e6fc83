import { runNode } from './harness/engine';
import { startPlatform } from './harness/index.ts';

test('smoke', async () => {
	const platform = await startPlatform();
	const r = await runNode({ nodeType: 'elma365Nomenclature', parameters: { resource: 'directory', operation: 'create', name: 'D1' }, credential: { baseUrl: platform.url, apiKey: platform.apiKey } });
	console.log(JSON.stringify(r.items), r.error?.message, platform.requests.map(r => [r.method, r.path, r.headers.authorization, r.body]));
	await platform.close();
});
