import type { INodeProperties } from 'n8n-workflow';
import { showFor } from '../../../shared/descriptions/common';
import { beforeVersion, sinceVersion } from '../../../shared/descriptions/versioning';
import { requestOperation } from '../../../shared/execution/operations';
import {
	appCreateBody,
	appCreateOptions,
	itemFields,
	locationFields,
	readApplicationPath,
} from '../../../shared/items/appItems';
import { BATCH_CREATE_VERSION } from '../../versions';
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
	...beforeVersion(BATCH_CREATE_VERSION, [appCreateOptions]),
	...sinceVersion(BATCH_CREATE_VERSION, [sendInOneRequest, batchOptions]),
]);

/**
 * POST /app/{namespace}/{code}/create {"context": {...}}: one item by itself (the vendor's page
 * app/appitemcreate), before version 1.4 or with Send in One Request off; outputs the created item.
 */
export const { execute } = requestOperation({
	method: 'POST',
	path: (ctx, itemIndex) => readApplicationPath(ctx, itemIndex, appItems, '/create'),
	body: appCreateBody(appItems),
	idempotent: false,
});

/** POST /app/items/batch with the items of all input items, at most Batch Size per request. */
export const executeAll = batchCreate(appItems, execute);

/** The batch save from version 1.4 while Send in One Request is on; otherwise `execute` runs per item. */
export const groupedWhen = createsInOneRequest;
