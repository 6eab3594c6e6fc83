import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { readJsonObject } from '../validation/values';

/** `body` with Options > Additional Body merged over it. */
export function withAdditionalBody(
	ctx: IExecuteFunctions,
	itemIndex: number,
	body: IDataObject,
): IDataObject {
	return {
		...body,
		...readJsonObject(ctx, itemIndex, 'options.body', 'Options > Additional Body (JSON)'),
	};
}
