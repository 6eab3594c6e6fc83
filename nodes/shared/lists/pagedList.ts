import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { readLimit } from './returnAllOrLimit';
import type { PagedListRequest } from './pager';

/**
 * The request of a Get Many on a list the platform pages with `from` and `size` in a POST body, as
 * most of its lists do: the operation's path and body, with Return All / Limit read from the item.
 */
export function bodyPagedList(
	ctx: IExecuteFunctions,
	itemIndex: number,
	path: string,
	body?: IDataObject,
): PagedListRequest {
	return {
		method: 'POST',
		path,
		paging: 'body',
		...(body === undefined ? {} : { body }),
		limit: readLimit(ctx, itemIndex),
		itemIndex,
	};
}

/**
 * The request of a Get Many on a GET list the platform pages with `from` and `size` in the query,
 * beside the query parameters given, with Return All / Limit read from the item.
 */
export function queryPagedList(
	ctx: IExecuteFunctions,
	itemIndex: number,
	path: string,
	qs: IDataObject,
): PagedListRequest {
	return { method: 'GET', path, paging: 'query', qs, limit: readLimit(ctx, itemIndex), itemIndex };
}

/** A list's rows as output items (each shaped by `shape` when given), all paired with the item that asked. */
export function pairedRows(
	rows: IDataObject[],
	itemIndex: number,
	shape: (row: IDataObject) => IDataObject = (row) => row,
): INodeExecutionData[] {
	return rows.map((row) => ({ json: shape(row), pairedItem: { item: itemIndex } }));
}
