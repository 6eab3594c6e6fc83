/**
 * The module's API methods (help extention-api): each is "External" (called with
 * `Authorization: Bearer <token>`), POST, address = function name, all in one script. Signature and
 * answer as the vendor's own API methods write them (sekiro33/kedo-dev,
 * kedoSolution/extensions/entities/ext_7fe3de7d-f459-4f75-940c-271c6e9ea1ed___scripts.ts:
 * `async function name(req: HttpApiRequest): Promise<HttpResponse | void>`,
 * `new HttpResponse().status(201).json({...})`, `JSON.parse(<string>req.body)`).
 */
import { MODULE_VERSION, validateSubscription } from './contract';
import { addSubscription, allSubscriptions, removeSubscription } from './store';

function answer(status: number, value: unknown): HttpResponse {
	const response = new HttpResponse();
	response.status(status);
	response.json(value);
	return response;
}

/** The request body as JSON: the text the vendor's methods parse, or an object if already parsed. */
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
	if (typeof input === 'string') return answer(400, { error: input });
	const id = await addSubscription(input);
	// Another subscribe wrote the store at the same moment each time: n8n's activation may try again.
	if (id === undefined)
		return answer(503, { error: 'the subscription could not be stored, try again' });
	return answer(200, { id });
}

export async function unsubscribe(req: HttpApiRequest): Promise<HttpResponse> {
	const body = readBody(req) as { id?: unknown } | undefined;
	if (!body || typeof body.id !== 'string' || body.id === '')
		return answer(400, { error: 'id must be a non-empty string' });
	await removeSubscription(body.id);
	return answer(200, { ok: true });
}

export async function list(_req: HttpApiRequest): Promise<HttpResponse> {
	const subscriptions = (await allSubscriptions()).map(({ id, url, events, applications }) => ({
		id,
		url,
		events,
		applications,
	}));
	return answer(200, { subscriptions });
}

export async function ping(_req: HttpApiRequest): Promise<HttpResponse> {
	return answer(200, { ok: true, version: MODULE_VERSION });
}
