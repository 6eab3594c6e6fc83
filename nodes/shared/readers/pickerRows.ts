import type { IExecuteFunctions } from 'n8n-workflow';
import type { PickerRows } from '../descriptions/pickerRows';
import { requireUuid } from '../validation';
import { splitList } from '../utils';

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
		splitIds(value).map((id) =>
			requireUuid(ctx, itemIndex, `${rows.listed} (entry ${position + 1})`, id),
		),
	);
	return { ids, given };
}
