import type { INodeProperties } from 'n8n-workflow';
import { showFor } from '../../../shared/descriptions/common';
import {
	concurrencyOption,
	parallelByDefaultSince,
	parallelSince,
} from '../../../shared/execution/operations';
import {
	itemFields,
	itemIdFields,
	itemUpdate,
	locationFields,
} from '../../../shared/items/appItems';
import { BATCH_CREATE_VERSION } from '../../versions';
import { appItems } from './itemKind';

export const description: INodeProperties[] = showFor('item', 'update', [
	...locationFields(appItems),
	...itemIdFields(appItems, 'to update'),
	...itemFields(appItems, 'map'),
	// The version that sends items in one request on create also updates 10 items at a time by default.
	...parallelSince(BATCH_CREATE_VERSION, concurrencyOption),
]);

/** The router's Concurrency default while the user has not set one. */
export const defaultConcurrency = parallelByDefaultSince(BATCH_CREATE_VERSION);

/** POST /app/{namespace}/{code}/{id}/update with `{"context": {...}}`: only the fields given change. */
export const { execute, orderKey } = itemUpdate(appItems);
