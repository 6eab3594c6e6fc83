import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { itemIdFields, locationFields, readItemPath } from '../../../shared/items/appItems';
import { showFor } from '../../../shared/descriptions/common';
import { statusPicker } from '../../../shared/descriptions/statusPicker';
import {
	ADAPTIVE_CEILING,
	adaptiveConcurrency,
	concurrencyOption,
	requestOperation,
} from '../../../shared/execution/operations';
import { requireText } from '../../../shared/validation';
import { appItems } from './itemKind';

/** Options > Concurrency when the user has not set it: the adaptive window's ceiling. */
export const defaultConcurrency = ADAPTIVE_CEILING;

export const description: INodeProperties[] = showFor('item', 'setStatus', [
	...locationFields(appItems),
	...itemIdFields(appItems, 'whose status to set'),
	{
		...statusPicker,
		hint: "The statuses of the application's status settings; an expression gives the status code",
	},
	adaptiveConcurrency(concurrencyOption),
]);

/** Status changes of one item run one after the other, in input order: the last one given is the one it keeps. */
export function orderKey(ctx: IExecuteFunctions, itemIndex: number): string {
	return readItemPath(ctx, itemIndex, appItems, '');
}

/** POST /app/{namespace}/{code}/{id}/set-status with `{"status": {"code"}}`: setting it again changes nothing. */
export const { execute } = requestOperation({
	method: 'POST',
	path: (ctx, itemIndex) => readItemPath(ctx, itemIndex, appItems, 'set-status'),
	body: (ctx, itemIndex) => ({
		status: {
			code: requireText(
				ctx,
				itemIndex,
				'Status Code',
				ctx.getNodeParameter('statusCode', itemIndex, ''),
			).trim(),
		},
	}),
	idempotent: true,
});
