import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';
import {
	JSON_SECTION,
	valuesInput,
	VALUES_FROM,
	readValues,
	MAPPER_SECTION,
	fieldMapper,
	readMappedFields,
} from '../fields/valuesInput';
import { concurrency, optionsCollection } from '../options/options';
import type { ApplicationField } from '../fields/fieldTypes';
import { toPlatformValue } from '../fields/fieldTypes';
import { readWholeList } from '../lists/pager';
import { apiPath } from '../transport';
import { invalidInput, isUuid } from '../validation';
import type { ItemKind } from './appItems';
import { applicationScheme, locationFields, readApplicationPath } from './appItems';
import { MATCHABLE_TYPES } from './upsertFields';

/** Options > If Several Match: what happens when more than one item has the match values. */
export const IF_SEVERAL_MATCH = { fail: 'error', updateAll: 'updateAll' } as const;

/** The key each output item of a Create or Update carries beside the platform's fields. */
export const UPSERT_MARKER = '_upsert';

/**
 * Specify Values of a Create or Update: the form always (it holds the fields to match on), with
 * Fields (JSON) added by the second choice for what the form does not list. A field in both fails.
 */
function upsertValuesChoice(kind: ItemKind): INodeProperties[] {
	const [choice, , json] = valuesInput({ what: kind.noun });
	return [
		{
			...choice,
			options: [
				{
					name: 'Using the Form',
					value: VALUES_FROM.form,
					description: `Each field of the ${kind.noun} listed with its type, under ${MAPPER_SECTION}`,
				},
				{
					name: 'Using the Form and JSON',
					value: VALUES_FROM.json,
					description: `The form, plus other fields as one JSON object under ${JSON_SECTION}; a field given in both fails the item`,
				},
			],
			default: VALUES_FROM.form,
		},
		json,
	];
}

/**
 * The form of a Create or Update: the application, the mapper (n8n's resource mapper in `upsert`
 * mode: fields to send and the fields to match on), Specify Values, and Options.
 */
export function upsertFields(kind: ItemKind): INodeProperties[] {
	const mapper = fieldMapper({ what: kind.noun, mode: 'add' });
	return [
		...locationFields(kind),
		{
			...mapper,
			description: `Fields of the ${kind.noun}, read from the application's scheme. The fields to match on (text and number fields) find the item to update; the same values are sent.`,
			typeOptions: {
				loadOptionsDependsOn: ['namespace.value', `${kind.code.name}.value`],
				resourceMapper: {
					resourceMapperMethod: 'getApplicationUpsertFields',
					mode: 'upsert',
					valuesLabel: MAPPER_SECTION,
					fieldWords: { singular: 'field', plural: 'fields' },
					addAllFields: false,
					multiKeyMatch: true,
					// As in Create and Update: values are read from `value`, never mapped automatically.
					supportAutoMap: false,
				},
			},
		},
		...upsertValuesChoice(kind),
		optionsCollection([
			concurrency(
				1,
				'Items with the same match values still go one after the other, in input order.',
			),
			{
				displayName: 'If Several Match',
				name: 'ifSeveralMatch',
				type: 'options',
				default: 'error',
				options: [
					{
						name: 'Fail the Item',
						value: IF_SEVERAL_MATCH.fail,
						description: 'The item fails with the fields, their values and how many items match',
					},
					{
						name: 'Update All',
						value: IF_SEVERAL_MATCH.updateAll,
						description: 'Every matching item is updated; each is an output item',
					},
				],
				description: `What happens when more than one ${kind.noun} has the match values`,
			},
		]),
	];
}

/** One input item's Create or Update, read and validated before any request. */
export interface UpsertRequest {
	/** `/{prefix}/{namespace}/{code}`. */
	applicationPath: string;
	/** The fields to match on and their values as sent, in the order chosen. */
	match: Array<[field: string, value: string | number]>;
	/** The fields sent by the create or the update. */
	context: IDataObject;
	updateAll: boolean;
}

/** The mapper's saved value: the mapped values, the fields to match on and the schema it was built from. */
function readColumns(ctx: IExecuteFunctions, itemIndex: number) {
	const columns = (ctx.getNodeParameter('columns', itemIndex, {}) ?? {}) as IDataObject;
	const values = (columns.value ?? {}) as IDataObject;
	const schema = Array.isArray(columns.schema) ? (columns.schema as ApplicationField[]) : [];
	const matching = Array.isArray(columns.matchingColumns)
		? (columns.matchingColumns as unknown[])
		: [];
	return { values, schema, matching };
}

/** A match field's value in the shape sent: a non-blank text or a number, never empty. */
function readMatchValue(
	ctx: IExecuteFunctions,
	field: ApplicationField,
	value: unknown,
): string | number {
	const label = `${MAPPER_SECTION} > ${field.displayName ?? field.id}`;
	const expected = 'a value to match on (the field is a column to match on)';
	if (value === undefined || value === null || (typeof value === 'string' && value.trim() === ''))
		throw invalidInput(label, expected, value);
	if (field.platformType !== undefined && !MATCHABLE_TYPES.has(field.platformType))
		throw invalidInput(
			`Columns to Match On > ${field.id}`,
			'a text or number field',
			field.platformType,
		);
	const sent = toPlatformValue(ctx, field, value, label);
	if ((typeof sent === 'number' && Number.isFinite(sent)) || typeof sent === 'string') return sent;
	throw invalidInput(label, 'a text or a number to match on', value);
}

/** The fields to match on, each with its value as sent: at least one, none empty. */
function readMatch(ctx: IExecuteFunctions, itemIndex: number): UpsertRequest['match'] {
	const { values, schema, matching } = readColumns(ctx, itemIndex);
	if (matching.length === 0)
		throw invalidInput('Columns to Match On', 'at least one field to match on', matching);
	return matching.map((id) => {
		const field = schema.find((candidate) => candidate.id === id) ?? { id: String(id) };
		return [String(id), readMatchValue(ctx, field as ApplicationField, values[String(id)])];
	});
}

/** The item's application, match values, fields and choice, all checked before any request. */
export async function readUpsert(
	ctx: IExecuteFunctions,
	itemIndex: number,
	kind: ItemKind,
): Promise<UpsertRequest> {
	const applicationPath = readApplicationPath(ctx, itemIndex, kind);
	const match = readMatch(ctx, itemIndex);
	const mapped = await readMappedFields(ctx, itemIndex);
	const extra =
		ctx.getNodeParameter('fieldsInputMode', itemIndex, VALUES_FROM.form) === VALUES_FROM.json
			? await readValues(ctx, itemIndex, applicationScheme(ctx, itemIndex, kind))
			: {};
	const twice = Object.keys(extra).find((id) => id in mapped);
	if (twice !== undefined)
		throw invalidInput(
			JSON_SECTION,
			`only fields that ${MAPPER_SECTION} does not give (each field in one place)`,
			twice,
		);
	const options = ctx.getNodeParameter('options', itemIndex, {}) as IDataObject;
	const choice = options.ifSeveralMatch ?? IF_SEVERAL_MATCH.fail;
	if (choice !== IF_SEVERAL_MATCH.fail && choice !== IF_SEVERAL_MATCH.updateAll)
		throw invalidInput('If Several Match', '"error" or "updateAll"', choice);
	return {
		applicationPath,
		match,
		context: { ...mapped, ...extra },
		updateAll: choice === IF_SEVERAL_MATCH.updateAll,
	};
}

/**
 * The list's table filter for the match values (api.brix365.com/en/public-api/guides/Filter): text
 * as given (the platform finds it by inclusion, ignoring case), a number as the range `{min, max}`
 * of itself.
 */
function matchFilter(match: UpsertRequest['match']): IDataObject {
	const tf: IDataObject = {};
	for (const [field, value] of match)
		tf[field] = typeof value === 'number' ? { min: value, max: value } : value;
	return { tf };
}

/** Whether a listed item has exactly the match values: the filter also finds "Acme Ltd" for "acme". */
function matchesExactly(item: IDataObject, match: UpsertRequest['match']): boolean {
	return match.every(([field, value]) => item[field] === value);
}

/** "__name = "Acme", inn = 7701": the match as errors name it. */
function describeMatch(match: UpsertRequest['match']): string {
	return match.map(([field, value]) => `${field} = ${JSON.stringify(value)}`).join(', ');
}

/** What the output says happened: created (no item matched) or updated (one, or all with Update All). */
export function marked(
	item: IDataObject,
	action: 'created' | 'updated',
	matches: number,
): IDataObject {
	return { ...item, [UPSERT_MARKER]: { action, matches } };
}

/**
 * The object a Create or Update changes: its application and match values. Items with the same
 * match values keep their input order at any Concurrency (`orderKey`), so two of them never both
 * create.
 */
export function readUpsertKey(ctx: IExecuteFunctions, itemIndex: number, kind: ItemKind): string {
	const applicationPath = readApplicationPath(ctx, itemIndex, kind);
	const match = readMatch(ctx, itemIndex);
	return `${applicationPath} ${JSON.stringify(match)}`;
}

/**
 * The items to update, once the list found at least one: each with its UUID in `__id`. Several fail
 * the item unless If Several Match is Update All.
 */
function requireUpdatable(
	ctx: IExecuteFunctions,
	itemIndex: number,
	kind: ItemKind,
	upsert: UpsertRequest,
	found: IDataObject[],
): void {
	if (found.length > 1 && !upsert.updateAll) {
		throw new NodeOperationError(
			ctx.getNode(),
			`Several ${kind.noun}s match ${describeMatch(upsert.match)} (${found.length} found)`,
			{
				itemIndex,
				description:
					'Choose fields to match on that identify one item, or set Options > If Several Match to Update All.',
			},
		);
	}
	const unnamed = found.find((item) => !isUuid(item.__id));
	if (unnamed) {
		throw new NodeOperationError(
			ctx.getNode(),
			`The list of ${kind.noun}s answered a match without a UUID in __id`,
			{ itemIndex, description: `The entry: ${JSON.stringify(unnamed).slice(0, 200)}` },
		);
	}
}

/** One request a Create or Update sends, and what its output item says happened. */
export interface UpsertWrite {
	path: string;
	idempotent: boolean;
	action: 'created' | 'updated';
}

/**
 * The lookup and its outcome: POST `{applicationPath}/list` with the match values as a table filter,
 * only the exact matches kept; then the writes to send, `{applicationPath}/create` when none matches
 * or `{applicationPath}/{id}/update` for each match (several only with Update All).
 */
export async function lookUpUpsert(
	ctx: IExecuteFunctions,
	itemIndex: number,
	kind: ItemKind,
	upsert: UpsertRequest,
): Promise<{ matches: number; writes: UpsertWrite[] }> {
	const { applicationPath, match } = upsert;
	const listed = await readWholeList(ctx, {
		method: 'POST',
		path: `${applicationPath}/list`,
		paging: 'body',
		body: { active: true, filter: matchFilter(match) },
		itemIndex,
	});
	const found = listed.filter((item) => matchesExactly(item, match));
	if (found.length === 0)
		return {
			matches: 0,
			writes: [{ path: `${applicationPath}/create`, idempotent: false, action: 'created' }],
		};
	requireUpdatable(ctx, itemIndex, kind, upsert, found);
	return {
		matches: found.length,
		writes: found.map((item) => ({
			path: `${applicationPath}${apiPath`/${String(item.__id)}`}/update`,
			idempotent: true,
			action: 'updated',
		})),
	};
}
