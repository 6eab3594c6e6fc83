import type { INodeProperties } from 'n8n-workflow';
import { showFor } from '../../../shared/descriptions/common';
import { requestOperation } from '../../../shared/execution/operations';
import {
	appCreateBody,
	itemFields,
	locationFields,
	readApplicationPath,
} from '../../../shared/items/appItems';
import { appItems } from './itemKind';
import {
	batchCreate,
	batchOptions,
	createsInOneRequest,
	sendInOneRequest,
} from './createInOneRequest';

export const description: INodeProperties[] = showFor('item', 'create', [
	...locationFields(appItems),
	...itemFields(appItems, 'add'),
	sendInOneRequest,
	batchOptions,
]);

/**
 * POST /app/{namespace}/{code}/create {"context": {...}}: one item by itself (the vendor's page
 * app/appitemcreate), with Send in One Request off or where the batch body cannot carry the item;
 * outputs the created item.
 */
export const { execute } = requestOperation({
	method: 'POST',
	path: (ctx, itemIndex) => readApplicationPath(ctx, itemIndex, appItems, '/create'),
	body: appCreateBody,
	idempotent: false,
});

/** POST /app/items/batch with the items of all input items, at most Batch Size per request. */
export const executeAll = batchCreate(appItems, execute);

/** The batch save while Send in One Request is on; otherwise `execute` runs per item. */
export const groupedWhen = createsInOneRequest;
