import type { INodeProperties } from 'n8n-workflow';
import { returnAllOrLimit, showFor } from '../../../shared/descriptions/common';
import { itemSimplifier, itemSimplifyOption } from '../../../shared/descriptions/simplify';
import { listOperation } from '../../../shared/execution/operations';
import {
	itemListOptions,
	locationFields,
	readApplicationPath,
} from '../../../shared/items/appItems';
import { buildListBody, refuseUnsendableOptions } from '../../../shared/lists/listOptions';
import { contractItems } from './itemKind';

export const description: INodeProperties[] = showFor('item', 'getAll', [
	...locationFields(contractItems),
	...returnAllOrLimit,
	itemSimplifyOption,
	...itemListOptions(contractItems),
]);

/**
 * POST /contracts/{namespace}/{code}/list, paged by from/size in the body. Its body has no fields
 * or statuses (api.elma365.com/en/public-api/reference/contracts/contractslist), so those options
 * are refused when set.
 */
export const { execute } = listOperation({
	method: 'POST',
	path: (ctx, itemIndex) => readApplicationPath(ctx, itemIndex, contractItems, '/list'),
	paging: 'body',
	body: (ctx, itemIndex) => {
		refuseUnsendableOptions(
			ctx,
			itemIndex,
			['fields', 'statusCodes', 'statusGroupId'],
			'the contract item list takes no such filter (its documented body has none)',
		);
		return buildListBody(ctx, itemIndex);
	},
	output: itemSimplifier,
});
