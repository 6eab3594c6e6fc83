import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import {
	ITEM_SYSTEM_FIELDS_KEPT,
	PICKED_FIELDS_LABEL,
	TYPED_FIELDS_LABEL,
} from '../descriptions/output';
import { splitList } from '../utils';
import { invalidInput } from '../validation';

/** Turns one entry of the answer into its output item; made once per input item, applied to every entry. */
export type EntryShaper = (entry: IDataObject) => IDataObject;

const unchanged: EntryShaper = (entry) => entry;

/** Each entry with only the `kept` fields it has. */
function keeping(kept: readonly string[]): EntryShaper {
	return (entry) => {
		const result: IDataObject = {};
		for (const field of kept) if (field in entry) result[field] = entry[field];
		return result;
	};
}

/** Application and contract items without their secondary system fields. */
const withoutSecondarySystemFields: EntryShaper = (entry) =>
	Object.fromEntries(
		Object.entries(entry).filter(
			([key]) => !key.startsWith('__') || ITEM_SYSTEM_FIELDS_KEPT.has(key),
		),
	);

/**
 * What the input item's Output makes of each entry: `simplified` for Simplified, the entry itself
 * for Raw, only the chosen fields for Selected Fields. Read once per input item, not once per entry
 * of a long list; Selected Fields without a field is refused before any request.
 */
function outputShaper(
	ctx: IExecuteFunctions,
	itemIndex: number,
	simplified: EntryShaper,
	choice: string,
	fieldsLabel: string,
): EntryShaper {
	const output = ctx.getNodeParameter('output', itemIndex, choice) as string;
	if (output === 'simple') return simplified;
	if (output !== 'fields') return unchanged;
	const value = ctx.getNodeParameter('fields', itemIndex, '');
	const fields = splitList(value);
	if (fields.length === 0)
		throw invalidInput(ctx, itemIndex, fieldsLabel, 'at least one field code', value);
	return keeping(fields);
}

/** Output for entries whose Simplified keeps the `kept` fields (users); Simplified by default. */
export function outputOf(
	ctx: IExecuteFunctions,
	itemIndex: number,
	kept: readonly string[],
): EntryShaper {
	return outputShaper(ctx, itemIndex, keeping(kept), 'simple', TYPED_FIELDS_LABEL);
}

/** Output for application and contract items; Raw by default. */
export function itemOutputOf(ctx: IExecuteFunctions, itemIndex: number): EntryShaper {
	return outputShaper(ctx, itemIndex, withoutSecondarySystemFields, 'raw', PICKED_FIELDS_LABEL);
}
