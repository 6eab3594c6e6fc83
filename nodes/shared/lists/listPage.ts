import type { IDataObject } from 'n8n-workflow';

/** One page of a platform list: its rows, and the list's `total` where the platform gives one. */
export interface ListPage {
	items: IDataObject[];
	total?: number;
}

/** Finds the list in the shapes the platform uses: `{result: {result, total}}`, `{result: []}`, `{items}`, `[]`, `{<name>: []}`. */
export function readListPage(body: unknown): ListPage {
	if (Array.isArray(body)) return { items: body as IDataObject[] };
	const data = (body ?? {}) as IDataObject;
	const result = data.result as IDataObject | IDataObject[] | undefined;
	if (Array.isArray(result)) return { items: result, total: toTotal(data.total) };
	if (result && typeof result === 'object') {
		const inner = result.result ?? result.items;
		if (Array.isArray(inner))
			return { items: inner as IDataObject[], total: toTotal(result.total ?? data.total) };
	}
	for (const key of ['items', 'data']) {
		if (Array.isArray(data[key]))
			return { items: data[key] as IDataObject[], total: toTotal(data.total) };
	}
	// A list named after what it holds (`{namespaces: [...]}`, `{apps: [...]}`): the one array beside the envelope.
	const arrays = Object.keys(data).filter((key) => key !== 'error' && Array.isArray(data[key]));
	if (arrays.length === 1)
		return { items: data[arrays[0]] as IDataObject[], total: toTotal(data.total) };
	return { items: [] };
}

/** A list's `total` as a number; absent where the platform gave none or not a number. */
function toTotal(value: unknown): number | undefined {
	const total = Number(value);
	return value !== undefined && value !== null && Number.isFinite(total) ? total : undefined;
}

/** The fields that make two list rows the same, in order; a row with none of them is known by its content. */
const KEY_FIELDS = ['__id', 'code', 'id'];

/**
 * The rows a list has given, for de-duplication across pages: by `__id`, else `code` or `id`, else
 * the whole content (rows without any id, such as some report rows). A set per field, so that
 * looking a row up makes no new string unless its id is a number or it has none.
 */
export class SeenRows {
	private readonly sets = [...KEY_FIELDS, 'content'].map(() => new Set<string>());

	has(row: IDataObject): boolean {
		const field = keyField(row);
		return this.sets[field].has(keyOf(row, field));
	}

	add(row: IDataObject): void {
		const field = keyField(row);
		this.sets[field].add(keyOf(row, field));
	}
}

/** The index in KEY_FIELDS of the field that identifies the row; KEY_FIELDS.length for its content. */
function keyField(row: IDataObject): number {
	for (let field = 0; field < KEY_FIELDS.length; field++) {
		const value = row?.[KEY_FIELDS[field]];
		if (typeof value === 'string' || typeof value === 'number') return field;
	}
	return KEY_FIELDS.length;
}

function keyOf(row: IDataObject, field: number): string {
	return field < KEY_FIELDS.length ? String(row[KEY_FIELDS[field]]) : JSON.stringify(row);
}
