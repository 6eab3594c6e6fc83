import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { showFor } from '../../../shared/display';
import { apiPath, apiRequest, unwrapItem } from '../../../shared/transport';
import { readInstanceId, instanceField } from './instanceFields';
import { concurrency, optionsCollection } from '../../../shared/options/options';
import { ADAPTIVE_CEILING } from '../../../shared/limits';

export const defaultConcurrency = ADAPTIVE_CEILING;

export const description: INodeProperties[] = showFor('instance', 'get', [
	...instanceField('to read'),
	optionsCollection([concurrency(defaultConcurrency)]),
]);

/** POST /bpm/instance/{id}/get (api.elma365.com/en/public-api/reference/bpm/bpminstanceget/). */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const instanceId = readInstanceId(this, itemIndex);
	const response = await apiRequest(this, {
		method: 'POST',
		path: apiPath`/bpm/instance/${instanceId}/get`,
		// A read, although sent as POST: safe to repeat.
		idempotent: true,
		itemIndex,
	});
	// The platform answers {"success", "data": {...instance}} (inse91/elma_lib, tested on a real company).
	return response.data && typeof response.data === 'object' && !Array.isArray(response.data)
		? (response.data as IDataObject)
		: unwrapItem(response);
}
