import type { INodeProperties } from 'n8n-workflow';
import { returnAllOrLimit, showFor } from '../../../shared/descriptions/common';
import { itemSimplifier, itemSimplifyOption } from '../../../shared/descriptions/simplify';
import { listOperation } from '../../../shared/execution/operations';
import {
	itemListOptions,
	locationFields,
	readApplicationPath,
} from '../../../shared/items/appItems';
import { buildListBody } from '../../../shared/lists/listOptions';
import { appItems } from './itemKind';

export const description: INodeProperties[] = showFor('item', 'getAll', [
	...locationFields(appItems),
	...returnAllOrLimit,
	itemSimplifyOption,
	...itemListOptions(appItems),
]);

/** POST /app/{namespace}/{code}/list with the list body, paged by from/size in the body. */
export const { execute } = listOperation({
	method: 'POST',
	path: (ctx, itemIndex) => readApplicationPath(ctx, itemIndex, appItems, '/list'),
	paging: 'body',
	body: (ctx, itemIndex) => buildListBody(ctx, itemIndex),
	output: itemSimplifier,
});
