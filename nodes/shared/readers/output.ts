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
 * The field codes Output > Selected Fields chose, or undefined for Simplified and Raw; Selected
 * Fields without a field is refused before any request.
 */
function selectedFields(
	ctx: IExecuteFunctions,
	itemIndex: number,
	choice: string,
	fieldsLabel: string,
): string[] | undefined {
	const output = ctx.getNodeParameter('output', itemIndex, choice) as string;
	if (output !== 'fields') return undefined;
	const value = ctx.getNodeParameter('fields', itemIndex, '');
	const fields = splitList(value);
	if (fields.length === 0)
		throw invalidInput(ctx, itemIndex, fieldsLabel, 'at least one field code', value);
	return fields;
}

/**
 * What the input item's Output makes of each entry: `simplified` for Simplified, the entry itself
 * for Raw, only the chosen fields for Selected Fields. Read once per input item, not once per entry
 * of a long list.
 */
function outputShaper(
	ctx: IExecuteFunctions,
	itemIndex: number,
	simplified: EntryShaper,
	choice: string,
	fieldsLabel: string,
): EntryShaper {
	const fields = selectedFields(ctx, itemIndex, choice, fieldsLabel);
	if (fields) return keeping(fields);
	return ctx.getNodeParameter('output', itemIndex, choice) === 'simple' ? simplified : unchanged;
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

/**
 * The list body's `fields`, the "field load rules" of the applist page
 * (api.elma365.com/en/public-api/reference/app/applist) as `{<code>: true}`, for Output > Selected
 * Fields, so that the platform sends only those fields; empty for Simplified and Raw. `__id` is
 * always asked for: the pages of a list are told apart by it (lists/listPage.ts), and Selected
 * Fields leaves it out of the output when not chosen.
 */
export function itemFieldsToLoad(ctx: IExecuteFunctions, itemIndex: number): IDataObject {
	const fields = selectedFields(ctx, itemIndex, 'raw', PICKED_FIELDS_LABEL);
	if (!fields) return {};
	return { fields: Object.fromEntries(['__id', ...fields].map((field) => [field, true])) };
}
