import type { IExecuteFunctions } from 'n8n-workflow';
import { withAdditionalBody } from '../../../shared/options/additionalBody';
import { jsonBody } from '../../../shared/transport';
import { readInstanceId } from './instanceFields';

/**
 * What an action on one process instance sends, for the actions the vendor publishes without a
 * documented body (skip or restart its current step, move it to the latest template version): the
 * item's Instance (checked as a UUID) and `{}`, or Options > Additional Body (JSON) where a platform
 * version expects keys, as `jsonBody` sends it: the platform decodes a JSON body on these POSTs, so
 * `{}` must stay on the wire.
 */
export function readInstanceAction(
	ctx: IExecuteFunctions,
	itemIndex: number,
): { instanceId: string; sent: ReturnType<typeof jsonBody> } {
	const instanceId = readInstanceId(ctx, itemIndex);
	const body = withAdditionalBody(ctx, itemIndex, {});
	return { instanceId, sent: jsonBody(body) };
}
