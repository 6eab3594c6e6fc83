import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { readJsonObject } from '../jsonParameter';
import { convertFields, readMappedFields } from './fieldMapping';
import type { FieldScheme } from './fieldTypes';
import { readFieldTypes } from './fieldTypes';
import { MAPPER_SECTION } from '../descriptions/fieldMapping';
import { DROPPED_KEYS, invalidInput, parameterField, requireSendable } from '../validation';
import { parseJsonOrText } from '../utils';
import {
	CHOICE_LABEL,
	JSON_SECTION,
	PAIRS_SECTION,
	VALUES_FROM,
} from '../descriptions/contextFields';

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
