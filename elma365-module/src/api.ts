/**
 * The module's API methods (help extention-api): each is "External" (called with
 * `Authorization: Bearer <token>`), POST, address = function name, all in one script. Signature and
 * answer object as in help api-method-with-wildcard: `async function name(req: HttpApiRequest):
 * Promise<HttpResponse | void>`, `new HttpResponse()`, `.status(HttpStatusCode.X)`, `.json(value)`.
 */
import { MODULE_VERSION, validateSubscription } from './contract';
import { addSubscription, allSubscriptions, removeSubscription } from './store';

function answer(status: number, value: unknown): HttpResponse {
	const response = new HttpResponse();
	response.status(status);
	response.json(value);
	return response;
}

/** The request body as JSON: a string per FetchRequest, an object if the platform parsed it. */
function readBody(req: HttpApiRequest): unknown {
	const body = req.body;
	if (body === undefined || body === null || body === '') return {};
	if (typeof body !== 'string') return body;
	try {
		return JSON.parse(body);
	} catch {
		return undefined;
	}
}

export async function subscribe(req: HttpApiRequest): Promise<HttpResponse> {
	const input = validateSubscription(readBody(req));
	if (typeof input === 'string') return answer(HttpStatusCode.BAD_REQUEST, { error: input });
	const id = await addSubscription(input);
	return answer(HttpStatusCode.OK, { id });
}

export async function unsubscribe(req: HttpApiRequest): Promise<HttpResponse> {
	const body = readBody(req) as { id?: unknown } | undefined;
	if (!body || typeof body.id !== 'string' || body.id === '')
		return answer(HttpStatusCode.BAD_REQUEST, { error: 'id must be a non-empty string' });
	await removeSubscription(body.id);
	return answer(HttpStatusCode.OK, { ok: true });
}

export async function list(_req: HttpApiRequest): Promise<HttpResponse> {
	const subscriptions = (await allSubscriptions()).map(({ id, url, events, applications }) => ({
		id,
		url,
		events,
		applications,
	}));
	return answer(HttpStatusCode.OK, { subscriptions });
}

export async function ping(_req: HttpApiRequest): Promise<HttpResponse> {
	return answer(HttpStatusCode.OK, { ok: true, version: MODULE_VERSION });
}
