import type { Platform, RecordedRequest, Reply } from '../platform.ts';
import { fail, newId, ok, page } from '../platform.ts';
import type { RequestShape } from '../shapes.ts';
import {
	bool,
	dateTime,
	digits,
	int,
	nonEmptyStr,
	obj,
	oneOf,
	openObj,
	opt,
	str,
	uint,
	uuid,
} from '../shapes.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The case body of create and update (platform-api.md section 2; the vendor's create and update
 * pages): Directory, Document Flow and Name required, every registration setting optional, no
 * other key anywhere.
 */
const CASE_BODY = obj({
	directoryId: uuid,
	docflow: oneOf('input', 'output', 'internal'),
	name: nonEmptyStr,
	registrationSettings: opt(
		obj({
			editAfterRegistration: opt(bool),
			minLength: opt(uint),
			reserveEnabled: opt(bool),
			resetInPeriod: opt(bool),
			resetSettings: opt(
				obj({
					nextResetAt: opt(dateTime),
					resetPeriod: opt(oneOf('year', 'month', 'week', 'day')),
					resetPeriodCount: opt(int),
				}),
			),
			template: opt(str),
			templateEnabled: opt(bool),
			through: opt(bool),
			throughSerialId: opt(uuid),
		}),
	),
});

/**
 * Lists and directory bodies are not documented (platform facts, "Nomenclature"): the node pages the
 * lists with from/size and offers free query parameters and body fields, so these stay open.
 */
const LIST: RequestShape = {
	query: openObj({ from: opt(digits), size: opt(digits) }),
	evidence: 'inferred',
	source:
		"platform-api.md 4.10 (method and path); no reference page found for list or directory_list, from/size inferred from the platform's list paging",
};

/** What the platform checks beyond the shape: the directory must exist. */
function missingDirectory(body: unknown, platform: Platform): Reply | undefined {
	const directoryId = (body as { directoryId: string }).directoryId;
	return platform.collection('nomenclatureDirectories').has(directoryId)
		? undefined
		: fail(400, `directory ${directoryId} not found`);
}

function list(platform: Platform, name: string, request: RecordedRequest): Reply {
	return page([...platform.collection(name).values()], request.query);
}

export function registerNomenclature(platform: Platform): void {
	platform
		.route(
			'GET',
			'/pub/v1/nomenclature',
			(request, _params, p) => list(p, 'nomenclatureCases', request),
			LIST,
		)
		.route(
			'POST',
			'/pub/v1/nomenclature',
			(request, _params, p) => {
				const missing = missingDirectory(request.body, p);
				if (missing) return missing;
				const item = { ...(request.body as object), __id: newId() };
				p.collection('nomenclatureCases').set(item.__id, item);
				return ok({ item });
			},
			{
				body: CASE_BODY,
				evidence: 'documented',
				source: 'api.elma365.com/en/public-api/reference/nomenclature/create',
			},
		)
		.route(
			'PUT',
			'/pub/v1/nomenclature/:id',
			(request, { id }, p) => {
				if (!UUID.test(id)) return fail(400, 'id: invalid uuid');
				const cases = p.collection('nomenclatureCases');
				if (!cases.has(id)) return fail(404, `case ${id} not found`);
				const missing = missingDirectory(request.body, p);
				if (missing) return missing;
				const item = { ...(request.body as object), __id: id };
				cases.set(id, item);
				return ok({ item });
			},
			{
				body: CASE_BODY,
				evidence: 'documented',
				source:
					'api.elma365.com/en/public-api/reference/nomenclature/update; platform-api.md sections 2 and 4.10 (case update)',
			},
		)
		.route(
			'GET',
			'/pub/v1/nomenclature/directory',
			(request, _params, p) => list(p, 'nomenclatureDirectories', request),
			LIST,
		)
		.route(
			'POST',
			'/pub/v1/nomenclature/directory',
			(request, _params, p) => {
				const item = { ...(request.body as object), __id: newId() };
				p.collection('nomenclatureDirectories').set(item.__id, item);
				return ok({ item });
			},
			{
				body: openObj({ name: nonEmptyStr }),
				evidence: 'inferred',
				source:
					'platform-api.md 4.10 (method and path); no reference page found for directory_create, a name at least',
			},
		)
		.route(
			'PUT',
			'/pub/v1/nomenclature/directory/:id',
			(request, { id }, p) => {
				const directories = p.collection('nomenclatureDirectories');
				const existing = directories.get(id);
				if (!existing) return fail(404, `directory ${id} not found`);
				const item = { ...existing, ...(request.body as object), __id: id };
				directories.set(id, item);
				return ok({ item });
			},
			{
				body: openObj({ name: opt(nonEmptyStr) }),
				evidence: 'inferred',
				source:
					'platform-api.md 4.10 (method and path); no reference page found for directory_update, the create body',
			},
		);
}
