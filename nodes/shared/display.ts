import type { INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

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

/** How a raw JSON parameter is described: sent as given, over what the form builds. */
export const jsonEscapeHatchHint =
	'Sent as it is, merged over the fields above: for what the form does not offer';
