import type { INodeProperties } from 'n8n-workflow';
import { showFor } from '../../../shared/descriptions/common';
import { concurrencyOption, requestOperation } from '../../../shared/execution/operations';
import {
	itemFields,
	locationFields,
	readApplicationPath,
	readContextBody,
} from '../../../shared/items/appItems';
import { contractItems } from './itemKind';

export const description: INodeProperties[] = showFor('item', 'create', [
	...locationFields(contractItems),
	...itemFields(contractItems, 'add'),
	concurrencyOption,
]);

/**
 * POST /contracts/{namespace}/{code}/create with `{"context": {...}}`
 * (api.elma365.com/en/public-api/reference/contracts/contractsitemcreate); outputs the created item.
 */
export const { execute } = requestOperation({
	method: 'POST',
	path: (ctx, itemIndex) => readApplicationPath(ctx, itemIndex, contractItems, '/create'),
	body: readContextBody,
	idempotent: false,
});
