import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';
import { PAGE_SIZE } from '../lists/pager';
import { requireInteger, requireJsonObject } from '../validation';

/** Shows `properties` only for the given resource and operation(s), keeping their own conditions. */
export function showFor(
	resource: string,
	operation: string | string[],
	properties: INodeProperties[],
): INodeProperties[] {
	const operations = Array.isArray(operation) ? operation : [operation];
	return updateDisplayOptions(
		{ show: { resource: [resource], operation: operations } },
		properties,
	);
}

/** Return All / Limit, as n8n's Get Many operations show them. */
export const returnAllOrLimit: INodeProperties[] = [
	{
		displayName: 'Return All',
		name: 'returnAll',
		type: 'boolean',
		default: false,
		description: 'Whether to return all results or only up to a given limit',
	},
	{
		displayName: 'Limit',
		name: 'limit',
		type: 'number',
		typeOptions: { minValue: 1 },
		default: 50,
		description: 'Max number of results to return',
		displayOptions: { show: { returnAll: [false] } },
	},
];

/** Reads Return All / Limit: undefined means every item. */
export function readLimit(ctx: IExecuteFunctions, itemIndex: number): number | undefined {
	if (ctx.getNodeParameter('returnAll', itemIndex, false) as boolean) return undefined;
	return requireInteger(ctx, itemIndex, 'Limit', ctx.getNodeParameter('limit', itemIndex, 50), {
		min: 1,
	});
}

/** How a raw JSON parameter is described: sent as given, over what the form builds. */
export const jsonEscapeHatchHint =
	'Sent as it is, merged over the fields above: for what the form does not offer';

/** A JSON object parameter read and validated, or {} when empty. */
export function readJsonObject(
	ctx: IExecuteFunctions,
	itemIndex: number,
	name: string,
	label: string,
): IDataObject {
	return requireJsonObject(ctx, itemIndex, label, ctx.getNodeParameter(name, itemIndex, '{}'));
}

export { PAGE_SIZE };
