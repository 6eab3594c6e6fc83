/**
 * The module's API methods (help extention-api): each is "External" (called with
 * `Authorization: Bearer <token>`), POST, address = function name, all in one script. Signature and
 * answer as the vendor's own API methods write them (sekiro33/kedo-dev,
 * kedoSolution/extensions/entities/ext_7fe3de7d-f459-4f75-940c-271c6e9ea1ed___scripts.ts:
 * `async function name(req: HttpApiRequest): Promise<HttpResponse | void>`,
 * `new HttpResponse().status(201).json({...})`, `JSON.parse(<string>req.body)`).
 */
import { MODULE_VERSION, sameText, validateSubscription } from './contract';
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

/** The module setting that names the key n8n must send: its code in the module's settings. */
export const KEY_SETTING = 'subscribe_key';

/**
 * The key the administrator set in the module's settings, read as the vendor's own scripts read
 * module settings (`Namespace.params.data.<code>`, sekiro33/kedo-dev,
 * kedoSolution/processor/entities/ca/ext_7fe3de7d-f459-4f75-940c-271c6e9ea1ed/create_child_care_vacation_1c.ts).
 */
function settingKey(): string {
	const params = (Namespace as unknown as { params?: { data?: Record<string, unknown> } }).params;
	const value = params?.data?.[KEY_SETTING];
	return typeof value === 'string' ? value : '';
}

/**
 * 403 unless the body's `key` is the module setting's (compared in constant time): the External
 * methods take any user token of the company, so the key is what the administrator hands to n8n
 * alone. With the setting empty nobody may subscribe, list or unsubscribe.
 */
function refusal(body: unknown): HttpResponse | undefined {
	const expected = settingKey();
	if (expected === '')
		return answer(403, {
			error: `the module setting ${KEY_SETTING} is empty: the administrator sets it, and n8n sends it`,
		});
	const given = (body as { key?: unknown } | undefined)?.key;
	if (typeof given !== 'string' || !sameText(given, expected))
		return answer(403, { error: `key is not the module setting ${KEY_SETTING}` });
	return undefined;
}

export async function subscribe(req: HttpApiRequest): Promise<HttpResponse> {
	const body = readBody(req);
	const refused = refusal(body);
	if (refused) return refused;
	const input = validateSubscription(body);
	if (typeof input === 'string') return answer(400, { error: input });
	const id = await addSubscription(input);
	// Another subscribe wrote the store at the same moment each time: n8n's activation may try again.
	if (id === undefined)
		return answer(503, { error: 'the subscription could not be stored, try again' });
	return answer(200, { id });
}

export async function unsubscribe(req: HttpApiRequest): Promise<HttpResponse> {
	const body = readBody(req) as { id?: unknown } | undefined;
	const refused = refusal(body);
	if (refused) return refused;
	if (!body || typeof body.id !== 'string' || body.id === '')
		return answer(400, { error: 'id must be a non-empty string' });
	await removeSubscription(body.id);
	return answer(200, { ok: true });
}

export async function list(req: HttpApiRequest): Promise<HttpResponse> {
	const refused = refusal(readBody(req));
	if (refused) return refused;
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
