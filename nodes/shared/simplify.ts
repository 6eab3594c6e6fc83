import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

/**
 * The Simplify switch that n8n's UX guidelines ask for on answers with many fields. It exists from
 * `sinceVersion` of a node on (on by default there); older versions keep their full output.
 */
export function simplifyOption(sinceVersion: number, kept: readonly string[]): INodeProperties {
	return {
		displayName: 'Simplify',
		name: 'simplify',
		type: 'boolean',
		default: true,
		description: `Whether to return only the main fields (${kept.join(', ')}) instead of every field`,
		displayOptions: { show: { '@version': [{ _cnd: { gte: sinceVersion } }] } },
	};
}

/** The entry reduced to the `kept` fields it has, when the node's Simplify is on; otherwise the entry. */
export function simplified(ctx: IExecuteFunctions, itemIndex: number, entry: IDataObject, kept: readonly string[]): IDataObject {
	if (!ctx.getNodeParameter('simplify', itemIndex, false)) return entry;
	const result: IDataObject = {};
	for (const field of kept) if (field in entry) result[field] = entry[field];
	return result;
}
