import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { locationFields, readApplicationPath } from '../../../shared/items/appItems';
import { showFor } from '../../../shared/display';
import { readJsonObject } from '../../../shared/validation/values';
import { apiRequest, jsonBody, unwrapItem } from '../../../shared/transport';
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
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const path = readApplicationPath(this, itemIndex, appItems, '/import/status');
	const body = readJsonObject(this, itemIndex, 'body', 'Body (JSON)');
	const response = await apiRequest(this, {
		method: 'POST',
		path,
		...jsonBody(body),
		idempotent: true,
		itemIndex,
	});
	return unwrapItem(response);
}
