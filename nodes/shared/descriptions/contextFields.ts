import type { INodeProperties } from 'n8n-workflow';
import { MAPPER_SECTION } from './fieldMapping';

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
