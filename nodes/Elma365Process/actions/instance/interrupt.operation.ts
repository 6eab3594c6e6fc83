import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { showFor } from '../../../shared/display';
import { apiPath, apiRequest, jsonBody, unwrapItem } from '../../../shared/transport';
import { instanceOrderKey, readInstanceId, instanceField } from './instanceFields';
import { interruptComment, readComment } from './interruptComment';
import { concurrency, optionsCollection } from '../../../shared/options/options';
import { ADAPTIVE_CEILING } from '../../../shared/limits';

/** Interrupts of one instance go one after the other: the second is answered "not running", never raced. */
export const orderKey = instanceOrderKey;

export const defaultConcurrency = ADAPTIVE_CEILING;

export const description: INodeProperties[] = showFor('instance', 'interrupt', [
	...instanceField('to stop'),
	interruptComment,
	optionsCollection([concurrency(defaultConcurrency)]),
]);

/** POST /bpm/instance/{id}/interrupt {comment?} (api.brix365.com/en/public-api/reference/bpm/bpminstanceinterrupt). */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const id = readInstanceId(this, itemIndex);
	const response = await apiRequest(this, {
		method: 'POST',
		path: apiPath`/bpm/instance/${id}/interrupt`,
		// The body is sent even when empty (`{}`): the platform decodes a JSON body on this POST.
		...jsonBody(readComment(this, itemIndex)),
		// A second interrupt of a stopped instance says "not running": never repeated blindly.
		idempotent: false,
		itemIndex,
	});
	return { instanceId: id, interrupted: true, ...unwrapItem(response) };
}
