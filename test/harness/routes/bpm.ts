import type { Platform, RecordedRequest } from '../platform.ts';
import { fail, newId, ok, page } from '../platform.ts';
import type { SchemeField } from '../fieldValues.ts';
import { refusedValue } from '../fieldValues.ts';
import { bool, listBody, obj, openObj, opt, sortExpressions, str, uint } from '../shapes.ts';
import { harnessClock } from '../clock.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const REFERENCE = 'api.elma365.com/en/public-api/reference/bpm';

type Entry = Record<string, unknown>;

function bodyOf(request: RecordedRequest): Entry {
	return request.body && typeof request.body === 'object' ? (request.body as Entry) : {};
}

function inRange(value: unknown, range: { min?: unknown; max?: unknown }): boolean {
	const at = (v: unknown) => (typeof v === 'number' ? v : Date.parse(String(v)));
	const ms = at(value);
	if (!Number.isFinite(ms)) return false;
	if (range.min !== null && range.min !== undefined && ms < at(range.min)) return false;
	if (range.max !== null && range.max !== undefined && ms > at(range.max)) return false;
	return true;
}

/**
 * The table filter as instance lists apply it. Reported by a client on a real company: a
 * `__createdAt` condition is NOT applied to instance lists (every instance comes back), while
 * `__updatedAt` is; the double does the same so a trigger relying on `__createdAt` shows it.
 * EQL is not evaluated here.
 */
function applyTableFilter(entries: Entry[], body: Entry): Entry[] {
	const tf = ((body.filter ?? {}) as { tf?: Record<string, unknown> }).tf ?? {};
	return entries.filter((entry) =>
		Object.entries(tf).every(([field, wanted]) => {
			if (field === '__createdAt') return true;
			if (wanted && typeof wanted === 'object' && !Array.isArray(wanted))
				return inRange(entry[field], wanted as Entry);
			if (typeof wanted === 'string')
				return String(entry[field] ?? '')
					.toLowerCase()
					.includes(wanted.toLowerCase());
			return JSON.stringify(entry[field]) === JSON.stringify(wanted);
		}),
	);
}

/** Sorted by the body's `sortExpressions` (stable; entries without the field keep their order). */
function sorted(entries: Entry[], body: Entry): Entry[] {
	const rules = (Array.isArray(body.sortExpressions) ? body.sortExpressions : []) as Array<{
		field: string;
		ascending: boolean;
	}>;
	const key = (value: unknown) =>
		typeof value === 'string' && !Number.isNaN(Date.parse(value)) ? Date.parse(value) : value;
	return [...entries].sort((a, b) => {
		for (const { field, ascending } of rules) {
			const [x, y] = [key(a[field]), key(b[field])];
			if (x === undefined || y === undefined || x === y) continue;
			return ((x as number) < (y as number) ? -1 : 1) * (ascending ? 1 : -1);
		}
		return 0;
	});
}

/**
 * Business processes: templates in `processTemplates` ({__id, namespace, code}), instances in
 * `processInstances`, flat as the platform keeps them ({__id, __templateId, __target?, __createdAt,
 * __updatedAt, ...context fields}).
 */
export function registerBpm(platform: Platform): void {
	platform
		.route(
			'POST',
			'/pub/v1/bpm/template/:namespace/:code/run',
			(request, { namespace, code }, p) => {
				const template = [...p.collection('processTemplates').values()].find(
					(entry) => entry.namespace === namespace && entry.code === code,
				);
				if (!template) return fail(404, `process template ${namespace}/${code} not found`);
				const context = (bodyOf(request).context ?? {}) as Entry;
				// The context fields the double's scheme gives the template (`schemeProcessTemplates`).
				const scheme = p.collection('schemeProcessTemplates').get(`${namespace}/${code}`) as
					| { context?: SchemeField[] }
					| undefined;
				const refused = refusedValue(Array.isArray(scheme?.context) ? scheme.context : [], context);
				if (refused) return fail(400, refused);
				const __id = newId();
				const now = new Date(harnessClock.now()).toISOString();
				p.collection('processInstances').set(__id, {
					...context,
					__id,
					__templateId: template.__id,
					__createdAt: now,
					__updatedAt: now,
					__state: 'exec',
				});
				// The answer is the started process's context (the model "context of a running process").
				return ok({ context: { ...context, __id } });
			},
			{
				body: obj({ context: opt(openObj()) }),
				evidence: 'documented',
				source: `${REFERENCE}/bpmtemplaterun`,
			},
		)
		.route(
			'POST',
			'/pub/v1/bpm/instance/bytemplateid/:id/list',
			(request, { id }, p) => {
				if (!UUID.test(id)) return fail(400, 'id: invalid uuid');
				const body = bodyOf(request);
				let found = [...p.collection('processInstances').values()].filter(
					(entry) => entry.__templateId === id,
				);
				if (Array.isArray(body.ids))
					found = found.filter((entry) => (body.ids as unknown[]).includes(entry.__id));
				return page(sorted(applyTableFilter(found, body), body), body);
			},
			{
				// `fields` appears on the newer (BRIX) page of the same endpoint.
				body: listBody({}, ['statusCode', 'statusGroupId']),
				evidence: 'documented',
				source: `${REFERENCE}/bmpinstancelist (fields: api.brix365.com/en/public-api/reference/bpm/bmpinstancelist)`,
			},
		)
		.route(
			'POST',
			'/pub/v1/bpm/instance/bytemplate/:namespace/:code/list',
			(request, { namespace, code }, p) => {
				const template = [...p.collection('processTemplates').values()].find(
					(entry) => entry.namespace === namespace && entry.code === code,
				);
				if (!template) return fail(404, `process template ${namespace}/${code} not found`);
				const body = bodyOf(request);
				let found = [...p.collection('processInstances').values()].filter(
					(entry) => entry.__templateId === template.__id,
				);
				if (Array.isArray(body.ids))
					found = found.filter((entry) => (body.ids as unknown[]).includes(entry.__id));
				return page(sorted(applyTableFilter(found, body), body), body);
			},
			{
				body: listBody({}, ['statusCode', 'statusGroupId']),
				evidence: 'documented',
				source: 'api.brix365.com/en/public-api/reference/bpm/bmpinstancelistbycode',
			},
		)
		.route(
			'POST',
			'/pub/v1/bpm/instance/bytarget/list',
			(request, _params, p) => {
				const body = bodyOf(request);
				const found = [...p.collection('processInstances').values()].filter(
					(entry) => entry.__target === body.target,
				);
				return page(sorted(found, body), body);
			},
			{
				body: obj({
					active: opt(bool),
					from: opt(uint),
					size: opt(uint),
					sortExpressions: opt(sortExpressions),
					target: opt(str),
				}),
				evidence: 'documented',
				source: `${REFERENCE}/bpminstancetargetlist`,
			},
		)
		.route(
			'POST',
			'/pub/v1/bpm/instance/:id/get',
			(_request, { id }, p) => {
				if (!UUID.test(id)) return fail(400, 'id: invalid uuid');
				const instance = p.collection('processInstances').get(id);
				// The instance comes as `data` (inse91/elma_lib, getProcInstanceResponse), not `item`.
				return instance ? ok({ data: instance }) : fail(404, `process instance ${id} not found`);
			},
			{
				evidence: 'documented',
				source: `${REFERENCE}/bpminstanceget (answer key "data": inse91/elma_lib model.go)`,
			},
		);
}
