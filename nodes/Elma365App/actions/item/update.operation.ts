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
import { appItems } from './itemKind';

export const description: INodeProperties[] = showFor('item', 'update', [
	...locationFields(appItems),
	...itemIdFields(appItems, 'to update'),
	...itemFields(appItems, 'map'),
	adaptiveConcurrency(concurrencyOption),
]);

/** Options > Concurrency when the user has not set it: the adaptive window's ceiling. */
export const defaultConcurrency = ADAPTIVE_CEILING;

/** POST /app/{namespace}/{code}/{id}/update with `{"context": {...}}`: only the fields given change. */
export const { execute, orderKey } = itemUpdate(appItems);
