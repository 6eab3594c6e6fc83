import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { readJsonObject } from '../../../shared/validation/values';
import { jsonEscapeHatchHint, showFor } from '../../../shared/display';
import { apiRequest, unwrapItem } from '../../../shared/transport';
import { parameterField, requireText, requireUuid } from '../../../shared/validation';

export const description: INodeProperties[] = showFor('segment', 'create', [
	{
		displayName: 'Name',
		name: 'name',
		type: 'string',
		required: true,
		default: '',
		description: 'Name of the static segment',
	},
	{
		displayName: 'Additional Fields',
		name: 'additionalFields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		options: [
			{
				displayName: 'External ID',
				name: 'externalId',
				type: 'string',
				default: '',
				description: 'Your own identifier of the segment, e.g. from another system',
			},
			{
				displayName: 'Preference',
				name: 'preference',
				type: 'string',
				default: '',
				placeholder: '3fa85f64-5717-4562-b3fc-2c963f66afa6',
				description:
					'ID of the preference category of the segment (a UUID, as the platform documents it)',
			},
			{
				displayName: 'Additional Body (JSON)',
				name: 'body',
				type: 'json',
				default: '{}',
				description: `${jsonEscapeHatchHint}: any other segment fields`,
			},
		],
	},
]);

function buildSegmentBody(ctx: IExecuteFunctions, itemIndex: number): IDataObject {
	const body: IDataObject = {
		name: requireText(parameterField('name', 'Name'), ctx.getNodeParameter('name', itemIndex)),
	};
	const extra = ctx.getNodeParameter('additionalFields', itemIndex, {}) as IDataObject;
	if (extra.externalId !== undefined && extra.externalId !== '')
		body.externalId = requireText('External ID', extra.externalId);
	// The documented body: {externalId, name, preference (uuid)}.
	if (extra.preference !== undefined && extra.preference !== '')
		body.preference = requireUuid('Preference', extra.preference);
	const json =
		extra.body === undefined
			? {}
			: readJsonObject(ctx, itemIndex, 'additionalFields.body', 'Additional Body (JSON)');
	return { ...body, ...json };
}

/** PUT /marketing/segment (api.elma365.com/en/public-api/reference/marketing/createsegment/). */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const body = buildSegmentBody(this, itemIndex);
	const response = await apiRequest(this, {
		method: 'PUT',
		path: '/marketing/segment',
		body,
		// PUT here creates a new segment each time: never repeated after a 5xx.
		idempotent: false,
		itemIndex,
	});
	return unwrapItem(response);
}
