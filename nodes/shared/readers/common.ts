import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { parameterField, requireInteger, requireJsonObject } from '../validation';

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

/** A JSON object parameter read and validated, or {} when empty. */
export function readJsonObject(
	ctx: IExecuteFunctions,
	itemIndex: number,
	name: string,
	label: string,
): IDataObject {
	return requireJsonObject(
		ctx,
		itemIndex,
		parameterField(name, label),
		ctx.getNodeParameter(name, itemIndex, '{}'),
	);
}
