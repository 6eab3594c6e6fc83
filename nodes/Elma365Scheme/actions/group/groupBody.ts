import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { readJsonObject } from '../../../shared/jsonParameter';
import { invalidInput, requireBoolean, requireText } from '../../../shared/validation';
import { IS_DEFAULT, IS_ROLE } from './groupFields.description';

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
	if ('name' in input) body.__name = requireText(ctx, itemIndex, 'Name', input.name).trim();
	if ('description' in input) body.description = String(input.description ?? '');
	for (const flag of flags) {
		if (input[flag.name] !== undefined)
			body[flag.name] = requireBoolean(ctx, itemIndex, flag.displayName, input[flag.name]);
	}
	return body;
}

/** `{__name, description?, isDefault?, isRole?, ...json}` for a new group. */
export function buildCreateBody(ctx: IExecuteFunctions, itemIndex: number): IDataObject {
	const name = requireText(
		ctx,
		itemIndex,
		'Name',
		ctx.getNodeParameter('name', itemIndex, ''),
	).trim();
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
		throw invalidInput(ctx, itemIndex, 'Update Fields', 'at least one field to change', {});
	}
	return body;
}
