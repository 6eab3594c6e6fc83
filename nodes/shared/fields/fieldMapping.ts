import type { INodeProperties, IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';
import type { ApplicationField } from '../methods/mapperFields';
import { DATE_ONLY } from '../methods/mapperFields';
import { resolveUsers } from './userLookup';
import {
	invalidInput,
	isUuid,
	requireBoolean,
	requireDateTime,
	requireSendable,
} from '../validation';
import type { Field } from '../validation';
import { parseJsonOrText, splitList } from '../utils';

/**
 * The value shapes the mapper's fields take where their input does not show them, as a notice to
 * show beside the mapper: n8n 2.41's mapper field (ResourceMapperField) has no hint or description
 * and the form shows none per field, so a notice parameter is the one place the form can show them.
 */
export const valueShapesNotice: INodeProperties = {
	displayName:
		'Users: pick one, or give a UUID, e-mail or login (several as a list); items and categories: pick one where the field lists them (an application with more than 100 items is not listed), or give UUIDs / codes; money: 2500.00 EUR; files and org-structure: UUIDs (a list or comma-separated); links to any app: namespace/code/UUID; dates: 2026-03-05',
	name: 'valueShapesNotice',
	type: 'notice',
	default: '',
};

/**
 * The mapper's section as the form shows it (`valuesLabel`; n8n's own default in `add` and `map`
 * mode is the same words): errors name a field as "Values to Send > <field>".
 */
export const MAPPER_SECTION = 'Values to Send';

/** The resource mapper parameter: `add` mode where required fields must be given (create), `map` elsewhere. */
export function fieldMapper(options: { what: string; mode: 'add' | 'map' }): INodeProperties {
	return {
		displayName: MAPPER_SECTION,
		name: 'columns',
		type: 'resourceMapper',
		noDataExpression: true,
		default: { mappingMode: 'defineBelow', value: null },
		required: options.mode === 'add',
		description: `Fields of the ${options.what}, read from the application's scheme, each with its type`,
		typeOptions: {
			loadOptionsDependsOn: ['namespace.value', 'application.value'],
			resourceMapper: {
				resourceMapperMethod: 'getApplicationFields',
				mode: options.mode,
				valuesLabel: MAPPER_SECTION,
				fieldWords: { singular: 'field', plural: 'fields' },
				addAllFields: false,
				// Without the mapping-mode select n8n shows no red "no fields" line while the
				// application is not chosen yet, only the method's notice (fields are read from
				// `value`, so "Map Automatically" never sent anything).
				supportAutoMap: false,
			},
		},
	};
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
function uuidList(
	ctx: IExecuteFunctions,
	itemIndex: number,
	label: Field,
	value: unknown,
): string[] {
	const ids = idsOf(value);
	for (const id of ids) {
		if (!isUuid(typeof id === 'string' ? id.trim() : id))
			throw invalidInput(ctx, itemIndex, label, 'a UUID or a list of UUIDs', value);
	}
	return ids.map((id) => (id as string).trim());
}

/**
 * Files and images: file UUIDs, or a file just uploaded as `{"name", "hash"}` (the data types guide,
 * "Work with files in processes and apps"), sent as given.
 */
function fileList(
	ctx: IExecuteFunctions,
	itemIndex: number,
	label: Field,
	value: unknown,
): Array<string | IDataObject> {
	const entries = listOf(value);
	const uploaded = (entry: unknown) =>
		entry !== null &&
		typeof entry === 'object' &&
		isUuid((entry as IDataObject).hash) &&
		typeof (entry as IDataObject).name === 'string';
	const ids = uuidList(
		ctx,
		itemIndex,
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
function userList(
	ctx: IExecuteFunctions,
	itemIndex: number,
	label: Field,
	value: unknown,
): string[] {
	const entries = idsOf(value);
	for (const entry of entries) {
		if (typeof entry !== 'string' || entry.trim() === '' || /\s/.test(entry.trim()))
			throw invalidInput(
				ctx,
				itemIndex,
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
function money(
	ctx: IExecuteFunctions,
	itemIndex: number,
	label: Field,
	value: unknown,
	fieldCurrency?: string,
): IDataObject {
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
		if (!match || !currency || (match[1] && match[5]))
			throw invalidInput(ctx, itemIndex, label, expected, value);
		const cents = Number(match[3]) * 100 + Number((match[4] ?? '').padEnd(2, '0'));
		if (!Number.isSafeInteger(cents)) throw invalidInput(ctx, itemIndex, label, expected, value);
		return {
			cents: match[2] === '-' && cents !== 0 ? -cents : cents,
			currency: currency.toUpperCase(),
		};
	}
	const given = requireSendable(
		ctx,
		itemIndex,
		label,
		text === undefined ? value : parseJsonOrText(text),
	) as IDataObject;
	const ok =
		given !== null &&
		typeof given === 'object' &&
		Number.isSafeInteger(given.cents) &&
		typeof given.currency === 'string' &&
		given.currency.trim() !== '';
	if (!ok) throw invalidInput(ctx, itemIndex, label, expected, value);
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
function appReferences(
	ctx: IExecuteFunctions,
	itemIndex: number,
	label: Field,
	value: unknown,
): IDataObject[] {
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
		if (!ok) throw invalidInput(ctx, itemIndex, label, expected, value);
		return { id: reference.id, code: reference.code, namespace: reference.namespace };
	});
}

/** A date without time, as the calendar date given: no time-zone shift, always midnight UTC. */
function dateOnly(ctx: IExecuteFunctions, itemIndex: number, label: Field, value: unknown): string {
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
		throw invalidInput(ctx, itemIndex, label, 'a date such as 2026-03-05', value);
	}
	return `${match[1]}-${match[2]}-${match[3]}T00:00:00Z`;
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
	itemIndex: number,
	field: {
		id: string;
		displayName?: string;
		type?: string;
		platformType?: string;
		currency?: string;
	},
	value: unknown,
	label: Field = mappedLabel(field),
): unknown {
	const platformType = field.platformType ?? '';
	if (platformType === 'FILE' || platformType === 'IMAGE')
		return fileList(ctx, itemIndex, label, value);
	if (platformType === 'SYS_USER') return userList(ctx, itemIndex, label, value);
	if (platformType === 'MONEY') return money(ctx, itemIndex, label, value, field.currency);
	if (REFERENCE_TYPES.has(platformType)) return uuidList(ctx, itemIndex, label, value);
	// A CATEGORY is valued by UUID (the vendor's field types, git.elewise.com/elma365/common
	// pkg/types/implement_category.go, public copy in mihazzz123/upload-big-file-to-elma under
	// vendor/); an ENUM by `{code, name}` (pkg/types/complextypes/enum/enum.go, same copy).
	if (platformType === 'CATEGORY') return uuidList(ctx, itemIndex, label, value);
	if (platformType === 'ENUM') return requireSendable(ctx, itemIndex, label, categories(value));
	if (platformType === 'PHONE')
		return requireSendable(ctx, itemIndex, label, contacts('tel', value));
	if (platformType === 'EMAIL')
		return requireSendable(ctx, itemIndex, label, contacts('email', value));
	if (platformType === 'REF_ITEM') return appReferences(ctx, itemIndex, label, value);
	if (platformType === DATE_ONLY) return dateOnly(ctx, itemIndex, label, value);
	if (JSON_TYPES.has(platformType))
		return requireSendable(
			ctx,
			itemIndex,
			label,
			typeof value === 'string' ? parseJsonOrText(value.trim()) : value,
		);
	switch (field.type) {
		case 'number': {
			const text = typeof value === 'number' ? undefined : String(value).trim();
			// Number('') and Number(' ') are 0: a blank is not a number.
			const number = text === undefined ? (value as number) : text === '' ? NaN : Number(text);
			if (!Number.isFinite(number)) throw invalidInput(ctx, itemIndex, label, 'a number', value);
			return platformType === 'INTEGER' && !Number.isInteger(number)
				? invalidNumber(ctx, itemIndex, label, value)
				: number;
		}
		case 'boolean':
			return requireBoolean(
				ctx,
				itemIndex,
				label,
				typeof value === 'string' ? value.trim().toLowerCase() : value,
			);
		case 'dateTime':
			return requireDateTime(ctx, itemIndex, label, value).replace(/\.000Z$/, 'Z');
		case 'object':
		case 'array':
			return requireSendable(
				ctx,
				itemIndex,
				label,
				typeof value === 'string' ? parseJsonOrText(value.trim()) : value,
			);
		default:
			return typeof value === 'string'
				? value
				: typeof value === 'object'
					? requireSendable(ctx, itemIndex, label, value)
					: String(value);
	}
}

/** A mapped field as messages name it: the mapper's section as the form shows it, then the field. */
function mappedLabel(field: { id: string; displayName?: string; platformType?: string }): string {
	return `${MAPPER_SECTION} > ${field.displayName ?? field.id}`;
}

/** The operations whose mapper is in n8n's `add` mode (see fieldMapper): they create an item. */
const CREATING = new Set(['create']);

/**
 * A field the scheme requires, left blank in the mapper of a create, is named by its label. (n8n's own check before the run names a field never
 * filled by its code: that message is n8n's.)
 */
function requireMandatoryFields(
	ctx: IExecuteFunctions,
	itemIndex: number,
	schema: ApplicationField[],
	values: IDataObject,
): void {
	if (!CREATING.has(String(ctx.getNodeParameter('operation', itemIndex, '')))) return;
	const blank = (value: unknown) =>
		value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
	const field = schema.find(
		(candidate) =>
			candidate.required === true && candidate.removed !== true && blank(values[candidate.id]),
	);
	if (!field) return;
	throw new NodeOperationError(
		ctx.getNode(),
		`"${mappedLabel(field)}" is required in item ${itemIndex}`,
		{
			itemIndex,
			description: `The application's scheme marks it as required (field code "${field.id}"): give it a value, or choose Specify Values > Using JSON to send the fields as one object.`,
		},
	);
}

/** The error for a fraction where the field takes whole numbers. */
function invalidNumber(
	ctx: IExecuteFunctions,
	itemIndex: number,
	label: Field,
	value: unknown,
): never {
	throw invalidInput(ctx, itemIndex, label, 'a whole number', value);
}

/**
 * The mapped fields as the platform takes them. Read as a whole (not `columns.value`) so n8n does
 * not convert them first: this function knows the platform's shapes. Empty values are not sent.
 * Every value is checked before a user given by e-mail or login is looked up.
 */
export async function readMappedFields(
	ctx: IExecuteFunctions,
	itemIndex: number,
): Promise<IDataObject> {
	const columns = ctx.getNodeParameter('columns', itemIndex, {}) as IDataObject | null;
	const values = (columns?.value ?? {}) as IDataObject | null;
	if (!values || typeof values !== 'object') return {};
	const schema = Array.isArray(columns?.schema) ? (columns.schema as ApplicationField[]) : [];
	requireMandatoryFields(ctx, itemIndex, schema, values);
	const given: IDataObject = {};
	for (const [id, value] of Object.entries(values)) {
		if (value === undefined || value === null || value === '') continue;
		given[id] = value;
	}
	// A mapped value whose field the saved schema lacks is still sent as text (or its object).
	const unlisted = Object.keys(given)
		.filter((id) => !schema.some((field) => field.id === id))
		.map((id) => ({ id }) as ApplicationField);
	return await convertFields(ctx, itemIndex, [...schema, ...unlisted], given, mappedLabel);
}

/**
 * `values` in the shapes the platform takes, each one whose field `schema` gives through
 * toPlatformValue (the one conversion, whatever entered the value), named in messages by
 * `labelOf`; a value whose field the schema does not give, or that is null or blank, is sent as
 * given. Fields the schema marks removed are dropped. Every value is checked before a user given by
 * e-mail or login is looked up.
 */
export async function convertFields(
	ctx: IExecuteFunctions,
	itemIndex: number,
	schema: ApplicationField[],
	values: IDataObject,
	labelOf: (field: ApplicationField) => Field,
): Promise<IDataObject> {
	const context: IDataObject = {};
	const users: ApplicationField[] = [];
	for (const [id, value] of Object.entries(values)) {
		const field = schema.find((candidate) => candidate.id === id);
		if (field?.removed === true) continue;
		if (!field || value === undefined || value === null || value === '') {
			context[id] = value;
			continue;
		}
		const label = labelOf(field);
		context[id] = toPlatformValue(ctx, itemIndex, field, value, label) as IDataObject[string];
		if (field.platformType === 'SYS_USER') users.push(field);
	}
	for (const field of users)
		context[field.id] = await resolveUsers(
			ctx,
			itemIndex,
			labelOf(field),
			context[field.id] as string[],
		);
	return context;
}
