import type { INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';
import { PAGE_SIZE } from '../lists/pager';

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

/** How a raw JSON parameter is described: sent as given, over what the form builds. */
export const jsonEscapeHatchHint =
	'Sent as it is, merged over the fields above: for what the form does not offer';

export { PAGE_SIZE };
