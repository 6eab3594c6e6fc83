import type { IDataObject, ILoadOptionsFunctions, ResourceMapperFields } from 'n8n-workflow';
import { loadMapperFields } from '../methods/mapperFields';
import { apiPath, unwrapItem } from '../transport';
import { isObject } from '../utils';
import { chooseFirst, readListDependency } from './listDependency';
import { readChosenProcessNamespace } from './processTemplateSearch';
import { listingRequest } from './listSearch';
import { shownText } from '../validation/shown';

/** A list of fields `[{code, ...}]`, or a map `{code: {...}}` turned into one. */
function fieldList(value: unknown): IDataObject[] {
	if (Array.isArray(value)) return value.filter(isObject);
	if (!isObject(value)) return [];
	return Object.entries(value)
		.filter((entry): entry is [string, IDataObject] => isObject(entry[1]))
		.map(([code, field]) => ({ ...field, code }));
}

/** Where a process template scheme keeps its context fields: the object and its key. */
interface ContextPlace {
	scheme: IDataObject;
	key: string;
}

/**
 * Where the context fields of a process template scheme are. Its shape is not documented: the fields
 * are taken from `context` (a list or a map by code), `contextFields` or `fields`, at the top level
 * or under `process` or `template`; the first place that has any wins.
 */
function contextPlaceOf(top: IDataObject): ContextPlace | undefined {
	const schemes = [top, top.process, top.template].filter(isObject);
	for (const scheme of schemes) {
		for (const key of ['context', 'contextFields', 'fields']) {
			if (fieldList(scheme[key]).length > 0) return { scheme, key };
		}
	}
	return undefined;
}

/**
 * The context fields of a process template scheme (contextPlaceOf), the answer unwrapped from
 * `item` first.
 */
export function contextFieldsOf(response: IDataObject): IDataObject[] {
	const place = contextPlaceOf(unwrapItem(response));
	return place ? fieldList(place.scheme[place.key]) : [];
}

/**
 * A process template scheme (as a Scheme read outputs it) with `change` applied to each of its
 * context fields where contextPlaceOf finds them, a list or a map by code kept as it is. A scheme
 * with no context fields is returned as it is.
 */
export function mapContextFields(
	scheme: IDataObject,
	change: (field: IDataObject) => IDataObject,
): IDataObject {
	const place = contextPlaceOf(scheme);
	if (!place) return scheme;
	const fields = place.scheme[place.key];
	const changed = Array.isArray(fields)
		? fields.map((field) => (isObject(field) ? change(field) : field))
		: Object.fromEntries(
				Object.entries(fields as IDataObject).map(([code, field]) => [
					code,
					isObject(field) ? change(field) : field,
				]),
			);
	const inner = { ...place.scheme, [place.key]: changed };
	if (place.scheme === scheme) return inner;
	return place.scheme === scheme.process
		? { ...scheme, process: inner }
		: { ...scheme, template: inner };
}

/**
 * The context fields of the chosen process template, from
 * `GET /scheme/namespaces/{namespace}/processes/{code}`, for the resource mapper. The namespace is
 * sent as chosen, `section.app` included: the vendor's reference has no per-application form of
 * this read.
 */
export async function getProcessContextFields(
	this: ILoadOptionsFunctions,
): Promise<ResourceMapperFields> {
	const namespace = readChosenProcessNamespace(this);
	const code = readListDependency(this, 'processCode');
	if (namespace === undefined || code === undefined)
		return chooseFirst('section and the process template');
	const path = apiPath`/scheme/namespaces/${namespace}/processes/${code}`;
	const what = `the scheme of process template ${shownText(`${namespace}/${code}`)}`;
	const context = contextFieldsOf(
		await listingRequest(this, what, { method: 'GET', path, idempotent: true }),
	);
	const fields = await loadMapperFields(this, context);
	return fields.length > 0
		? { fields }
		: {
				fields,
				emptyFieldsNotice: `The scheme of process template ${shownText(`${namespace}/${code}`)} lists no context fields: choose another way under Specify Values`,
			};
}
