import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { parameterField, requireJsonObject } from './validation';

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
	return requireJsonObject(
		ctx,
		itemIndex,
		parameterField(name, label),
		ctx.getNodeParameter(name, itemIndex, '{}'),
	);
}
