import type { IDataObject, ILoadOptionsFunctions, INodePropertyOptions } from 'n8n-workflow';
import { readListPage } from '../lists/listPage';
import { apiPath, apiRequest } from '../transport';
import { entryName } from './listSearch';

/**
 * Most items an application-reference field offers. The options are saved with the node (n8n keeps
 * the mapper's fields in the workflow) and a mapper cannot search by name, so an application with
 * more items leaves its reference fields typed (an item UUID, or an expression).
 */
export const MAX_ITEM_OPTIONS = 100;

/**
 * The items of application `namespace/code` for the reference fields that name it: one
 * `POST /app/{namespace}/{code}/list` with `{"active": true, "fields": {"__id": true, "__name":
 * true}, "from": 0, "size": MAX_ITEM_OPTIONS}` (the applist page's body), shown by name and valued
 * by `__id`. Undefined where the application has more items than that, or the credential may not
 * list them: its fields are then typed.
 */
export async function loadItemOptions(
	ctx: ILoadOptionsFunctions,
	namespace: string,
	code: string,
): Promise<INodePropertyOptions[] | undefined> {
	let page;
	try {
		page = readListPage(
			await apiRequest(ctx, {
				method: 'POST',
				path: apiPath`/app/${namespace}/${code}/list`,
				body: {
					active: true,
					fields: { __id: true, __name: true },
					from: 0,
					size: MAX_ITEM_OPTIONS,
				},
				idempotent: true,
			}),
		);
	} catch {
		return undefined;
	}
	const complete =
		page.total === undefined
			? page.items.length < MAX_ITEM_OPTIONS
			: page.total <= MAX_ITEM_OPTIONS && page.items.length >= page.total;
	if (!complete) return undefined;
	return page.items
		.filter((item: IDataObject) => typeof item.__id === 'string' && item.__id !== '')
		.map((item) => ({ name: entryName(item), value: item.__id as string }))
		.sort((a, b) => a.name.localeCompare(b.name));
}
