import type { INodeProperties, IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { readJsonObject } from '../../../shared/validation/values';
import { jsonEscapeHatchHint } from '../../../shared/display';
import { requireText } from '../../../shared/validation';

/** Name (required on create; on update, empty keeps the name) and the JSON escape hatch. */
export function directoryFields(nameRequired: boolean): INodeProperties[] {
	return [
		{
			displayName: 'Name',
			name: 'name',
			type: 'string',
			required: nameRequired,
			default: '',
			description: nameRequired
				? 'Name of the directory'
				: 'New name of the directory; left empty, the directory keeps its name',
		},
		{
			displayName: 'Additional Body Fields (JSON)',
			name: 'body',
			type: 'json',
			default: '{}',
			description: `${jsonEscapeHatchHint}. The platform documents no other directory fields; on-premises versions differ.`,
		},
	];
}

/** `{name, ...JSON}`: the JSON is merged last, so it can carry any field the platform takes. */
export function buildDirectoryBody(
	ctx: IExecuteFunctions,
	itemIndex: number,
	nameRequired: boolean,
): IDataObject {
	const rawName = ctx.getNodeParameter('name', itemIndex, '') as string;
	const body: IDataObject = {};
	if (nameRequired || rawName !== '') body.name = requireText('Name', rawName);
	return { ...body, ...readJsonObject(ctx, itemIndex, 'body', 'Additional Body Fields (JSON)') };
}
