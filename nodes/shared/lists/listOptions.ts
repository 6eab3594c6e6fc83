import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { readJsonObject } from '../validation/values';
import { jsonEscapeHatchHint } from '../display';
import { invalidInput, requireBoolean, requireUuid, unsendable } from '../validation';
import { parseJsonOrText, splitList } from '../utils';
import { optionsCollection } from '../options/options';

/**
 * The documented list body (api.elma365.com/en/public-api/reference/app/applist):
 * {active, fields, filter: {tf, eql}, ids, sortExpressions, statusCode, statusGroupId} plus from/size.
 * Endpoints differ in what they accept, so each list chooses its features.
 */
export interface ListFeatures {
	active?: boolean;
	status?: boolean;
	/**
	 * Fields to Return, typed as codes: only on lists without an Output choice (item lists send
	 * Output > Selected Fields as `fields` instead, options/output.ts).
	 */
	fields?: boolean;
	eql?: boolean;
	/** The IDs option; on unless set to false (report lists take no IDs). */
	ids?: boolean;
}

/**
 * The picker form of the options: field codes and statuses chosen from the application's scheme and
 * status settings instead of typed. `application` names the parameter holding the application (the
 * section is `namespace`); the node registers the load-options methods `getFieldCodes` and, where
 * the list has statuses, `getStatuses` and `getStatusGroups`, each reading that parameter.
 */
export interface ListPickers {
	application: string;
}

const EXPRESSION_LINK = '<a href="https://docs.n8n.io/code/expressions/">expression</a>';

/** What every field-code and status dropdown depends on: the section and the application. */
function loadFrom(pickers: ListPickers, loadOptionsMethod: string) {
	return {
		loadOptionsMethod,
		loadOptionsDependsOn: ['namespace.value', `${pickers.application}.value`],
	};
}

/** Where a field code comes from, for n8n's AI Workflow Builder. */
const fieldCodeHint = {
	propertyHint:
		"A field code of the listed entries as they appear in the output, such as __name, __createdAt or an application's own field like price; ELMA365 Scheme > Application > Get lists an application's fields.",
};

/** A field code: typed, or (with pickers) chosen from the application's fields. */
function fieldCode(pickers: ListPickers | undefined, defaultCode: string): INodeProperties {
	if (!pickers)
		return {
			displayName: 'Field Code',
			name: 'field',
			type: 'string',
			default: defaultCode,
			builderHint: fieldCodeHint,
		};
	return {
		displayName: 'Field Name or ID',
		name: 'field',
		type: 'options',
		typeOptions: loadFrom(pickers, 'getFieldCodes'),
		default: defaultCode,
		description: `Choose from the list, or specify an ID using an ${EXPRESSION_LINK}`,
		builderHint: fieldCodeHint,
	};
}

/** Table filter conditions (sent as filter.tf); with pickers, their field codes come from the application. */
export function tableFilter(pickers?: ListPickers): INodeProperties {
	return {
		displayName: 'Table Filter',
		name: 'tableFilter',
		type: 'fixedCollection',
		typeOptions: { multipleValues: true },
		placeholder: 'Add Condition',
		default: {},
		description:
			'Sent as filter.tf: text matches by inclusion, ignoring case; ranges for numbers and dates',
		options: [
			{
				displayName: 'Equals / Contains',
				name: 'match',
				values: [
					fieldCode(pickers, ''),
					{
						displayName: 'Value',
						name: 'value',
						type: 'string',
						default: '',
						description:
							'Text is matched by inclusion; a JSON value (number, true, ["uuid"]) is sent parsed',
					},
				],
			},
			{
				displayName: 'Range',
				name: 'range',
				values: [
					fieldCode(pickers, ''),
					{
						displayName: 'From',
						name: 'min',
						type: 'string',
						default: '',
						description: 'Lower bound (number or date); empty leaves it open',
					},
					{
						displayName: 'To',
						name: 'max',
						type: 'string',
						default: '',
						description: 'Upper bound (number or date); empty leaves it open',
					},
				],
			},
		],
	};
}

/**
 * The Options collection of a list. Without `pickers` every code is typed (lists with no application
 * scheme to pick from); with them, field codes, statuses and the status group are dropdowns.
 */
export function listOptions(features: ListFeatures, pickers?: ListPickers): INodeProperties {
	const options: INodeProperties[] = [];
	if (features.active) {
		options.push({
			displayName: 'Active Only',
			name: 'active',
			type: 'boolean',
			default: true,
			description: 'Whether to return only items that are not deleted',
		});
	}
	options.push({
		displayName: 'Additional Body (JSON)',
		name: 'body',
		type: 'json',
		default: '{}',
		description: `${jsonEscapeHatchHint}: any other list body fields`,
	});
	if (features.eql) {
		options.push({
			displayName: 'EQL Query',
			name: 'eql',
			type: 'string',
			default: '',
			placeholder: '[price] = 400',
			description: "Filter in the platform's query language, sent as filter.eql.query",
		});
	}
	if (features.fields) {
		options.push({
			displayName: 'Fields to Return',
			name: 'fields',
			type: 'string',
			default: '',
			placeholder: '__id, __name, price',
			description: 'Comma-separated field codes; empty returns every field',
		});
	}
	if (features.ids !== false) {
		options.push({
			displayName: 'IDs',
			name: 'ids',
			type: 'string',
			default: '',
			placeholder: '3fa85f64-5717-4562-b3fc-2c963f66afa6, ...',
			description: 'Comma-separated identifiers to return',
		});
	}
	options.push({
		displayName: 'Sort',
		name: 'sort',
		type: 'fixedCollection',
		typeOptions: { multipleValues: true },
		placeholder: 'Add Sort Rule',
		default: {},
		options: [
			{
				displayName: 'Rule',
				name: 'rule',
				values: [
					fieldCode(pickers, '__createdAt'),
					{
						displayName: 'Ascending',
						name: 'ascending',
						type: 'boolean',
						default: false,
						description: 'Whether to sort ascending',
					},
				],
			},
		],
	});
	if (features.status && pickers) {
		options.push(
			{
				displayName: 'Status Group Name or ID',
				name: 'statusGroupId',
				type: 'options',
				typeOptions: loadFrom(pickers, 'getStatusGroups'),
				default: '',
				description: `Only items whose status is in this status group. Choose from the list, or specify an ID using an ${EXPRESSION_LINK}.`,
			},
			{
				displayName: 'Status Names or IDs',
				name: 'statusCodes',
				type: 'multiOptions',
				typeOptions: loadFrom(pickers, 'getStatuses'),
				default: [],
				description: `Only items in one of these statuses (sent by code). Choose from the list, or specify IDs using an ${EXPRESSION_LINK}.`,
			},
		);
	} else if (features.status) {
		options.push(
			{
				displayName: 'Status Codes',
				name: 'statusCodes',
				type: 'string',
				default: '',
				placeholder: 'new, in_progress',
				description: 'Comma-separated status codes; only items in one of them are returned',
			},
			{
				displayName: 'Status Group ID',
				name: 'statusGroupId',
				type: 'string',
				default: '',
				description: 'Only items whose status is in this status group',
			},
		);
	}
	options.push(tableFilter(pickers));
	return optionsCollection(options);
}

/** A range's bound as sent: an empty one leaves the range open (`null`). */
function bound(value: unknown): unknown {
	return value === '' || value === undefined ? null : parseJsonOrText(value);
}

/**
 * The Table Filter's conditions as `filter.tf` (typed or picked field codes alike): a match's value
 * is sent parsed where it is JSON, a range as `{min, max}` with `null` for an open end.
 * `invalid` makes the error for a condition without a field code or with an unsendable value.
 */
function readTableFilter(
	value: unknown,
	invalid: (field: string, expected: string, value: unknown) => Error,
): IDataObject {
	const tf: IDataObject = {};
	const table = (value ?? {}) as { match?: IDataObject[]; range?: IDataObject[] };
	const sendable = (field: string, parsed: unknown) => {
		const problem = unsendable(parsed);
		if (problem !== undefined) throw invalid(field, problem, parsed);
		return parsed as IDataObject[string];
	};
	for (const condition of table.match ?? []) {
		const field = String(condition.field ?? '').trim();
		if (!field) throw invalid('Table Filter > Field Code', 'a field code', condition.field);
		tf[field] = sendable('Table Filter > Value', parseJsonOrText(condition.value));
	}
	for (const condition of table.range ?? []) {
		const field = String(condition.field ?? '').trim();
		if (!field) throw invalid('Table Filter > Field Code', 'a field code', condition.field);
		tf[field] = {
			min: sendable('Table Filter > From', bound(condition.min)),
			max: sendable('Table Filter > To', bound(condition.max)),
		} as IDataObject;
	}
	return tf;
}

/** The list's `filter` from the Table Filter (`tf`) and EQL Query (`eql`) options: empty when neither is set. */
export function readListFilter(
	options: IDataObject,
	invalid: (field: string, expected: string, value: unknown) => Error,
): IDataObject {
	const filter: IDataObject = {};
	const tf = readTableFilter(options.tableFilter, invalid);
	if (Object.keys(tf).length > 0) filter.tf = tf;
	if (typeof options.eql === 'string' && options.eql.trim() !== '')
		filter.eql = { query: options.eql.trim() };
	return filter;
}

/** The labels of the list options, as errors name them. */
export const OPTION_LABELS: Record<string, string> = {
	eql: 'EQL Query',
	ids: 'IDs',
	fields: 'Fields to Return',
	sort: 'Sort',
	statusCodes: 'Status Codes',
	statusGroupId: 'Status Group ID',
	tableFilter: 'Table Filter',
};

/** Whether an option holds something: a non-blank text, a non-empty list, a collection with a set value. */
function isSet(value: unknown): boolean {
	if (typeof value === 'string') return value.trim() !== '';
	if (Array.isArray(value)) return value.length > 0;
	if (value && typeof value === 'object') return Object.values(value).some(isSet);
	return value !== undefined && value !== null;
}

/**
 * Refuses, before any request, the list options `names` that an endpoint's documented body has no
 * place for (the shared Options collection offers them to every list, and the platform would ignore
 * them and answer with an unfiltered list); `why` says what the endpoint does take.
 */
export function refuseUnsendableOptions(
	ctx: IExecuteFunctions,
	itemIndex: number,
	names: string[],
	why: string,
): void {
	const options = ctx.getNodeParameter('options', itemIndex, {}) as IDataObject;
	for (const name of names) {
		if (isSet(options[name]))
			throw invalidInput(OPTION_LABELS[name], `no value: ${why}`, options[name]);
	}
}

/**
 * Builds the list body from the Options collection (from/size are added by the paging), typed or
 * picked: codes and statuses arrive as comma-separated text or as arrays, and give the same body.
 */
export function buildListBody(
	ctx: IExecuteFunctions,
	itemIndex: number,
	optionsName = 'options',
): IDataObject {
	const options = ctx.getNodeParameter(optionsName, itemIndex, {}) as IDataObject;
	const body: IDataObject = {};
	if (options.active !== undefined) body.active = requireBoolean('Active Only', options.active);

	const filter = readListFilter(options, (field, expected, value) =>
		invalidInput(field, expected, value),
	);
	if (Object.keys(filter).length > 0) body.filter = filter;

	const ids = splitList(options.ids).map((id) => requireUuid('IDs', id));
	if (ids.length > 0) body.ids = ids;

	const sort = ((options.sort ?? {}) as { rule?: IDataObject[] }).rule ?? [];
	if (sort.length > 0) {
		body.sortExpressions = sort.map((rule) => {
			const field = String(rule.field ?? '').trim();
			if (!field) throw invalidInput('Sort > Field Code', 'a field code', rule.field);
			return { field, ascending: rule.ascending === true };
		});
	}

	const fields = splitList(options.fields);
	if (fields.length > 0) body.fields = Object.fromEntries(fields.map((field) => [field, true]));

	const statusCodes = splitList(options.statusCodes);
	if (statusCodes.length > 0) body.statusCode = statusCodes;
	if (typeof options.statusGroupId === 'string' && options.statusGroupId.trim() !== '') {
		body.statusGroupId = requireUuid('Status Group ID', options.statusGroupId);
	}

	const extra =
		options.body === undefined
			? {}
			: readJsonObject(ctx, itemIndex, `${optionsName}.body`, 'Additional Body (JSON)');
	return { ...body, ...extra };
}
