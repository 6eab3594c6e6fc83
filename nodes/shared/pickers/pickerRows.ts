import type { INodeProperties, IExecuteFunctions } from 'n8n-workflow';
import { uuidLocator } from './locators';
import { requireUuid } from '../validation';
import { splitList } from '../utils';

/** A list of IDs shown as rows of pickers: its parameter, labels and list method. */
export interface PickerRows {
	/** The parameter (kept from the typed list it replaces, e.g. `userIds`). */
	name: string;
	/** The name of one row, e.g. `user`; each row holds a picker named `id`. */
	row: string;
	/** One row's label, e.g. "User"; the rows are listed as `listed`, e.g. "Users". */
	displayName: string;
	listed: string;
	searchListMethod: string;
	/** What the rows hold and what is done to them: "users", "add". */
	what: string;
	verb: string;
	/** Where the list depends on another parameter, e.g. `groupId.value`. */
	dependsOn?: string;
}

/**
 * IDs as rows, each picked from a list or typed by ID (a uuid picker in a multiple-value
 * fixedCollection). A row set to an expression may give several IDs.
 */
export function pickerRows(rows: PickerRows): INodeProperties {
	const picker = uuidLocator({
		displayName: rows.displayName,
		name: 'id',
		searchListMethod: rows.searchListMethod,
		description: `The ${rows.displayName.toLowerCase()} to ${rows.verb}`,
	});
	if (rows.dependsOn) picker.typeOptions = { loadOptionsDependsOn: [rows.dependsOn] };
	return {
		displayName: rows.listed,
		name: rows.name,
		type: 'fixedCollection',
		typeOptions: { multipleValues: true },
		placeholder: `Add ${rows.displayName}`,
		default: {},
		description: `The ${rows.what} to ${rows.verb}. A row set to an expression may give several IDs: an array or comma-separated text.`,
		options: [{ displayName: rows.displayName, name: rows.row, values: [picker] }],
	};
}

/** IDs as given: an array's every entry, comma-separated text split, any other value as one. */
export function splitIds(value: unknown): unknown[] {
	if (Array.isArray(value)) return value;
	if (typeof value === 'string') return splitList(value);
	return value === undefined || value === null ? [] : [value];
}

/**
 * The IDs of every row, in order, each checked as a UUID; a wrong one names its row
 * (`Users (entry 2)`). n8n reads a picker inside a row by its indexed path.
 */
export function readPickerRows(
	ctx: IExecuteFunctions,
	itemIndex: number,
	rows: Pick<PickerRows, 'name' | 'row' | 'listed'>,
): { ids: string[]; given: unknown[] } {
	const path = `${rows.name}.${rows.row}`;
	const entries = (ctx.getNodeParameter(path, itemIndex, []) as unknown[]) ?? [];
	const given = entries.map((_entry, position) =>
		ctx.getNodeParameter(`${path}[${position}].id`, itemIndex, '', { extractValue: true }),
	);
	const ids = given.flatMap((value, position) =>
		splitIds(value).map((id) => requireUuid(`${rows.listed} (entry ${position + 1})`, id)),
	);
	return { ids, given };
}
