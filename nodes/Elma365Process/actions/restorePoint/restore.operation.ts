import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { showFor } from '../../../shared/display';
import { valuesInput, readValues } from '../../../shared/fields/valuesInput';
import { readUuidLocator, idLocator } from '../../../shared/pickers/locators';
import { withAdditionalBody } from '../../../shared/options/additionalBody';
import { apiPath, apiRequest, jsonBody, unwrapItem } from '../../../shared/transport';
import { additionalBody, concurrency, optionsCollection } from '../../../shared/options/options';

export const description: INodeProperties[] = showFor('restorePoint', 'restore', [
	idLocator({
		displayName: 'Restore Point',
		name: 'restorePointId',
		description:
			'The restore point to bring the process back to, by ID (the platform publishes no list of restore points)',
		source: 'the ID of a restore point, which the user supplies: no operation lists them',
	}),
	...valuesInput({ what: 'updated activity context' }),
	optionsCollection([concurrency(), additionalBody]),
]);

/**
 * `{"context": {...}}` with the values chosen under Specify Values, or `{}` when they are empty;
 * Options > Additional Body (JSON) merged last.
 */
async function readBody(ctx: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const context = await readValues(ctx, itemIndex);
	return withAdditionalBody(ctx, itemIndex, Object.keys(context).length > 0 ? { context } : {});
}

/**
 * POST /bpm/restore-point/{id}/restore (the vendor's operation bpmRestorePointRestore). No
 * reference page shows its body; the vendor's help on delegated activities (help page
 * `delegated-activities`) says "The updated activity context is passed in the request body" and
 * names no key. The key `context` is inferred: the same page's OpenAPI gives an activity's result as
 * `{"context": {...}}`, written to the same output variables. With no context, `{}` is sent.
 */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const restorePointId = readUuidLocator(this, itemIndex, 'restorePointId', 'Restore Point');
	const body = await readBody(this, itemIndex);
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
