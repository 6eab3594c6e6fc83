import type { INodeProperties } from 'n8n-workflow';
import { jsonEscapeHatchHint } from './common';

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
