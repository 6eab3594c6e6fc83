import type {
	FieldType,
	IDataObject,
	INodePropertyOptions,
	ResourceMapperField,
	IExecuteFunctions,
} from 'n8n-workflow';
import {
	invalidInput,
	isUuid,
	requireBoolean,
	requireDateTime,
	requireSendable,
} from '../validation';
import type { Field } from '../validation';
import { isObject, parseJsonOrText, splitList } from '../utils';
import { runMemo } from '../flow';
import { apiRequest, unwrapItem } from '../transport';

/*
 * The platform's field types: what a scheme says of a field (its type, currency, referenced
 * application, choices) and the mapper's input for it; the one conversion of a value to the shape
 * the platform takes for its type; reading a scheme's fields for values given as pairs or JSON;
 * and where a process template's scheme keeps its context fields.
 */

/** A platform field type and the n8n input that fits it; anything unknown is typed as text or JSON. */
const INPUT_TYPES: Record<string, FieldType> = {
	STRING: 'string',
	TEXT: 'string',
	PHONE: 'string',
	EMAIL: 'string',
	IMAGE: 'string',
	FILE: 'string',
	REF_ITEM: 'string',
	LINK: 'string',
	URL: 'string',
	INTEGER: 'number',
	FLOAT: 'number',
	NUMBER: 'number',
	BOOLEAN: 'boolean',
	DATETIME: 'dateTime',
	DATE: 'dateTime',
	SYS_USER: 'string',
	SYS_COLLECTION: 'string',
	SYS_OSNODE: 'string',
	CATEGORY: 'string',
	ENUM: 'string',
	MONEY: 'string',
	FULL_NAME: 'string',
	TABLE: 'string',
};

/** Whether the field mapper knows the platform type, so values of it are converted (toPlatformValue). */
export function isKnownType(platformType: string | undefined): boolean {
	return platformType === DATE_ONLY || (platformType !== undefined && platformType in INPUT_TYPES);
}

/** A date-time field whose scheme says it holds a date only (`data.additionalType: "date"`) is typed DATE here. */
export const DATE_ONLY = 'DATE';

/** The type-specific part of a scheme field (`data`). */
function dataOf(field: IDataObject): IDataObject {
	return field.data !== null && typeof field.data === 'object' ? (field.data as IDataObject) : {};
}

/** The platform type of a scheme field, telling a date-only field from a date-time one. */
export function platformTypeOf(field: IDataObject): string {
	const type = String(field.type ?? 'STRING').toUpperCase();
	return type === 'DATETIME' && String(dataOf(field).additionalType ?? '').toLowerCase() === 'date'
		? DATE_ONLY
		: type;
}

/** A mapper field keeps the platform's own type, so values can be converted at execution. */
export type ApplicationField = ResourceMapperField & { platformType?: string; currency?: string };

/**
 * A money field's currency, where the scheme gives one: `view.data.currency` (the vendor's field
 * types, git.elewise.com/elma365/common pkg/types/complextypes/money/view_data.go, public copy in
 * mihazzz123/upload-big-file-to-elma under vendor/). A bare amount is then counted in it.
 */
export function moneyCurrency(field: IDataObject, platformType: string): string | undefined {
	if (platformType !== 'MONEY') return undefined;
	const view = (field.view ?? {}) as IDataObject;
	const data =
		view.data !== null && typeof view.data === 'object' ? (view.data as IDataObject) : {};
	const currency = typeof data.currency === 'string' ? data.currency.trim().toUpperCase() : '';
	return /^[A-Z]{3}$/.test(currency) ? currency : undefined;
}

/**
 * The application an application-reference field (`SYS_COLLECTION`) names, as `namespace/code`:
 * its scheme's `data.namespace` and `data.code` (the vendor's field type,
 * git.elewise.com/elma365/common pkg/types/complextypes/syscollection/data.go, public copy in
 * mihazzz123/upload-big-file-to-elma); undefined where the scheme names none.
 */
export function referencedApplication(field: IDataObject): string | undefined {
	if (platformTypeOf(field) !== 'SYS_COLLECTION') return undefined;
	const { namespace, code } = dataOf(field);
	return typeof namespace === 'string' &&
		namespace !== '' &&
		typeof code === 'string' &&
		code !== ''
		? `${namespace}/${code}`
		: undefined;
}

/**
 * A category's values as the scheme lists them, `data.enumItems: [{code, name}]` (the vendor's
 * release notes, brix365.com/en/help/platform/2024_11.html, TEAM-28479: the public API's app
 * metadata returns category options so); undefined where it lists none. Only an `ENUM` field has
 * them: the vendor's field types give ENUM the data `enumItems` and the values `{code, name}`
 * (git.elewise.com/elma365/common pkg/types/complextypes/enum/data.go and enum.go, public copy in
 * mihazzz123/upload-big-file-to-elma under vendor/), while a `CATEGORY` field's data holds only
 * `fields` and its value is a UUID (pkg/types/implement_category.go, same copy).
 */
export function categoryOptions(field: IDataObject): INodePropertyOptions[] | undefined {
	const items = dataOf(field).enumItems;
	if (platformTypeOf(field) !== 'ENUM' || !Array.isArray(items)) return undefined;
	const options = (items as IDataObject[])
		.filter((item) => typeof item?.code === 'string' && item.code !== '')
		.map((item) => ({
			name: typeof item.name === 'string' && item.name !== '' ? item.name : String(item.code),
			value: item.code as string,
		}));
	return options.length > 0 ? options : undefined;
}

/** What a mapper's reference fields offer: the users, and the items of each referenced application (`namespace/code`). */
export interface FieldChoices {
	users?: INodePropertyOptions[];
	items?: Map<string, INodePropertyOptions[] | undefined>;
}

/** The options a field is picked from, or undefined where it is typed. */
function optionsOf(
	field: IDataObject,
	platformType: string,
	choices: FieldChoices,
): INodePropertyOptions[] | undefined {
	if (platformType === 'SYS_USER') return choices.users;
	if (platformType === 'ENUM') return categoryOptions(field);
	const application = referencedApplication(field);
	return application === undefined ? undefined : choices.items?.get(application);
}

/**
 * The resource mapper's fields from an application scheme (`GET /scheme/namespaces/{ns}/apps/{code}`:
 * `fields: [{code, type, required, array, view: {name}, data}]`), labelled with what each one takes.
 * User fields are dropdowns of `choices.users`, application-reference fields of the referenced
 * application's items in `choices.items`, categories of the values the scheme lists; an expression
 * may still give any value. Without options a field is typed.
 */
export function mapperFields(
	fields: IDataObject[],
	choices: FieldChoices = {},
): ApplicationField[] {
	return fields
		.filter((field) => typeof field.code === 'string' && field.code !== '')
		.map((field) => {
			const platformType = platformTypeOf(field);
			const view = (field.view ?? {}) as IDataObject;
			const name =
				typeof view.name === 'string' && view.name !== '' ? view.name : (field.code as string);
			const options = optionsOf(field, platformType, choices);
			const currency = moneyCurrency(field, platformType);
			return {
				id: field.code as string,
				displayName: name,
				required: field.required === true,
				defaultMatch: false,
				canBeUsedToMatch: false,
				display: true,
				type: options ? 'options' : (INPUT_TYPES[platformType] ?? 'string'),
				...(options ? { options } : {}),
				platformType,
				...(currency ? { currency } : {}),
			};
		});
}

/**
 * Platform types whose value is JSON (an object, a table's rows). The form takes them as text: a
 * JSON-typed mapper field opens an empty JSON editor, which marks itself as an error until filled.
 * The text (or an object from an expression) is parsed here, as for fields saved with the JSON types.
 */
const JSON_TYPES = new Set(['FULL_NAME', 'TABLE']);

/** References to application items and org-structure nodes: sent as `["uuid", ...]` (files and images too, or as uploaded files). */
const REFERENCE_TYPES = new Set(['SYS_COLLECTION', 'SYS_OSNODE']);

/** A value given as a JSON array or object, or as comma-separated text, as a list. */
function listOf(value: unknown): unknown[] {
	let list: unknown = value;
	if (typeof value === 'string') {
		const text = value.trim();
		list = text.startsWith('[') || text.startsWith('{') ? parseJsonOrText(text) : splitList(text);
	}
	return Array.isArray(list) ? list : [list];
}

/** The entries of a reference list (listOf); `{id}` objects give their `id`. */
function idsOf(value: unknown): unknown[] {
	return listOf(value).map((entry) =>
		entry && typeof entry === 'object' && 'id' in (entry as object)
			? (entry as IDataObject).id
			: entry,
	);
}

/** UUIDs given as a list, JSON or comma-separated text; `{id}` objects give their `id`. */
function uuidList(label: Field, value: unknown): string[] {
	const ids = idsOf(value);
	for (const id of ids) {
		if (!isUuid(typeof id === 'string' ? id.trim() : id))
			throw invalidInput(label, 'a UUID or a list of UUIDs', value);
	}
	return ids.map((id) => (id as string).trim());
}

/**
 * Categories (CATEGORY): category IDs, which no list gives. The vendor's field types value a
 * CATEGORY by `uuid.UUID` and give its data only `fields` (git.elewise.com/elma365/common
 * pkg/types/implement_category.go, public copy in mihazzz123/upload-big-file-to-elma under
 * vendor/; type.go: "a hierarchical tree linked with collection", naming no collection), and the
 * public API's operations list no categories, so the error says where an ID is found.
 */
function categoryIds(label: Field, value: unknown): string[] {
	try {
		return uuidList(label, value);
	} catch {
		const refused = invalidInput(label, 'category IDs (UUIDs), not codes or names', value);
		refused.description =
			"A category field takes the IDs of categories. The platform's API lists no categories: copy the IDs from this field of an item that has them (App > Item > Get or Get Many, a list of IDs).";
		throw refused;
	}
}

/** Where the IDs of a reference field come from, said under its error: a name is not an ID. */
const REFERENCE_SOURCES: Record<string, string> = {
	SYS_COLLECTION:
		"An item reference takes the IDs of items, not their names: the __id of each item, as App > Item > Get Many lists the items of the application the field refers to (the field's value shape names it, e.g. crm/deals); filter that list by the item's name to find one.",
	SYS_OSNODE:
		'An org-structure reference takes the IDs of org-structure nodes (their __id), not their names.',
};

/** App item and org-structure references: UUIDs, with where they come from when a name came instead. */
function referenceIds(label: Field, value: unknown, platformType: string): string[] {
	try {
		return uuidList(label, value);
	} catch {
		const refused = invalidInput(label, 'a UUID or a list of UUIDs', value);
		refused.description = REFERENCE_SOURCES[platformType];
		throw refused;
	}
}

/**
 * Files and images: file UUIDs, or a file just uploaded as `{"name", "hash"}` (the data types guide,
 * "Work with files in processes and apps"), sent as given.
 */
function fileList(label: Field, value: unknown): Array<string | IDataObject> {
	const entries = listOf(value);
	const uploaded = (entry: unknown) =>
		entry !== null &&
		typeof entry === 'object' &&
		isUuid((entry as IDataObject).hash) &&
		typeof (entry as IDataObject).name === 'string';
	const ids = uuidList(
		label,
		entries.filter((entry) => !uploaded(entry)),
	);
	return entries.map((entry) =>
		uploaded(entry)
			? { name: (entry as IDataObject).name, hash: (entry as IDataObject).hash }
			: ids.shift()!,
	);
}

/**
 * Users as given: UUIDs, e-mails or logins (a list, JSON or comma-separated; `{id}` objects give their
 * `id`), the e-mails and logins replaced by UUIDs before sending (resolveUsers).
 */
function userList(label: Field, value: unknown): string[] {
	const entries = idsOf(value);
	for (const entry of entries) {
		if (typeof entry !== 'string' || entry.trim() === '' || /\s/.test(entry.trim()))
			throw invalidInput(
				label,
				"a user (picked, or a user's UUID, e-mail or login), or a list of them",
				value,
			);
	}
	return entries.map((entry) => (entry as string).trim());
}

/** Money as text: an amount with at most two decimals and a three-letter currency, before or after it. */
const MONEY_TEXT = /^(?:([A-Za-z]{3})\s*)?(-?)(\d+)(?:[.,](\d{1,2}))?(?:\s*([A-Za-z]{3}))?$/;

/**
 * Money `{cents, currency}` (the data types guide; the vendor's field types,
 * git.elewise.com/elma365/common pkg/types/complextypes/money/money.go: `cents` an int64): typed as
 * an amount and a currency, `2500.00 EUR` or `EUR 2500`, given as that object (JSON or from an
 * expression), or as a bare amount when the scheme gives the field's currency (`view.data.currency`,
 * pkg/types/complextypes/money/view_data.go, same source). The amount is counted in cents from its
 * digits, so no binary fraction rounds it.
 */
function money(label: Field, value: unknown, fieldCurrency?: string): IDataObject {
	const expected = fieldCurrency
		? `an amount such as 2500.00 (in ${fieldCurrency}), an amount and a currency such as 2500.00 ${fieldCurrency}, or {"cents": 250000, "currency": "${fieldCurrency}"}`
		: 'an amount and a currency such as 2500.00 EUR, or {"cents": 250000, "currency": "EUR"}';
	const text =
		typeof value === 'string'
			? value.trim()
			: typeof value === 'number' && Number.isFinite(value)
				? String(value)
				: undefined;
	if (text !== undefined && !text.startsWith('{')) {
		const match = MONEY_TEXT.exec(text);
		const currency = match && (match[1] ?? match[5] ?? fieldCurrency);
		if (!match || !currency || (match[1] && match[5])) throw invalidInput(label, expected, value);
		const cents = Number(match[3]) * 100 + Number((match[4] ?? '').padEnd(2, '0'));
		if (!Number.isSafeInteger(cents)) throw invalidInput(label, expected, value);
		return {
			cents: match[2] === '-' && cents !== 0 ? -cents : cents,
			currency: currency.toUpperCase(),
		};
	}
	const given = requireSendable(
		label,
		text === undefined ? value : parseJsonOrText(text),
	) as IDataObject;
	const ok =
		given !== null &&
		typeof given === 'object' &&
		Number.isSafeInteger(given.cents) &&
		typeof given.currency === 'string' &&
		given.currency.trim() !== '';
	if (!ok) throw invalidInput(label, expected, value);
	return given;
}

/** Categories `[{code}]`: plain text becomes a code; objects are sent as given. */
function categories(value: unknown): IDataObject[] {
	return listOf(value).map((entry) =>
		entry && typeof entry === 'object' ? (entry as IDataObject) : { code: String(entry) },
	);
}

/** Phones `[{type, tel}]`, emails `[{type, email}]`: plain text becomes entries of type "work"; objects are sent as given. */
function contacts(key: 'tel' | 'email', value: unknown): unknown[] {
	return listOf(value).map((entry) =>
		entry && typeof entry === 'object' ? entry : { type: 'work', [key]: String(entry) },
	);
}

/** Arbitrary-app references `[{id, code, namespace}]`; text "namespace/code/id" is accepted too. */
function appReferences(label: Field, value: unknown): IDataObject[] {
	const expected =
		'a JSON object {"id", "code", "namespace"} (or a list of them), or "namespace/code/uuid"';
	return listOf(value).map((entry) => {
		let reference = entry as IDataObject;
		if (typeof entry === 'string') {
			const [namespace, code, id] = entry.split('/').map((part) => part.trim());
			reference = { id, code, namespace };
		}
		const ok =
			reference &&
			typeof reference === 'object' &&
			isUuid(reference.id) &&
			typeof reference.code === 'string' &&
			reference.code !== '' &&
			typeof reference.namespace === 'string' &&
			reference.namespace !== '';
		if (!ok) throw invalidInput(label, expected, value);
		return { id: reference.id, code: reference.code, namespace: reference.namespace };
	});
}

/** A date without time, as the calendar date given: no time-zone shift, always midnight UTC. */
function dateOnly(label: Field, value: unknown): string {
	const match = /^(\d{4})-(\d{2})-(\d{2})(?:$|[T ])/.exec(String(value).trim());
	const [year, month, day] = match ? match.slice(1).map(Number) : [];
	const date = match ? new Date(Date.UTC(year, month - 1, day)) : undefined;
	// Date.UTC rolls 2026-02-30 over into March: only a date that reads back the same exists.
	if (
		!match ||
		date!.getUTCFullYear() !== year ||
		date!.getUTCMonth() !== month - 1 ||
		date!.getUTCDate() !== day
	) {
		throw invalidInput(label, 'a date such as 2026-03-05', value);
	}
	return `${match[1]}-${match[2]}-${match[3]}T00:00:00Z`;
}

/** The error for a fraction where the field takes whole numbers. */
function invalidNumber(label: Field, value: unknown): never {
	throw invalidInput(label, 'a whole number', value);
}

/**
 * One mapped value in the shape the platform takes, as the vendor's "Data types" guide
 * (api.elma365.com/en/public-api/guides/DataType) documents them: numbers, booleans and RFC 3339
 * date-times as JSON values; categories `[{code}]`; money `{cents, currency}`; phones `[{type, tel}]`;
 * emails `[{type, email}]`; images and files, users and app items as arrays of UUIDs; full names
 * `{lastname, firstname, middlename}`; links as text. An arbitrary-app reference is
 * `[{id, code, namespace}]` and a date without time `YYYY-MM-DDT00:00:00Z`, as real clients send them.
 */
export function toPlatformValue(
	ctx: IExecuteFunctions,
	field: {
		id: string;
		displayName?: string;
		type?: string;
		platformType?: string;
		currency?: string;
	},
	value: unknown,
	label: Field,
): unknown {
	const platformType = field.platformType ?? '';
	if (platformType === 'FILE' || platformType === 'IMAGE') return fileList(label, value);
	if (platformType === 'SYS_USER') return userList(label, value);
	if (platformType === 'MONEY') return money(label, value, field.currency);
	if (REFERENCE_TYPES.has(platformType)) return referenceIds(label, value, platformType);
	// A CATEGORY is valued by UUID (categoryIds); an ENUM by `{code, name}` (the vendor's field
	// types, pkg/types/complextypes/enum/enum.go, public copy as above).
	if (platformType === 'CATEGORY') return categoryIds(label, value);
	if (platformType === 'ENUM') return requireSendable(label, categories(value));
	if (platformType === 'PHONE') return requireSendable(label, contacts('tel', value));
	if (platformType === 'EMAIL') return requireSendable(label, contacts('email', value));
	if (platformType === 'REF_ITEM') return appReferences(label, value);
	if (platformType === DATE_ONLY) return dateOnly(label, value);
	if (JSON_TYPES.has(platformType))
		return requireSendable(
			label,
			typeof value === 'string' ? parseJsonOrText(value.trim()) : value,
		);
	switch (field.type) {
		case 'number': {
			const text = typeof value === 'number' ? undefined : String(value).trim();
			// Number('') and Number(' ') are 0: a blank is not a number.
			const number = text === undefined ? (value as number) : text === '' ? NaN : Number(text);
			if (!Number.isFinite(number)) throw invalidInput(label, 'a number', value);
			return platformType === 'INTEGER' && !Number.isInteger(number)
				? invalidNumber(label, value)
				: number;
		}
		case 'boolean':
			return requireBoolean(label, typeof value === 'string' ? value.trim().toLowerCase() : value);
		case 'dateTime':
			return requireDateTime(ctx, label, value).replace(/\.000Z$/, 'Z');
		case 'object':
		case 'array':
			return requireSendable(
				label,
				typeof value === 'string' ? parseJsonOrText(value.trim()) : value,
			);
		default:
			return typeof value === 'string'
				? value
				: typeof value === 'object'
					? requireSendable(label, value)
					: String(value);
	}
}

/**
 * Where the types of fields given as pairs or JSON are read: a scheme read (`path`) and the fields
 * in its answer (`fieldsOf`), as the field mapper reads them.
 */
export interface FieldScheme {
	path: string;
	fieldsOf: (response: IDataObject) => IDataObject[];
}

/**
 * The fields `scheme` gives whose platform types the field mapper converts, read once per run and shared by every
 * item. A scheme that cannot be read (refused, absent, or listing no fields) gives none: the
 * values are then sent as given, the raw way the docs describe (docs/field-types.md).
 */
export async function readFieldTypes(
	ctx: IExecuteFunctions,
	itemIndex: number,
	scheme: FieldScheme,
): Promise<ApplicationField[]> {
	return await runMemo(ctx, `field types ${scheme.path}`, async () => {
		try {
			const response = await apiRequest(ctx, {
				method: 'GET',
				path: scheme.path,
				idempotent: true,
				itemIndex,
			});
			// Types the mapper does not know (DURATION, TAG, JSON, ...) are sent as given.
			return mapperFields(scheme.fieldsOf(response)).filter((field) =>
				isKnownType(field.platformType),
			);
		} catch {
			return [];
		}
	});
}

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
