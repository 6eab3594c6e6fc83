import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

/**
 * The Simplify switch that n8n's UX guidelines ask for on answers with many fields, on by default.
 */
export function simplifyOption(kept: readonly string[]): INodeProperties {
	return {
		displayName: 'Simplify',
		name: 'simplify',
		type: 'boolean',
		default: true,
		description: `Whether to return only the main fields (${kept.join(', ')}) instead of every field`,
	};
}

/** Turns one entry of the answer into its output item; made once per input item, applied to every entry. */
export type EntryShaper = (entry: IDataObject) => IDataObject;

const unchanged: EntryShaper = (entry) => entry;

/**
 * What the input item's Simplify makes of each entry: reduced to the `kept` fields it has when on,
 * the entry itself when off. The parameter is read once, not once per entry of a long list.
 */
export function simplifier(
	ctx: IExecuteFunctions,
	itemIndex: number,
	kept: readonly string[],
): EntryShaper {
	if (!ctx.getNodeParameter('simplify', itemIndex, false)) return unchanged;
	return (entry) => {
		const result: IDataObject = {};
		for (const field of kept) if (field in entry) result[field] = entry[field];
		return result;
	};
}

/** The system fields an item keeps when simplified; its own fields are always kept. */
const ITEM_SYSTEM_FIELDS_KEPT = new Set([
	'__id',
	'__name',
	'__status',
	'__createdAt',
	'__updatedAt',
]);

/**
 * Simplify for application and contract items (Get, Get Many): off by default (the item as the
 * platform returns it); on, the item keeps its own fields and only the main system ones.
 */
export const itemSimplifyOption: INodeProperties = {
	displayName: 'Simplify',
	name: 'simplify',
	type: 'boolean',
	default: false,
	description: `Whether to return the item's own fields with only these system fields: ${[...ITEM_SYSTEM_FIELDS_KEPT].join(', ')} (not __createdBy, __updatedBy, __deletedAt, __version, __index and the other system fields)`,
};

/** What the input item's Simplify makes of application or contract items: without their secondary system fields when on. */
export function itemSimplifier(ctx: IExecuteFunctions, itemIndex: number): EntryShaper {
	if (!ctx.getNodeParameter('simplify', itemIndex, false)) return unchanged;
	return (entry) =>
		Object.fromEntries(
			Object.entries(entry).filter(
				([key]) => !key.startsWith('__') || ITEM_SYSTEM_FIELDS_KEPT.has(key),
			),
		);
}

/** One application or contract item as the input item's Simplify has it. */
export function simplifiedItem(
	ctx: IExecuteFunctions,
	itemIndex: number,
	entry: IDataObject,
): IDataObject {
	return itemSimplifier(ctx, itemIndex)(entry);
}
