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
	'moveToVersion',
	instanceActionFields('to move to the latest published version of its template'),
);

/**
 * POST /bpm/instance/{id}/version (the vendor's operation bpmInstanceUpdate). No reference page
 * shows its body: `{}` is sent, as the bulk form's page (bpm/bpminstancebulkupdate) moves instances
 * to the latest published version without naming one; Additional Body (JSON) carries what a
 * company expects.
 */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const { instanceId, sent } = readInstanceAction(this, itemIndex);
	const response = await apiRequest(this, {
		method: 'POST',
		path: apiPath`/bpm/instance/${instanceId}/version`,
		...sent,
		// Sent once, as every instance action: never repeated blindly.
		idempotent: false,
		itemIndex,
	});
	return { instanceId, movedToLatestVersion: true, ...unwrapItem(response) };
}
