import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { jsonEscapeHatchHint, readJsonObject } from '../../../shared/descriptions';
import { invalidInput, requireText } from '../../../shared/validation';

/** The group fields the form offers; the spec does not document the body, so JSON can add the rest. */
const GROUP_FIELDS: Array<{ key: string; label: string; description: string }> = [
	{ key: 'code', label: 'Code', description: 'Code of the group inside the section' },
	{ key: 'description', label: 'Description', description: 'Description of the group' },
	{ key: 'name', label: 'Name', description: 'Name of the group' },
];

function fieldProperty(field: (typeof GROUP_FIELDS)[number]): INodeProperties {
	return { displayName: field.label, name: field.key, type: 'string', default: '', description: field.description };
}

const fieldsJson: INodeProperties = {
	displayName: 'Additional Fields (JSON)',
	name: 'fieldsJson',
	type: 'json',
	default: '{}',
	description: `${jsonEscapeHatchHint}: any other group fields as one JSON object`,
};

export const createFields: INodeProperties[] = [
	{ ...fieldProperty(GROUP_FIELDS[2]), required: true },
	{
		displayName: 'Additional Fields',
		name: 'additionalFields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		options: GROUP_FIELDS.filter((field) => field.key !== 'name').map(fieldProperty),
	},
	fieldsJson,
];

export const updateFields: INodeProperties[] = [
	{
		displayName: 'Update Fields',
		name: 'updateFields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		options: GROUP_FIELDS.map(fieldProperty),
	},
	fieldsJson,
];

function readFields(ctx: IExecuteFunctions, itemIndex: number, collection: string): IDataObject {
	const input = ctx.getNodeParameter(collection, itemIndex, {}) as IDataObject;
	const body: IDataObject = {};
	for (const field of GROUP_FIELDS) {
		if (!(field.key in input)) continue;
		// A description may be emptied; name and code may not.
		body[field.key] = field.key === 'description'
			? String(input[field.key] ?? '')
			: requireText(ctx, itemIndex, field.label, input[field.key]).trim();
	}
	return body;
}

/** `{name, code?, description?, ...json}` for a new group. */
export function buildCreateBody(ctx: IExecuteFunctions, itemIndex: number): IDataObject {
	const name = requireText(ctx, itemIndex, 'Name', ctx.getNodeParameter('name', itemIndex, '')).trim();
	return {
		name,
		...readFields(ctx, itemIndex, 'additionalFields'),
		...readJsonObject(ctx, itemIndex, 'fieldsJson', 'Additional Fields (JSON)'),
	};
}

/** Only the fields the user added; at least one is needed. */
export function buildUpdateBody(ctx: IExecuteFunctions, itemIndex: number): IDataObject {
	const body = {
		...readFields(ctx, itemIndex, 'updateFields'),
		...readJsonObject(ctx, itemIndex, 'fieldsJson', 'Additional Fields (JSON)'),
	};
	if (Object.keys(body).length === 0) {
		throw invalidInput(ctx, itemIndex, 'Update Fields', 'at least one field to change', {});
	}
	return body;
}
