/**
 * A company module with External API methods in the sandbox, for ELMA365 Module > API Method > Call:
 * the double's demo module (test/harness/routes/module.ts: `echo`, `fail`, `report`, `orders/list`),
 * listed by `GET /pub/v1/scheme/modules` so the node's Module picker offers it. Its calls are
 * scripted to the double's routes ahead of the connector module's scripted methods
 * (sandboxConnector.ts), which take every other `/api/extensions/` call; install it first.
 */
import type { Platform } from '../test/harness/index.ts';
import { DEMO_MODULE, DEMO_MODULE_ID } from '../test/harness/routes/module.ts';

export function installDemoModule(platform: Platform): void {
	platform.collection('schemeModules').set(DEMO_MODULE_ID, DEMO_MODULE);
	const own = new RegExp(`^/api/extensions/${DEMO_MODULE_ID}/`);
	for (const method of ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'])
		platform.script(method, own, (request, _params, p) => p.routed(request), Infinity);
}
