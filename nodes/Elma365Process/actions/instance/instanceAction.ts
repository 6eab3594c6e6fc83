import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { writeOptions } from '../../../shared/descriptions/writeOptions';
import { withAdditionalBody } from '../../../shared/readers/writeOptions';
import { adaptiveConcurrency } from '../../../shared/execution/operations';
import { readInstanceId } from './instanceField';

/**
 * Options (Additional Body (JSON), Concurrency) of every instance action: Concurrency defaults to
 * the adaptive window's ceiling.
 */
export const instanceActionOptions = adaptiveConcurrency(writeOptions);

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
