/**
 * A company's own module with External API methods (vendor help `extention-api`), for ELMA365
 * Module > API Method > Call (docs/nodes/module.md): `/api/extensions/<module id>/script/<method>`
 * on the company's origin, called with `Authorization: Bearer <token>` like the connector's methods
 * (routes/connector.ts). Its methods are this double's own, a demo of what a module may answer:
 *
 * - `echo` (GET, POST, PUT, PATCH, DELETE): answers, as JSON, the JSON body it got (GET: the query);
 * - `fail` (POST): answers 422 with a text, the `reason` of its body or a fixed one;
 * - `report` (GET, POST): answers a CSV text (`text/csv`);
 * - `orders/list` (GET, a nested address as the help allows): answers a JSON array.
 *
 * Assumed, as no page documents it: a module ID the company does not have is answered 404 with
 * `{"error": "extension <id> not found"}`, and a method the module does not have (or not with that
 * HTTP method) 404 with the double's plain `404 page not found`.
 */
import type { Handler, Platform, Reply } from '../platform.ts';
import type { RequestShape } from '../shapes.ts';
import { any, record, str } from '../shapes.ts';

export const DEMO_MODULE_ID = '4d3e0000-0000-4000-8000-00000000d3e0';

/** The report `report` answers. */
export const DEMO_REPORT = 'id,name\n1,Office chairs\n2,Standing desks\n';

/** The orders `orders/list` answers. */
export const DEMO_ORDERS = [
	{ id: 1, name: 'Office chairs', status: 'open' },
	{ id: 2, name: 'Standing desks', status: 'closed' },
];

const SOURCE =
	"the double's demo module (test/harness/routes/module.ts); address and token: vendor help extention-api, artemmovchan/elma365tbothelper app/elma_api.py";

/** The methods' shapes are the demo's own: any JSON body, or on GET any query. */
const JSON_BODY: RequestShape = { body: any, evidence: 'inferred', source: SOURCE };
const ANY_QUERY: RequestShape = { query: record(str), evidence: 'inferred', source: SOURCE };

/** The demo module, listed by the Scheme area as the company's modules are. */
export const DEMO_MODULE = {
	id: DEMO_MODULE_ID,
	name: 'Orders (demo)',
	enabled: true,
	exportable: true,
};

/** A handler that answers only for the demo module; any other module ID is not installed. */
function ofDemoModule(handler: Handler): Handler {
	return (request, params, platform) =>
		params.module === DEMO_MODULE_ID
			? handler(request, params, platform)
			: { status: 404, body: { error: `extension ${params.module} not found` } };
}

const echo: Handler = (request) =>
	({
		status: 200,
		body: request.method === 'GET' ? request.query : (request.body ?? {}),
	}) satisfies Reply;

const failing: Handler = (request) => {
	const reason = (request.body as { reason?: unknown } | undefined)?.reason;
	return {
		status: 422,
		headers: { 'content-type': 'text/plain; charset=utf-8' },
		body: `Order cannot be shipped: ${typeof reason === 'string' ? reason : 'it is closed'}`,
	};
};

const report: Handler = () => ({
	status: 200,
	headers: { 'content-type': 'text/csv; charset=utf-8' },
	body: DEMO_REPORT,
});

export function registerModuleMethods(platform: Platform): void {
	const base = '/api/extensions/:module/script';
	platform.route('GET', `${base}/echo`, ofDemoModule(echo), ANY_QUERY);
	for (const method of ['POST', 'PUT', 'PATCH', 'DELETE'])
		platform.route(method, `${base}/echo`, ofDemoModule(echo), JSON_BODY);
	platform
		.route('POST', `${base}/fail`, ofDemoModule(failing), JSON_BODY)
		.route('GET', `${base}/report`, ofDemoModule(report), ANY_QUERY)
		.route('POST', `${base}/report`, ofDemoModule(report), JSON_BODY)
		.route(
			'GET',
			`${base}/orders/list`,
			ofDemoModule(() => ({ status: 200, body: DEMO_ORDERS })),
			ANY_QUERY,
		);
}
