import type { INodeProperties } from 'n8n-workflow';
import { showFor } from '../../../shared/descriptions/common';
import { concurrencyByVersion, concurrencyOption } from '../../../shared/execution/operations';
import {
	itemFields,
	itemIdFields,
	itemUpdate,
	locationFields,
} from '../../../shared/items/appItems';
import { ADAPTIVE_VERSION, BATCH_CREATE_VERSION } from '../../versions';
import { appItems } from './itemKind';

// The version that sends items in one request on create also updates 10 items at a time by default.
const concurrency = concurrencyByVersion(concurrencyOption, {
	parallel: BATCH_CREATE_VERSION,
	adaptive: ADAPTIVE_VERSION,
});

export const description: INodeProperties[] = showFor('item', 'update', [
	...locationFields(appItems),
	...itemIdFields(appItems, 'to update'),
	...itemFields(appItems, 'map'),
	...concurrency.options,
]);

/** The router's Concurrency default while the user has not set one. */
export const defaultConcurrency = concurrency.defaultConcurrency;

/** POST /app/{namespace}/{code}/{id}/update with `{"context": {...}}`: only the fields given change. */
export const { execute, orderKey } = itemUpdate(appItems);
