import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { withAdditionalBody } from '../../../shared/readers/additionalBody';
import { readInstanceId } from './instanceField';

/**
 * What an action on one process instance sends, for the actions the vendor publishes without a
 * documented body (skip or restart its current step, move it to the latest template version): the
 * item's Instance (checked as a UUID) and `{}`, or Options > Additional Body (JSON) where a platform
 * version expects keys. Send the body with `jsonBody`: the platform decodes a JSON body on these
 * POSTs, so `{}` must stay on the wire.
 */
export function readInstanceAction(
	ctx: IExecuteFunctions,
	itemIndex: number,
): { instanceId: string; body: IDataObject } {
	const instanceId = readInstanceId(ctx, itemIndex);
	const body = withAdditionalBody(ctx, itemIndex, {});
	return { instanceId, body };
}
