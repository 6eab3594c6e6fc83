import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { itemIdFields, locationFields, readItemPath } from '../../../shared/items/appItems';
import { showFor } from '../../../shared/descriptions/common';
import { beforeVersion, sinceVersion } from '../../../shared/descriptions/versioning';
import { ADAPTIVE_GET_STATUS_VERSION, PICKERS_VERSION } from '../../versions';
import { statusPicker } from '../../../shared/descriptions/statusPicker';
import {
	concurrencyByVersion,
	concurrencyOption,
	requestOperation,
} from '../../../shared/execution/operations';
import { requireText } from '../../../shared/validation';
import { appItems } from './itemKind';

const concurrency = concurrencyByVersion(concurrencyOption, {
	adaptive: ADAPTIVE_GET_STATUS_VERSION,
});

/** Options > Concurrency when the user has not set it: the adaptive window's ceiling from ADAPTIVE_GET_STATUS_VERSION, 1 before. */
export const defaultConcurrency = concurrency.defaultConcurrency;

export const description: INodeProperties[] = showFor('item', 'setStatus', [
	...locationFields(appItems),
	...itemIdFields(appItems, 'whose status to set'),
	...beforeVersion(PICKERS_VERSION, [
		{
			displayName: 'Status Code',
			name: 'statusCode',
			type: 'string',
			required: true,
			default: '',
			placeholder: 'in_progress',
			description: 'Code of the status to set, as listed by Application > Get Status',
		},
	]),
	...sinceVersion(PICKERS_VERSION, [
		{
			...statusPicker,
			hint: "The statuses of the application's status settings; an expression gives the status code",
		},
	]),
	...concurrency.options,
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
