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
	'skipStep',
	instanceActionFields('whose current step to skip'),
);

/**
 * POST /bpm/instance/{id}/skip-step (the vendor's operation bpmInstanceSkipStep) with `{}`, as the
 * public client schebotar/elma365-mcp sends it (src/tools/processes.ts); no reference page was
 * found. Additional Body (JSON) carries what a company expects beyond it.
 */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const { instanceId, sent } = readInstanceAction(this, itemIndex);
	const response = await apiRequest(this, {
		method: 'POST',
		path: apiPath`/bpm/instance/${instanceId}/skip-step`,
		...sent,
		// Skipping twice moves the process twice: never repeated blindly.
		idempotent: false,
		itemIndex,
	});
	return { instanceId, stepSkipped: true, ...unwrapItem(response) };
}
