import type { INodeProperties, IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { readJsonObject } from '../../../shared/validation/values';
import { jsonEscapeHatchHint } from '../../../shared/display';
import { invalidInput, requireBoolean, requireText } from '../../../shared/validation';

const DESCRIPTION: INodeProperties = {
	displayName: 'Description',
	name: 'description',
	type: 'string',
	default: '',
	description: 'Description of the group',
};

const NAME: INodeProperties = {
	displayName: 'Name',
	name: 'name',
	type: 'string',
	default: '',
	description: 'Name of the group (sent as "__name")',
};

/** The flag sent as `isDefault`, on create and update. */
export const IS_DEFAULT: INodeProperties = {
	displayName: 'Assign to New Users',
	name: 'isDefault',
	type: 'boolean',
	default: false,
	description: 'Whether every new user is added to the group (sent as "isDefault")',
};

/** The flag sent as `isRole`, on create only. */
export const IS_ROLE: INodeProperties = {
	displayName: 'Is Role',
	name: 'isRole',
	type: 'boolean',
	default: false,
	description: 'Whether the group is a role (sent as "isRole"); set when the group is created',
};

/** Any other group fields, merged over the form's. */
const fieldsJson: INodeProperties = {
	displayName: 'Additional Fields (JSON)',
	name: 'fieldsJson',
	type: 'json',
	default: '{}',
	description: `${jsonEscapeHatchHint}: any other group fields as one JSON object`,
};

/**
 * Create's fields. The group body as the vendor documents it: create takes {"__name" (required), "description",
 * "isDefault", "isRole"} (api.elma365.com/en/public-api/reference/scheme/groupcreate), edit takes
 * {"__name", "description", "isDefault"} (.../scheme/updaterequest); neither has a code. The form's
 * parameter is `name`; only the wire key follows the reference.
 */
export const createFields: INodeProperties[] = [
	{ ...NAME, required: true },
	{
		displayName: 'Additional Fields',
		name: 'additionalFields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		options: [IS_DEFAULT, DESCRIPTION, IS_ROLE],
	},
	fieldsJson,
];

/** Update's fields: only those added are sent; a group's role flag is set when it is created. */
export const updateFields: INodeProperties[] = [
	{
		displayName: 'Update Fields',
		name: 'updateFields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		options: [IS_DEFAULT, DESCRIPTION, NAME],
	},
	fieldsJson,
];

/** The fields added to `collection`: the name as `__name`, the description, and the given flags. */
function readFields(
	ctx: IExecuteFunctions,
	itemIndex: number,
	collection: string,
	flags: INodeProperties[],
): IDataObject {
	const input = ctx.getNodeParameter(collection, itemIndex, {}) as IDataObject;
	const body: IDataObject = {};
	// A description may be emptied; a name may not.
	if ('name' in input) body.__name = requireText('Name', input.name).trim();
	if ('description' in input) body.description = String(input.description ?? '');
	for (const flag of flags) {
		if (input[flag.name] !== undefined)
			body[flag.name] = requireBoolean(flag.displayName, input[flag.name]);
	}
	return body;
}

/** `{__name, description?, isDefault?, isRole?, ...json}` for a new group. */
export function buildCreateBody(ctx: IExecuteFunctions, itemIndex: number): IDataObject {
	const name = requireText('Name', ctx.getNodeParameter('name', itemIndex, '')).trim();
	return {
		__name: name,
		...readFields(ctx, itemIndex, 'additionalFields', [IS_DEFAULT, IS_ROLE]),
		...readJsonObject(ctx, itemIndex, 'fieldsJson', 'Additional Fields (JSON)'),
	};
}

/** Only the fields the user added; at least one is needed. */
export function buildUpdateBody(ctx: IExecuteFunctions, itemIndex: number): IDataObject {
	const body = {
		...readFields(ctx, itemIndex, 'updateFields', [IS_DEFAULT]),
		...readJsonObject(ctx, itemIndex, 'fieldsJson', 'Additional Fields (JSON)'),
	};
	if (Object.keys(body).length === 0) {
		throw invalidInput('Update Fields', 'at least one field to change', {});
	}
	return body;
}
