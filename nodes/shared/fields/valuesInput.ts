import type { INodeProperties, IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';
import type { ApplicationField, FieldScheme } from './fieldTypes';
import { readFieldTypes, toPlatformValue } from './fieldTypes';
import {
	invalidInput,
	isUuid,
	requireSendable,
	shownText,
	DROPPED_KEYS,
	parameterField,
} from '../validation';
import type { Field } from '../validation';
import { parseJsonOrText } from '../utils';
import { readJsonObject } from '../validation/values';
import { readWholeList } from '../lists/pager';
import { runMemo } from '../flow';

/*
 * Specify Values: the ways an operation's field values are given (the field mapper, name/value
 * pairs, one JSON object), the properties of each and the readers that turn them into the values
 * sent, converted by the field types (fieldTypes.ts), users named by e-mail or login looked up
 * (resolveUsers).
 */

/**
 * The value shapes the mapper's fields take where their input does not show them, as a notice to
 * show beside the mapper: n8n 2.41's mapper field (ResourceMapperField) has no hint or description
 * and the form shows none per field, so a notice parameter is the one place the form can show them.
 */
export const valueShapesNotice: INodeProperties = {
	displayName:
		'Users: pick one, or give a UUID, e-mail or login (several as a list); items: pick one where the field lists them (an application with more than 100 items is not listed), or give UUIDs; enumerations: pick a value, or give its code; categories: category IDs (UUIDs), not codes: the platform lists no categories, so copy them from the field of an item that has them (App > Item > Get); money: 2500.00 EUR; files and org-structure: UUIDs (a list or comma-separated); links to any app: namespace/code/UUID; dates: 2026-03-05',
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
	return await convertFields(ctx, [...schema, ...unlisted], given, mappedLabel);
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
		context[id] = toPlatformValue(ctx, field, value, label) as IDataObject[string];
		if (field.platformType === 'SYS_USER') users.push(field);
	}
	for (const field of users)
		context[field.id] = await resolveUsers(ctx, labelOf(field), context[field.id] as string[]);
	return context;
}

/** Specify Values: the value of each choice, one section of the form each. */
export const VALUES_FROM = { form: 'mapper', pairs: 'pairs', json: 'json' } as const;

/** The sections of the form as the screen names them: errors name a value by these words. */
export const PAIRS_SECTION = 'Fields';
export const JSON_SECTION = 'Fields (JSON)';
export const CHOICE_LABEL = 'Specify Values';

/**
 * Name/value pairs by field code. A value that parses as JSON is sent parsed, so `["uuid"]`
 * (references, users), numbers, booleans and objects keep their type.
 */
function pairsSection(what: string): INodeProperties {
	return {
		displayName: PAIRS_SECTION,
		name: 'fields',
		type: 'fixedCollection',
		typeOptions: { multipleValues: true },
		placeholder: 'Add Field',
		default: {},
		description: `Fields of the ${what} by code. A value that is valid JSON is sent parsed: ["uuid"] for references and users, 42, true, {"code": "x"}.`,
		options: [
			{
				displayName: 'Field',
				name: 'field',
				values: [
					{
						displayName: 'Field Code',
						name: 'name',
						type: 'string',
						default: '',
						description: 'Code of the field, e.g. __name',
					},
					{ displayName: 'Value', name: 'value', type: 'string', default: '' },
				],
			},
		],
	};
}

function jsonSection(what: string): INodeProperties {
	return {
		displayName: JSON_SECTION,
		name: 'fieldsJson',
		type: 'json',
		default: '{}',
		description: `The ${what} fields as one JSON object keyed by field code, sent as it is: for what the form does not offer, or values from an expression or an AI agent`,
	};
}

/**
 * One way to enter a form's values, chosen under Specify Values (as HTTP Request's Specify Body):
 * the field form read from the scheme when `form` is given (the default), name/value pairs, or one
 * JSON object. Only the chosen section is shown and sent, so no source ever overrides another.
 */
export function valuesInput(options: {
	what: string;
	form?: INodeProperties[];
}): INodeProperties[] {
	const { what, form } = options;
	const shownFor = (choice: string) => ({ show: { fieldsInputMode: [choice] } });
	const choices: Array<{ name: string; value: string; description: string }> = [
		{
			name: 'Using Field Codes and Values',
			value: VALUES_FROM.pairs,
			description: `Name/value pairs by field code, under ${PAIRS_SECTION}`,
		},
		{
			name: 'Using JSON',
			value: VALUES_FROM.json,
			description: `One JSON object keyed by field code, under ${JSON_SECTION}: for a field the form does not list, or values from an expression or an AI agent`,
		},
	];
	if (form)
		choices.unshift({
			name: 'Using the Form',
			value: VALUES_FROM.form,
			description: `Each field of the ${what} listed with its type, under ${MAPPER_SECTION}`,
		});
	const choice: INodeProperties = {
		displayName: CHOICE_LABEL,
		name: 'fieldsInputMode',
		type: 'options',
		noDataExpression: true,
		options: choices,
		default: 'pairs',
		description: 'How the values are entered: only the section of the chosen way is sent',
	};
	return [
		form ? { ...choice, default: VALUES_FROM.form } : choice,
		...(form ?? []).map((property) => ({
			...property,
			displayOptions: shownFor(VALUES_FROM.form),
		})),
		{ ...pairsSection(what), displayOptions: shownFor(VALUES_FROM.pairs) },
		{ ...jsonSection(what), displayOptions: shownFor(VALUES_FROM.json) },
	];
}

/** Fields: the name/value pairs by field code, each value parsed when it is JSON. */
function readPairs(ctx: IExecuteFunctions, itemIndex: number): IDataObject {
	const pairs =
		(ctx.getNodeParameter('fields.field', itemIndex, []) as Array<{
			name: string;
			value: unknown;
		}>) ?? [];
	const context: IDataObject = {};
	for (const [position, pair] of pairs.entries()) {
		const label = `${PAIRS_SECTION} > Field Code (entry ${position + 1})`;
		const name = typeof pair.name === 'string' ? pair.name.trim() : '';
		if (name === '') throw invalidInput(label, 'a field code', pair.name);
		// As a key these would set the object's prototype or be dropped by n8n's copies, without a word.
		if (DROPPED_KEYS.includes(name))
			throw invalidInput(
				label,
				'a field code other than "__proto__", "constructor" or "prototype"',
				pair.name,
			);
		context[name] = requireSendable(
			`${PAIRS_SECTION} > Value (entry ${position + 1})`,
			parseJsonOrText(pair.value),
		) as IDataObject[string];
	}
	return context;
}

/** The section named by Specify Values, as the choice's label on the screen. */
export function sectionOf(ctx: IExecuteFunctions, itemIndex: number): string {
	const choice = ctx.getNodeParameter('fieldsInputMode', itemIndex, VALUES_FROM.pairs);
	if (choice === VALUES_FROM.form) return MAPPER_SECTION;
	return choice === VALUES_FROM.json ? JSON_SECTION : PAIRS_SECTION;
}

/**
 * The values of the one section chosen under Specify Values (see `valuesInput`). Pairs and JSON
 * go through the form's conversion (convertFields) for every field whose type `scheme` gives,
 * named as "<section> > <code> (<TYPE>)"; without a scheme, or for a field it does not give, they
 * are sent as given.
 */
export async function readValues(
	ctx: IExecuteFunctions,
	itemIndex: number,
	scheme?: FieldScheme,
): Promise<IDataObject> {
	const choice = ctx.getNodeParameter('fieldsInputMode', itemIndex, VALUES_FROM.pairs);
	if (choice === VALUES_FROM.form) return await readMappedFields(ctx, itemIndex);
	let values: IDataObject;
	if (choice === VALUES_FROM.pairs) values = readPairs(ctx, itemIndex);
	else if (choice === VALUES_FROM.json)
		values = readJsonObject(ctx, itemIndex, 'fieldsJson', JSON_SECTION);
	else
		throw invalidInput(
			CHOICE_LABEL,
			`"${VALUES_FROM.form}", "${VALUES_FROM.pairs}" or "${VALUES_FROM.json}"`,
			choice,
		);
	if (!scheme || Object.keys(values).length === 0) return values;
	const [section, parameter] =
		choice === VALUES_FROM.json ? [JSON_SECTION, 'fieldsJson'] : [PAIRS_SECTION, 'fields'];
	const schema = await readFieldTypes(ctx, itemIndex, scheme);
	// Named with its parameter, so that an agent's error names the tool argument it gave.
	return await convertFields(ctx, schema, values, (field) =>
		parameterField(parameter, `${section} > ${field.id} (${field.platformType})`),
	);
}

/** How a user given by text is found: an e-mail (it has "@") by `email`, anything else by `login`. */
type UserKey = 'email' | 'login';

/**
 * The UUIDs of the users whose `key` is `value` (ignoring case), read once per run and shared by
 * every item that names the same user. `POST /user/list` with the table filter `{"tf": {key: value}}`
 * (api.elma365.com/en/public-api/reference/user/userlistpost; the vendor's filter guide: text matches
 * by inclusion, ignoring case; `schebotar/elma365-mcp` finds users by `tf.email` and `tf.login`), so
 * the rows are narrowed here to the exact matches.
 */
async function usersWith(ctx: IExecuteFunctions, key: UserKey, value: string): Promise<string[]> {
	const wanted = value.toLowerCase();
	return await runMemo(ctx, `users by ${key} ${wanted}`, async () => {
		const rows = await readWholeList(ctx, {
			method: 'POST',
			path: '/user/list',
			paging: 'body',
			body: { filter: { tf: { [key]: value } } },
			idempotent: true,
		});
		return rows
			.filter((row: IDataObject) => String(row[key] ?? '').toLowerCase() === wanted)
			.map((row) => String(row.__id));
	});
}

/**
 * A user field's entries as user UUIDs: a UUID as given; an e-mail or a login replaced by the UUID of
 * the one user it names, before anything is sent. One that names no user, or several, fails the item.
 */
export async function resolveUsers(
	ctx: IExecuteFunctions,
	label: Field,
	entries: string[],
): Promise<string[]> {
	const ids: string[] = [];
	for (const entry of entries) {
		if (isUuid(entry as unknown)) {
			ids.push(entry);
			continue;
		}
		const key: UserKey = entry.includes('@') ? 'email' : 'login';
		const found = await usersWith(ctx, key, entry);
		if (found.length === 1) {
			ids.push(found[0]);
			continue;
		}
		const error = invalidInput(
			label,
			"a user's UUID, or the e-mail or login of exactly one user",
			entry,
		);
		error.description =
			found.length === 0
				? `No user has the ${key === 'email' ? 'e-mail' : 'login'} ${shownText(entry)}.`
				: `${found.length} users have the ${key === 'email' ? 'e-mail' : 'login'} ${shownText(entry)}: give the user's UUID.`;
		throw error;
	}
	return ids;
}
