import type { INodeProperties, IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { MAPPER_SECTION, convertFields, readMappedFields } from './fieldMapping';
import { readJsonObject } from '../jsonParameter';
import type { FieldScheme } from './fieldTypes';
import { readFieldTypes } from './fieldTypes';
import { DROPPED_KEYS, invalidInput, parameterField, requireSendable } from '../validation';
import { parseJsonOrText } from '../utils';

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
		if (name === '') throw invalidInput(ctx, itemIndex, label, 'a field code', pair.name);
		// As a key these would set the object's prototype or be dropped by n8n's copies, without a word.
		if (DROPPED_KEYS.includes(name))
			throw invalidInput(
				ctx,
				itemIndex,
				label,
				'a field code other than "__proto__", "constructor" or "prototype"',
				pair.name,
			);
		context[name] = requireSendable(
			ctx,
			itemIndex,
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
			ctx,
			itemIndex,
			CHOICE_LABEL,
			`"${VALUES_FROM.form}", "${VALUES_FROM.pairs}" or "${VALUES_FROM.json}"`,
			choice,
		);
	if (!scheme || Object.keys(values).length === 0) return values;
	const [section, parameter] =
		choice === VALUES_FROM.json ? [JSON_SECTION, 'fieldsJson'] : [PAIRS_SECTION, 'fields'];
	const schema = await readFieldTypes(ctx, itemIndex, scheme);
	// Named with its parameter, so that an agent's error names the tool argument it gave.
	return await convertFields(ctx, itemIndex, schema, values, (field) =>
		parameterField(parameter, `${section} > ${field.id} (${field.platformType})`),
	);
}
