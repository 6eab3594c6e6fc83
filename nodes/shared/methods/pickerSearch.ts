import type {
	IDataObject,
	ILoadOptionsFunctions,
	INodeListSearchItems,
	INodeListSearchResult,
} from 'n8n-workflow';
import { NOTHING_TO_LIST, readListDependency } from './listDependency';
import { searchPagedList, searchWholeList } from './listSearch';

type PagedListRequest = Parameters<typeof searchPagedList>[1];
type WholeListRequest = Parameters<typeof searchWholeList>[1];
type EntryLabel = (entry: IDataObject) => INodeListSearchItems;

/**
 * A picker's request, or how to build it from the editor's parameters and the trimmed search text:
 * undefined while what the list depends on is not chosen yet (the picker is then empty).
 */
type PickerRequest<R> =
	| R
	| ((ctx: ILoadOptionsFunctions, text: string | undefined) => R | undefined);

/** A `listSearch` method: the picker's request, once it can be built, searched by `search`. */
function pickerSearch<R extends object>(
	request: PickerRequest<R>,
	search: (
		ctx: ILoadOptionsFunctions,
		chosen: R,
		text: string | undefined,
		paginationToken: string | undefined,
	) => Promise<INodeListSearchResult>,
) {
	return async function (
		this: ILoadOptionsFunctions,
		filter?: string,
		paginationToken?: string,
	): Promise<INodeListSearchResult> {
		const text = filter?.trim();
		const chosen = typeof request === 'function' ? request(this, text) : (request as R);
		if (chosen === undefined) return NOTHING_TO_LIST;
		return await search(this, chosen, text, paginationToken);
	};
}

/** The `listSearch` method of a resource locator over a paged platform list (see searchPagedList). */
export function pagedListSearch(request: PickerRequest<PagedListRequest>, toEntry?: EntryLabel) {
	return pickerSearch(
		request,
		async (ctx, chosen, text, paginationToken) =>
			await searchPagedList(ctx, chosen, text, paginationToken, toEntry),
	);
}

/** The `listSearch` method of a resource locator over a list the platform answers at once (see searchWholeList). */
export function wholeListSearch(request: PickerRequest<WholeListRequest>, toEntry: EntryLabel) {
	return pickerSearch(
		request,
		async (ctx, chosen, text, paginationToken) =>
			await searchWholeList(ctx, chosen, text, paginationToken, toEntry),
	);
}

/** A request built from the value of `parameter` (the section of a page), once it is chosen. */
export function onceChosen<R>(parameter: string, build: (value: string) => R) {
	return (ctx: ILoadOptionsFunctions): R | undefined => {
		const value = readListDependency(ctx, parameter);
		return value === undefined ? undefined : build(value);
	};
}

/**
 * The body of a list searched by name on the platform (`tf.__name`); the page is filtered again in
 * case an installation does not.
 */
export function nameFilter(text: string | undefined): IDataObject {
	return text ? { filter: { tf: { __name: text } } } : {};
}
