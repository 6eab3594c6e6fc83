import type { INodeProperties } from 'n8n-workflow';
import { showFor } from '../../../shared/descriptions/common';
import {
	ADAPTIVE_CEILING,
	adaptiveConcurrency,
	concurrencyOption,
} from '../../../shared/execution/operations';
import {
	itemFields,
	itemIdFields,
	itemUpdate,
	locationFields,
} from '../../../shared/items/appItems';
import { contractItems } from './itemKind';

/** Options > Concurrency when the user has not set it: the adaptive window's ceiling. */
export const defaultConcurrency = ADAPTIVE_CEILING;

export const description: INodeProperties[] = showFor('item', 'update', [
	...locationFields(contractItems),
	...itemIdFields(contractItems, 'to update'),
	...itemFields(contractItems, 'map'),
	adaptiveConcurrency(concurrencyOption),
]);

/**
 * POST /contracts/{namespace}/{code}/{id}/update with `{"context": {...}}`
 * (api.elma365.com/en/public-api/reference/contracts/contractsitemupdate): only the fields given change.
 */
export const { execute, orderKey } = itemUpdate(contractItems);
