import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { itemIdFields, locationFields, readItemPath } from '../../../shared/items/appItems';
import { showFor } from '../../../shared/display';
import { statusPicker } from '../../../shared/pickers/statusPicker';
import { requireText } from '../../../shared/validation';
import { apiRequest, unwrapItem } from '../../../shared/transport';
import { appItems } from './itemKind';
import { concurrency, optionsCollection } from '../../../shared/options/options';
import { ADAPTIVE_CEILING } from '../../../shared/limits';

export const defaultConcurrency = ADAPTIVE_CEILING;

export const description: INodeProperties[] = showFor('item', 'setStatus', [
	...locationFields(appItems),
	...itemIdFields(appItems, 'whose status to set'),
	{
		...statusPicker,
		hint: "The statuses of the application's status settings; an expression gives the status code",
	},
	optionsCollection([concurrency(defaultConcurrency)]),
]);

/** Status changes of one item run one after the other, in input order: the last one given is the one it keeps. */
export function orderKey(ctx: IExecuteFunctions, itemIndex: number): string {
	return readItemPath(ctx, itemIndex, appItems, '');
}

/** POST /app/{namespace}/{code}/{id}/set-status with `{"status": {"code"}}`: setting it again changes nothing. */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const path = readItemPath(this, itemIndex, appItems, 'set-status');
	const code = requireText(
		'Status Code',
		this.getNodeParameter('statusCode', itemIndex, ''),
	).trim();
	const response = await apiRequest(this, {
		method: 'POST',
		path,
		body: { status: { code } },
		idempotent: true,
		itemIndex,
	});
	return unwrapItem(response);
}
