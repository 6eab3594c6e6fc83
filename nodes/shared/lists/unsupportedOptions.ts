import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { invalidInput } from '../validation';

function isSet(value: unknown): boolean {
	if (typeof value === 'string') return value.trim() !== '';
	if (Array.isArray(value)) return value.length > 0;
	if (value && typeof value === 'object') return Object.values(value).some(isSet);
	return value !== undefined && value !== null;
}

/**
 * Refuses, before any request, list options that an endpoint's documented body has no place for
 * (the shared Options collection offers them to every list): `unsupported` pairs an option's name
 * with its label, `takes` says what the endpoint does take.
 */
export function refuseUnsupportedOptions(
	ctx: IExecuteFunctions,
	itemIndex: number,
	unsupported: Array<[name: string, label: string]>,
	takes: string,
): void {
	const options = ctx.getNodeParameter('options', itemIndex, {}) as IDataObject;
	for (const [name, label] of unsupported) {
		if (isSet(options[name]))
			throw invalidInput(ctx, itemIndex, label, `no value: ${takes}`, options[name]);
	}
}
