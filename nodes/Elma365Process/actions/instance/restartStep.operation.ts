import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { showFor } from '../../../shared/display';
import { apiPath, apiRequest, unwrapItem } from '../../../shared/transport';
import { readInstanceAction } from './instanceAction';
import { instanceOrderKey, instanceActionFields } from './instanceFields';
import { ADAPTIVE_CEILING } from '../../../shared/limits';

/** Items of one instance go one after the other, in input order, at any Concurrency. */
export const orderKey = instanceOrderKey;

export const defaultConcurrency = ADAPTIVE_CEILING;

export const description: INodeProperties[] = showFor(
	'instance',
	'restartStep',
	instanceActionFields('whose current step to run again'),
);

/**
 * POST /bpm/instance/{id}/restart-step (the vendor's operation bpmInstanceRestartStep). No reference
 * page shows its body: `{}` is sent, and Additional Body (JSON) carries what a company expects.
 */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const { instanceId, sent } = readInstanceAction(this, itemIndex);
	const response = await apiRequest(this, {
		method: 'POST',
		path: apiPath`/bpm/instance/${instanceId}/restart-step`,
		...sent,
		// Restarting twice runs the step twice: never repeated blindly.
		idempotent: false,
		itemIndex,
	});
	return { instanceId, stepRestarted: true, ...unwrapItem(response) };
}
