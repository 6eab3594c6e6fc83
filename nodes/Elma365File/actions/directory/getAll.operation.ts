import type { INodeProperties } from 'n8n-workflow';
import { returnAllOrLimit, showFor } from '../../../shared/descriptions';
import { buildListBody, listOptions } from '../../../shared/listOptions';
import { listOperation } from '../../../shared/operations';

export const description: INodeProperties[] = showFor('directory', 'getAll', [
	...returnAllOrLimit,
	listOptions({}),
]);

export const { execute } = listOperation({
	method: 'POST',
	path: () => '/disk/directory/list',
	paging: 'body',
	body: (ctx, itemIndex) => buildListBody(ctx, itemIndex),
});
