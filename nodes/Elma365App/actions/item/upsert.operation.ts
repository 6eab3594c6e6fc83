import type { INodeProperties } from 'n8n-workflow';
import { showFor } from '../../../shared/descriptions/common';
import { locationFields } from '../../../shared/items/appItems';
import { itemUpsert, upsertFields } from '../../../shared/items/upsert';
import { appItems } from './itemKind';

export const description: INodeProperties[] = showFor('item', 'upsert', [
	...locationFields(appItems),
	...upsertFields(appItems),
]);

/**
 * POST /app/{namespace}/{code}/list with the match values as a table filter
 * (api.brix365.com/en/public-api/reference/app/applist), then POST .../create
 * (app/appitemcreate) when none matches or POST .../{id}/update when one does, both with
 * `{"context": {...}}`; the output item says which (`_upsert`).
 */
export const { execute, orderKey } = itemUpsert(appItems);
