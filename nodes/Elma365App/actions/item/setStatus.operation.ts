import type { INodeProperties } from 'n8n-workflow';
import { itemIdFields, locationFields, readItemPath } from '../../../shared/items/appItems';
import { showFor } from '../../../shared/descriptions/common';
import { beforeVersion, sinceVersion } from '../../../shared/descriptions/versioning';
import { PICKERS_VERSION } from '../../versions';
import { statusPicker } from '../../../shared/descriptions/statusPicker';
import { requestOperation } from '../../../shared/execution/operations';
import { requireText } from '../../../shared/validation';
import { appItems } from './itemKind';

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
]);

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
