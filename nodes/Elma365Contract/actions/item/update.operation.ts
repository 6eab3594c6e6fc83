import type { INodeProperties } from 'n8n-workflow';
import { showFor } from '../../../shared/descriptions/common';
import { concurrencyByVersion, concurrencyOption } from '../../../shared/execution/operations';
import { ADAPTIVE_VERSION } from '../../versions';
import {
	itemFields,
	itemIdFields,
	itemUpdate,
	locationFields,
} from '../../../shared/items/appItems';
import { contractItems } from './itemKind';

const concurrency = concurrencyByVersion(concurrencyOption, { adaptive: ADAPTIVE_VERSION });

/** Options > Concurrency when the user has not set it: the adaptive window's ceiling from ADAPTIVE_VERSION, 1 before. */
export const defaultConcurrency = concurrency.defaultConcurrency;

export const description: INodeProperties[] = showFor('item', 'update', [
	...locationFields(contractItems),
	...itemIdFields(contractItems, 'to update'),
	...itemFields(contractItems, 'map'),
	...concurrency.options,
]);

/**
 * POST /contracts/{namespace}/{code}/{id}/update with `{"context": {...}}`
 * (api.elma365.com/en/public-api/reference/contracts/contractsitemupdate): only the fields given change.
 */
export const { execute, orderKey } = itemUpdate(contractItems);
