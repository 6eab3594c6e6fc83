import type { INodeProperties } from 'n8n-workflow';
import { postOperation } from '../../../shared/execution/operations';
import { locationFields, readApplicationPath } from '../../../shared/items/appItems';
import { readJsonObject, showFor } from '../../../shared/descriptions/common';
import { appItems } from './itemKind';

export const description: INodeProperties[] = showFor('item', 'getImportStatus', [
	...locationFields(appItems),
	{
		displayName: 'Body (JSON)',
		name: 'body',
		type: 'json',
		default: '{}',
		description:
			'Sent as the request body. The platform documents none; some versions may ask for one, e.g. an import identifier.',
	},
]);

/** POST /app/{namespace}/{code}/import/status with Body (JSON), `{}` when empty: a read, safe to repeat. */
export const { execute } = postOperation({
	path: (ctx, itemIndex) => readApplicationPath(ctx, itemIndex, appItems, '/import/status'),
	body: (ctx, itemIndex) => readJsonObject(ctx, itemIndex, 'body', 'Body (JSON)'),
	idempotent: true,
});
