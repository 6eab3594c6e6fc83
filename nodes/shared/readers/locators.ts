import type { IExecuteFunctions } from 'n8n-workflow';
import { parameterField, requireUuid } from '../validation';

/** Reads a uuid picker's value (whatever its mode) and checks that it is a uuid. */
export function readUuidLocator(
	ctx: IExecuteFunctions,
	itemIndex: number,
	name: string,
	label: string,
): string {
	const value = ctx.getNodeParameter(name, itemIndex, '', { extractValue: true });
	return requireUuid(ctx, itemIndex, parameterField(name, label), value);
}
