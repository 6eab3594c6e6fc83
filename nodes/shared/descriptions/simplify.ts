import type { INodeProperties } from 'n8n-workflow';

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

/** The system fields an item keeps when simplified; its own fields are always kept. */
export const ITEM_SYSTEM_FIELDS_KEPT = new Set([
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
