import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { showFor } from '../../../shared/descriptions/common';
import { readUuidLocator } from '../../../shared/readers/locators';
import { withAdditionalBody } from '../../../shared/readers/additionalBody';
import { apiPath, apiRequest, jsonBody, unwrapItem } from '../../../shared/transport';
import { idLocator } from '../../../shared/descriptions/locators';
import {
	additionalBody,
	concurrency,
	optionsCollection,
} from '../../../shared/descriptions/options';

export const description: INodeProperties[] = showFor('restorePoint', 'restore', [
	idLocator({
		displayName: 'Restore Point',
		name: 'restorePointId',
		description:
			'The restore point to bring the process back to, by ID (the platform publishes no list of restore points)',
	}),
	optionsCollection([concurrency(), additionalBody]),
]);

/**
 * POST /bpm/restore-point/{id}/restore (the vendor's operation bpmRestorePointRestore). No
 * reference page shows its body: `{}` is sent, and Additional Body (JSON) carries what a company
 * expects.
 */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const restorePointId = readUuidLocator(this, itemIndex, 'restorePointId', 'Restore Point');
	const body = withAdditionalBody(this, itemIndex, {});
	const response = await apiRequest(this, {
		method: 'POST',
		path: apiPath`/bpm/restore-point/${restorePointId}/restore`,
		...jsonBody(body),
		// Restoring rolls the process back again: never repeated after a failure that may have done it.
		idempotent: false,
		itemIndex,
	});
	return { restorePointId, restored: true, ...unwrapItem(response) };
}
