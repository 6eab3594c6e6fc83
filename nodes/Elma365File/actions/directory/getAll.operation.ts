import type { INodeProperties } from 'n8n-workflow';
import { returnAllOrLimit, showFor } from '../../../shared/descriptions/common';
import { buildListBody, listOptions } from '../../../shared/lists/listOptions';
import { listOperation } from '../../../shared/execution/operations';

export const description: INodeProperties[] = showFor('directory', 'getAll', [
	...returnAllOrLimit,
	listOptions({}),
]);

/** POST /disk/directory/list, paged by from/size in the body (api.elma365.com/en/public-api/reference/disk/directorylist/). */
export const { execute } = listOperation({
	method: 'POST',
	path: () => '/disk/directory/list',
	paging: 'body',
	body: (ctx, itemIndex) => buildListBody(ctx, itemIndex),
});
