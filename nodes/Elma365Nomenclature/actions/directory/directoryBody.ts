import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { readJsonObject } from '../../../shared/jsonParameter';
import { requireText } from '../../../shared/validation';

/** `{name, ...JSON}`: the JSON is merged last, so it can carry any field the platform takes. */
export function buildDirectoryBody(
	ctx: IExecuteFunctions,
	itemIndex: number,
	nameRequired: boolean,
): IDataObject {
	const rawName = ctx.getNodeParameter('name', itemIndex, '') as string;
	const body: IDataObject = {};
	if (nameRequired || rawName !== '') body.name = requireText(ctx, itemIndex, 'Name', rawName);
	return { ...body, ...readJsonObject(ctx, itemIndex, 'body', 'Additional Body Fields (JSON)') };
}
