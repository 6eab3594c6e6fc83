import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import {
	returnAllOrLimit,
	readWholeList,
	bodyPagedList,
	pairedRows,
} from '../../../shared/lists/pager';
import { showFor } from '../../../shared/display';
import { readSearchFilter, searchDirectory, searchFilters } from './searchFilters';

export const description: INodeProperties[] = showFor('file', 'search', [
	searchDirectory,
	searchFilters,
	...returnAllOrLimit,
]);

/**
 * `POST /disk/files/search` with `{"filter": {...}, "from", "size"}`, paged by from/size in the body
 * (api.brix365.com/en/public-api/reference/disk/searchfiles): each file found is one output item.
 */
export async function execute(
	this: IExecuteFunctions,
	itemIndex: number,
): Promise<INodeExecutionData[]> {
	const filter = readSearchFilter(this, itemIndex);
	const rows = await readWholeList(
		this,
		bodyPagedList(this, itemIndex, '/disk/files/search', filter ? { filter } : {}),
	);
	return pairedRows(rows, itemIndex);
}
