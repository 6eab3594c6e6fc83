import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { ITEM_SYSTEM_FIELDS_KEPT } from '../descriptions/simplify';

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
