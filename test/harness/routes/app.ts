import type { Handler, Platform, RecordedRequest, Reply } from '../platform.ts';
import { fail, newId, ok, page } from '../platform.ts';
import type { SchemeField } from '../fieldValues.ts';
import { refusedValue } from '../fieldValues.ts';
import type { RequestShape } from '../shapes.ts';
import {
	any,
	arr,
	bool,
	listBody,
	nonEmptyStr,
	obj,
	oneOf,
	openObj,
	opt,
	pattern,
	record,
	uint,
	uuid,
} from '../shapes.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const DEFAULT_STATUSES = {
	statusItems: [
		{ id: 1, name: 'New', code: 'new', groupId: 'f1d7c1a0-0000-4000-8000-000000000001' },
		{
			id: 2,
			name: 'In progress',
			code: 'in_progress',
			groupId: 'f1d7c1a0-0000-4000-8000-000000000001',
		},
		{ id: 3, name: 'Done', code: 'done', groupId: 'f1d7c1a0-0000-4000-8000-000000000002' },
	],
	groupItems: [
		{ id: 'f1d7c1a0-0000-4000-8000-000000000001', code: 'open', name: 'Open' },
		{ id: 'f1d7c1a0-0000-4000-8000-000000000002', code: 'closed', name: 'Closed' },
	],
};

/** Collection of the items of one application (contract, report): `app:crm/deals`. */
export function itemsOf(platform: Platform, prefix: string, namespace: string, code: string) {
	return platform.collection(`${prefix}:${namespace}/${code}`);
}

const REFERENCE = 'api.elma365.com/en/public-api/reference';

/** Item fields as the platform stores them: any JSON value per field code. */
const context = opt(record(any));

/**
 * The request shapes of the item endpoints of one area (apps, contracts), from the vendor's pages.
 * Where a page was not found the shape follows the best evidence, named in `source`.
 */
const ITEM_SHAPES: Record<
	'app' | 'contracts',
	Record<'create' | 'update' | 'list' | 'get', RequestShape>
> = {
	app: {
		create: {
			body: obj({ context, statusGroupId: opt(uuid), withEventForceCreate: opt(bool) }),
			evidence: 'documented',
			source: `${REFERENCE}/app/appitemcreate`,
		},
		update: {
			body: obj({ context }),
			evidence: 'client',
			source:
				'inse91/elma_lib app.go (Update: {"context"}); the contract edit page documents the same body',
		},
		list: { body: listBody(), evidence: 'documented', source: `${REFERENCE}/app/applist` },
		get: {
			evidence: 'documented',
			source: 'elma365.com/en/help/360004962211.html (get: no request parameters)',
		},
	},
	contracts: {
		create: {
			body: obj({ context }),
			evidence: 'documented',
			source: `${REFERENCE}/contracts/contractsitemcreate`,
		},
		update: {
			body: obj({ context }),
			evidence: 'documented',
			source: `${REFERENCE}/contracts/contractsitemupdate`,
		},
		list: {
			body: listBody({}, ['fields', 'statusCode', 'statusGroupId']),
			evidence: 'documented',
			source: `${REFERENCE}/contracts/contractslist`,
		},
		get: { evidence: 'inferred', source: 'platform-api.md 4.7 (GET, no body)' },
	},
};

/** The report list: only a table filter, and sort entries `{column, ascend}`. */
const REPORT_LIST: RequestShape = {
	body: obj({
		filter: opt(obj({ tf: opt(record(any)) })),
		from: opt(uint),
		size: opt(uint),
		sortExpressions: opt(arr(obj({ column: nonEmptyStr, ascend: opt(bool) }))),
	}),
	evidence: 'documented',
	source: `${REFERENCE}/reports/reportslist`,
};

function bodyOf(request: RecordedRequest): Record<string, unknown> {
	return request.body && typeof request.body === 'object'
		? (request.body as Record<string, unknown>)
		: {};
}

/** Sort entries as each list takes them: `{field, ascending}` (items) or `{column, ascend}` (reports). */
function sortItems(
	items: Array<Record<string, unknown>>,
	rules: unknown,
): Array<Record<string, unknown>> {
	if (!Array.isArray(rules) || rules.length === 0) return items;
	const keys = (rules as Array<Record<string, unknown>>).map((rule) => ({
		field: String(rule.field ?? rule.column),
		direction: (rule.ascending ?? rule.ascend) === true ? 1 : -1,
	}));
	return [...items].sort((a, b) => {
		for (const { field, direction } of keys) {
			const [x, y] = [a[field], b[field]] as Array<string | number>;
			if (x !== y) return (x < y ? -1 : 1) * direction;
		}
		return 0;
	});
}

/** Whether a stored value lies in a table filter's `{min, max}` range (`null` an open end): numbers, or dates as RFC 3339 text. */
function inRange(value: unknown, range: Record<string, unknown>): boolean {
	if (typeof value !== 'number' && typeof value !== 'string') return false;
	const { min, max } = range as { min?: number | string | null; max?: number | string | null };
	if (min !== null && min !== undefined && value < min) return false;
	if (max !== null && max !== undefined && value > max) return false;
	return true;
}

/**
 * One table filter condition as the vendor's filter guide describes it
 * (api.brix365.com/en/public-api/guides/Filter): text is found by inclusion, ignoring case; a
 * `{min, max}` object is a range; any other value must equal the stored one.
 */
function meetsCondition(stored: unknown, condition: unknown): boolean {
	if (typeof condition === 'string') {
		return (
			(typeof stored === 'string' || typeof stored === 'number') &&
			String(stored).toLowerCase().includes(condition.toLowerCase())
		);
	}
	if (
		condition !== null &&
		typeof condition === 'object' &&
		!Array.isArray(condition) &&
		('min' in condition || 'max' in condition)
	) {
		return inRange(stored, condition as Record<string, unknown>);
	}
	return JSON.stringify(stored) === JSON.stringify(condition);
}

/**
 * A 404 for an application (contract application, report) the double does not know, as the
 * platform answers an address it has no object for (elma365.com/en/help/360004962211.html:
 * "404. Invalid request address"; that an unknown or wrongly cased code is such an address is
 * inferred). The double knows its catalogue only where one is seeded (the `apps` list, as
 * GET /app/list serves it: the sandbox): then an application is known when that list, the
 * scheme's lists or its own items name it, case included. With no list every code is taken to
 * exist, so suites can seed items of any application.
 */
function unknownApplication(
	platform: Platform,
	prefix: string,
	namespace: string,
	code: string,
): Reply | undefined {
	if (platform.collection('apps').size === 0) return undefined;
	const key = `${namespace}/${code}`;
	const catalogues =
		prefix === 'reports' ? ['schemeReports'] : ['apps', 'schemeApps', 'schemeContracts'];
	if (catalogues.some((name) => platform.collection(name).has(key))) return undefined;
	if (itemsOf(platform, prefix, namespace, code).size > 0) return undefined;
	const what = prefix === 'reports' ? 'report' : 'application';
	return fail(404, `${what} ${key} not found`);
}

/** `handler` for the routes of one application: a 404 first where the double does not know it. */
function known(prefix: string, handler: Handler): Handler {
	return (request, params, platform) =>
		unknownApplication(platform, prefix, params.namespace, params.code) ??
		handler(request, params, platform);
}

/**
 * The list body the platform reads: ids, active, the table filter (every condition on a field the
 * item has must hold; suites seed items with only the fields they look at) and the sort are
 * honoured; then from/size.
 */
function listItems(
	platform: Platform,
	prefix: string,
	request: RecordedRequest,
	params: Record<string, string>,
): Reply {
	const body = bodyOf(request);
	let items = [...itemsOf(platform, prefix, params.namespace, params.code).values()];
	if (body.active === true) items = items.filter((item) => !item.__deletedAt);
	if (Array.isArray(body.ids))
		items = items.filter((item) => (body.ids as unknown[]).includes(item.__id));
	const tf = ((body.filter ?? {}) as Record<string, unknown>).tf as
		| Record<string, unknown>
		| undefined;
	for (const [field, condition] of Object.entries(tf ?? {}))
		items = items.filter((item) => !(field in item) || meetsCondition(item[field], condition));
	return page(sortItems(items, body.sortExpressions), body);
}

/**
 * What the platform refuses in an item's fields, where the double knows the application's scheme
 * (collection `schemeApps`, or `schemeContracts` for contract items, as the scheme routes serve
 * them): a value whose shape does not fit its field's type (fieldValues.ts). Used by the item
 * create, the update and the batch save alike.
 */
export function refusedField(
	platform: Platform,
	namespace: string,
	code: string,
	context: Record<string, unknown>,
	prefix: 'app' | 'contracts' = 'app',
): string | undefined {
	const schemes = prefix === 'contracts' ? 'schemeContracts' : 'schemeApps';
	const scheme = platform.collection(schemes).get(`${namespace}/${code}`) as
		| { fields?: SchemeField[] }
		| undefined;
	return refusedValue(scheme?.fields ?? [], context);
}

const CREATED_AT = '2026-01-01T00:00:00Z';

function registerItems(
	platform: Platform,
	prefix: 'app' | 'contracts',
	getMethods: string[],
): void {
	const base = `/pub/v1/${prefix}/:namespace/:code`;
	const shapes = ITEM_SHAPES[prefix];
	platform
		.route(
			'POST',
			`${base}/create`,
			known(prefix, (request, params, p) => {
				const fields = (bodyOf(request).context ?? {}) as Record<string, unknown>;
				const refused = refusedField(p, params.namespace, params.code, fields, prefix);
				if (refused) return fail(400, refused);
				const item = { ...fields, __id: newId(), __createdAt: CREATED_AT };
				itemsOf(p, prefix, params.namespace, params.code).set(item.__id, item);
				return ok({ item });
			}),
			shapes.create,
		)
		.route(
			'POST',
			`${base}/list`,
			known(prefix, (request, params, p) => listItems(p, prefix, request, params)),
			shapes.list,
		)
		.route(
			'POST',
			`${base}/:id/update`,
			known(prefix, (request, params, p) => {
				if (!UUID.test(params.id)) return fail(400, 'id: invalid uuid');
				const items = itemsOf(p, prefix, params.namespace, params.code);
				const existing = items.get(params.id);
				if (!existing) return fail(404, `item ${params.id} not found`);
				const fields = (bodyOf(request).context ?? {}) as Record<string, unknown>;
				const refused = refusedField(p, params.namespace, params.code, fields, prefix);
				if (refused) return fail(400, refused);
				const item = {
					...existing,
					...fields,
					__id: params.id,
				};
				items.set(params.id, item);
				return ok({ item });
			}),
			shapes.update,
		);
	for (const method of getMethods) {
		platform.route(
			method,
			`${base}/:id/get`,
			known(prefix, (_request, params, p) => {
				if (!UUID.test(params.id)) return fail(400, 'id: invalid uuid');
				const item = itemsOf(p, prefix, params.namespace, params.code).get(params.id);
				return item ? ok({ item }) : fail(404, `item ${params.id} not found`);
			}),
			shapes.get,
		);
	}
}

/**
 * A file uploaded with /disk/file/upload, found by its client-made hash: a finished temporary upload
 * (`diskBodies`, kept by the /disk routes) or a stored file (`diskFiles`). Its name as uploaded.
 */
function uploadedFile(platform: Platform, hash: string): { name: unknown } | undefined {
	const body = platform.collection('diskBodies').get(hash);
	if (body?.complete === true) return { name: body.fileName };
	const file = [...platform.collection('diskFiles').values()].find(
		(candidate) => candidate.hash === hash && !candidate.deleted,
	);
	return file ? { name: file.originalName ?? file.name } : undefined;
}

/** A pseudo-identifier of the batch save: `$ref/` and any text. */
const PSEUDO_ID = /^\$ref\/.+$/;

interface BatchItem {
	namespace: string;
	code: string;
	context: Record<string, unknown>;
}

/**
 * The batch save: one transaction, so one refused item refuses the whole batch (400, nothing
 * stored). Pseudo-identifiers become fresh UUIDs, also where a relation field names one.
 */
function saveBatch(request: RecordedRequest, p: Platform): Reply {
	const { items } = bodyOf(request) as { items: BatchItem[] };
	const pseudoIDsMap: Record<string, string> = {};
	for (const [index, { namespace, code, context }] of items.entries()) {
		const refused = refusedField(p, namespace, code, context);
		if (refused) return fail(400, `items[${index}]: ${refused}`);
		const pseudo = context.__id as string;
		if (pseudo in pseudoIDsMap)
			return fail(400, `items[${index}]: pseudo-identifier ${pseudo} repeated`);
		pseudoIDsMap[pseudo] = newId();
	}
	const real = (value: unknown): unknown =>
		typeof value === 'string' && value in pseudoIDsMap ? pseudoIDsMap[value] : value;
	for (const { namespace, code, context } of items) {
		const fields = Object.fromEntries(
			Object.entries(context).map(([key, value]) => [
				key,
				Array.isArray(value) ? value.map(real) : value,
			]),
		);
		const item = { ...fields, __id: pseudoIDsMap[context.__id as string], __createdAt: CREATED_AT };
		itemsOf(p, 'app', namespace, code).set(item.__id, item);
	}
	p.collection('batchSaves').set(newId(), {
		withEventHandlers: bodyOf(request).withEventHandlers,
		count: items.length,
	});
	return ok({ error: '', pseudoIDsMap, savedItemsCount: items.length });
}

export function registerApp(platform: Platform): void {
	registerItems(platform, 'app', ['GET', 'POST']);
	platform.route(
		'POST',
		'/pub/v1/app/items/batch',
		(request, _params, p) => saveBatch(request, p),
		{
			body: obj({
				items: arr(
					obj({
						namespace: nonEmptyStr,
						code: nonEmptyStr,
						context: openObj({ __id: pattern(PSEUDO_ID) }),
					}),
					1,
				),
				withEventHandlers: opt(bool),
			}),
			evidence: 'documented',
			source: 'api.brix365.com/en/public-api/reference/app/appitemssavebatch',
		},
	);
	registerItems(platform, 'contracts', ['GET']);
	platform
		.route(
			'POST',
			'/pub/v1/reports/:namespace/:code/list',
			known('reports', (request, params, p) => listItems(p, 'reports', request, params)),
			REPORT_LIST,
		)
		.route(
			'GET',
			'/pub/v1/app/list',
			(_request, _params, p) => {
				const apps = [...p.collection('apps').values()];
				return ok({ result: { result: apps, total: apps.length } });
			},
			{
				evidence: 'documented',
				source: 'api.elma365.com/en/public-api (Get app list (GET): no parameters)',
			},
		)
		.route(
			'GET',
			'/pub/v1/app/:namespace/:code/settings/status',
			known('app', (_request, params, p) => {
				const settings =
					p.collection('appStatuses').get(`${params.namespace}/${params.code}`) ?? DEFAULT_STATUSES;
				return ok({ ...settings });
			}),
			{ evidence: 'documented', source: `${REFERENCE}/app/appgetstatus` },
		)
		.route(
			'POST',
			'/pub/v1/app/:namespace/:code/:id/set-status',
			known('app', (request, params, p) => {
				if (!UUID.test(params.id)) return fail(400, 'id: invalid uuid');
				const items = itemsOf(p, 'app', params.namespace, params.code);
				const existing = items.get(params.id);
				if (!existing) return fail(404, `item ${params.id} not found`);
				const status = bodyOf(request).status as { code: string };
				const settings = (p.collection('appStatuses').get(`${params.namespace}/${params.code}`) ??
					DEFAULT_STATUSES) as typeof DEFAULT_STATUSES;
				const found = settings.statusItems.find((candidate) => candidate.code === status.code);
				if (!found) return fail(400, `status "${status.code}" not found`);
				const item = { ...existing, __status: { order: 0, status: found.id } };
				items.set(params.id, item);
				return ok({ item });
			}),
			{
				body: obj({ status: obj({ code: nonEmptyStr }) }),
				evidence: 'client',
				source: 'inse91/elma_lib model.go (setStatusRequest: {"status": {"code"}})',
			},
		)
		.route(
			'POST',
			'/pub/v1/app/:namespace/:code/import',
			known('app', (request, params, p) => {
				const { fileHash, format, withEventHandlers } = bodyOf(request) as {
					fileHash: string;
					format: string;
					withEventHandlers?: boolean;
				};
				const file = uploadedFile(p, fileHash);
				if (!file)
					return fail(
						400,
						`file with hash ${fileHash} not found: upload it with /disk/file/upload first`,
					);
				const key = `${params.namespace}/${params.code}`;
				const running = p.collection('imports').get(key);
				if (running?.status === 'running')
					return fail(400, 'an import is already running for this application');
				const record = {
					fileHash,
					format,
					withEventHandlers: withEventHandlers === true,
					fileName: file.name,
					status: 'done',
				};
				p.collection('imports').set(key, record);
				return ok({});
			}),
			{
				body: obj({ fileHash: uuid, format: oneOf('xlsx', 'csv'), withEventHandlers: opt(bool) }),
				evidence: 'documented',
				source: `${REFERENCE}/app/appimport`,
			},
		)
		.route(
			'POST',
			'/pub/v1/app/:namespace/:code/import/status',
			(_request, params, p) => {
				const record = p.collection('imports').get(`${params.namespace}/${params.code}`);
				return record ? ok({ item: record }) : fail(404, 'no import found for this application');
			},
			{
				evidence: 'inferred',
				source:
					'platform-api.md 4.1 (POST); no reference page found for appGetImportStatus, no body assumed',
			},
		);
}
