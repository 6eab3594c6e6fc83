import type { INodeProperties } from 'n8n-workflow';
import { returnAllOrLimit, showFor } from '../../../shared/descriptions';
import { buildListBody, listOptions } from '../../../shared/listOptions';
import { listOperation } from '../../../shared/operations';

/** The user list takes {filter, from, ids, size, sortExpressions}: no status, no active flag. */
export const description: INodeProperties[] = showFor('user', 'getAll', [
	...returnAllOrLimit,
	listOptions({}),
]);

export const { execute } = listOperation({
	method: 'POST',
	paging: 'body',
	path: () => '/user/list',
	body: (ctx, itemIndex) => buildListBody(ctx, itemIndex),
});
