import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { parameterField, requireInteger } from '../validation';

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
	return requireInteger(
		ctx,
		itemIndex,
		parameterField('limit', 'Limit'),
		ctx.getNodeParameter('limit', itemIndex, 50),
		{
			min: 1,
		},
	);
}
