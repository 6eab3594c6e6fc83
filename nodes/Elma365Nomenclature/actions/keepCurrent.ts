import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';
import { PAGE_BY_PAGE, readPages } from '../../shared/lists/pager';

/**
 * The object's current values, from its list (the platform has no read of a single case or
 * directory): pages through `path` until the entry with `__id` `id` is found.
 */
export async function findListed(
	ctx: IExecuteFunctions,
	itemIndex: number,
	request: { path: string; what: string },
	id: string,
): Promise<IDataObject> {
	for await (const page of readPages(
		ctx,
		{ method: 'GET', path: request.path, paging: 'query', itemIndex },
		PAGE_BY_PAGE,
	)) {
		const found = page.find((entry) => entry.__id === id);
		if (found) return found;
	}
	throw notListed(ctx, itemIndex, request.what, id);
}

/** The error of an item whose case (directory) the platform's list does not show. */
export function notListed(
	ctx: IExecuteFunctions,
	itemIndex: number,
	what: string,
	id: string,
): NodeOperationError {
	return new NodeOperationError(
		ctx.getNode(),
		`The ${what} ${id} is not in the platform's list, so its current values cannot be kept`,
		{
			itemIndex,
			description: `Update reads the ${what} first to keep the fields left empty. Check the ID, or set every field.`,
		},
	);
}

/** A field left unset takes the current value; a current value the list does not show must be set. */
export function currentValue(
	ctx: IExecuteFunctions,
	itemIndex: number,
	current: IDataObject,
	key: string,
	label: string,
	what: string,
): IDataObject[string] {
	const value = current[key];
	if (value === undefined || value === null || value === '') {
		throw new NodeOperationError(
			ctx.getNode(),
			`The ${what}'s current ${label} is not known: set ${label}`,
			{
				itemIndex,
				description: `The platform's list of ${what}s does not show it, and Update sends the whole ${what}, so it cannot be left as it is.`,
			},
		);
	}
	return value;
}
