import type { INodeProperties } from 'n8n-workflow';
import { showFor } from '../../../shared/descriptions/common';
import { concurrencyOption } from '../../../shared/execution/operations';
import {
	itemFields,
	itemIdFields,
	itemUpdate,
	locationFields,
} from '../../../shared/items/appItems';
import { contractItems } from './itemKind';

export const description: INodeProperties[] = showFor('item', 'update', [
	...locationFields(contractItems),
	...itemIdFields(contractItems, 'to update'),
	...itemFields(contractItems, 'map'),
	concurrencyOption,
]);

/**
 * POST /contracts/{namespace}/{code}/{id}/update with `{"context": {...}}`
 * (api.elma365.com/en/public-api/reference/contracts/contractsitemupdate): only the fields given change.
 */
export const { execute, orderKey } = itemUpdate(contractItems);
