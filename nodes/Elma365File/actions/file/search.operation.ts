import type { INodeProperties } from 'n8n-workflow';
import { returnAllOrLimit, showFor } from '../../../shared/descriptions/common';
import { listOperation } from '../../../shared/execution/operations';
import { readSearchFilter, searchDirectory, searchFilters } from './searchFilters.description';

export const description: INodeProperties[] = showFor('file', 'search', [
	searchDirectory,
	searchFilters,
	...returnAllOrLimit,
]);

/**
 * `POST /disk/files/search` with `{"filter": {...}, "from", "size"}`, paged by from/size in the body
 * (api.brix365.com/en/public-api/reference/disk/searchfiles): each file found is one output item.
 */
export const { execute } = listOperation({
	method: 'POST',
	path: () => '/disk/files/search',
	paging: 'body',
	body: (ctx, itemIndex) => {
		const filter = readSearchFilter(ctx, itemIndex);
		return filter ? { filter } : {};
	},
});
