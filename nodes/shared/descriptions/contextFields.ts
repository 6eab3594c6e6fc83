import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { jsonEscapeHatchHint, readJsonObject } from './common';
import { DROPPED_KEYS, invalidInput, requireSendable } from '../validation';
import { parseJsonOrText } from '../utils';

/**
 * Item or process context given as name/value pairs and/or a JSON object. A value that parses as
 * JSON is sent parsed, so `["uuid"]` (references, users), numbers, booleans and objects keep their type.
 */
export function contextFields(options: { what: string }): INodeProperties[] {
	return [
		{
			displayName: 'Fields',
			name: 'fields',
			type: 'fixedCollection',
			typeOptions: { multipleValues: true },
			placeholder: 'Add Field',
			default: {},
			description: `Fields of the ${options.what} by code. A value that is valid JSON is sent parsed: ["uuid"] for references and users, 42, true, {"code": "x"}.`,
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
		},
		{
			displayName: 'Fields (JSON)',
			name: 'fieldsJson',
			type: 'json',
			default: '{}',
			description: `${jsonEscapeHatchHint}: the ${options.what} fields as one JSON object`,
		},
	];
}

/** `{...pairs, ...json}`: the JSON object wins where both name a field. */
export function readContext(ctx: IExecuteFunctions, itemIndex: number): IDataObject {
	const pairs =
		(ctx.getNodeParameter('fields.field', itemIndex, []) as Array<{
			name: string;
			value: unknown;
		}>) ?? [];
	const context: IDataObject = {};
	for (const [position, pair] of pairs.entries()) {
		const name = typeof pair.name === 'string' ? pair.name.trim() : '';
		if (name === '')
			throw invalidInput(
				ctx,
				itemIndex,
				`Fields > Field Code (entry ${position + 1})`,
				'a field code',
				pair.name,
			);
		// As a key these would set the object's prototype or be dropped by n8n's copies, without a word.
		if (DROPPED_KEYS.includes(name))
			throw invalidInput(
				ctx,
				itemIndex,
				`Fields > Field Code (entry ${position + 1})`,
				'a field code other than "__proto__", "constructor" or "prototype"',
				pair.name,
			);
		context[name] = requireSendable(
			ctx,
			itemIndex,
			`Fields > Value (entry ${position + 1})`,
			parseJsonOrText(pair.value),
		) as IDataObject[string];
	}
	return { ...context, ...readJsonObject(ctx, itemIndex, 'fieldsJson', 'Fields (JSON)') };
}
