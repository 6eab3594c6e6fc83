import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { readJsonObject } from '../../../shared/validation/values';
import { jsonEscapeHatchHint, showFor } from '../../../shared/display';
import { apiRequest, unwrapItem } from '../../../shared/transport';
import { parameterField, requireText } from '../../../shared/validation';
import { pickerBuilderHint } from '../../../shared/pickers/locators';
import { readOptionalDirectory } from '../diskParameters';
import {
	concurrency,
	CREATED_IN_ANOTHER_ORDER,
	optionsCollection,
} from '../../../shared/options/options';

export const description: INodeProperties[] = showFor('directory', 'create', [
	{
		displayName: 'Name',
		name: 'name',
		type: 'string',
		required: true,
		default: '',
		description: 'Name of the new directory',
	},
	{
		displayName: 'Parent Directory',
		name: 'parentId',
		type: 'resourceLocator',
		default: { mode: 'list', value: '' },
		description:
			'Directory to create the new one in, sent as "directory"; left empty, it is not sent',
		builderHint: pickerBuilderHint('searchDirectories', 'id'),
		modes: [
			{
				displayName: 'From List',
				name: 'list',
				type: 'list',
				typeOptions: { searchListMethod: 'searchDirectories', searchable: true },
			},
			{
				displayName: 'By ID',
				name: 'id',
				type: 'string',
				placeholder: '3fa85f64-5717-4562-b3fc-2c963f66afa6',
			},
		],
	},
	{
		displayName: 'Additional Body Fields (JSON)',
		name: 'body',
		type: 'json',
		default: '{}',
		description: `${jsonEscapeHatchHint}. The platform documents no body for this request: the node sends the keys of its directory model ("__name", "directory"); keys given here are merged over them.`,
	},
	optionsCollection([concurrency(1, CREATED_IN_ANOTHER_ORDER)]),
]);

/**
 * POST /disk/directory with `{"__name", "directory"?}` and the additional body fields. No reference
 * page, public client or help page shows this body (directoryCreate); the keys are those of the
 * vendor's directory model (api.elma365.com/en/public-api/resources/response-model-for-requesting-a-directory-by-id-get-information-about-a-directory-by-id):
 * `__name` the name, `directory` the parent's ID, as the documented file initialize body names a
 * file's parent `directory` and the documented group create names a group `__name`.
 */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const body = readCreateBody(this, itemIndex);
	const response = await apiRequest(this, {
		method: 'POST',
		path: '/disk/directory',
		body,
		itemIndex,
	});
	return unwrapItem(response);
}

/** `{"__name", "directory"?}` and the Additional Body Fields (JSON). */
function readCreateBody(ctx: IExecuteFunctions, itemIndex: number): IDataObject {
	const body: IDataObject = {
		__name: requireText(
			parameterField('name', 'Name'),
			ctx.getNodeParameter('name', itemIndex, ''),
		),
	};
	const parent = readOptionalDirectory(ctx, itemIndex, 'parentId', 'Parent Directory');
	if (parent !== undefined) body.directory = parent;
	return { ...body, ...readJsonObject(ctx, itemIndex, 'body', 'Additional Body Fields (JSON)') };
}
