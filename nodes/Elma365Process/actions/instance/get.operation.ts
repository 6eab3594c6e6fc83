import type { IDataObject, INodeProperties } from 'n8n-workflow';
import { showFor } from '../../../shared/descriptions/common';
import {
	ADAPTIVE_CEILING,
	adaptiveConcurrency,
	concurrencyOption,
	requestOperation,
} from '../../../shared/execution/operations';
import { apiPath, unwrapItem } from '../../../shared/transport';
import { requireUuid } from '../../../shared/validation';

/** Options > Concurrency when the user has not set it: the adaptive window's ceiling. */
export const defaultConcurrency = ADAPTIVE_CEILING;

export const description: INodeProperties[] = showFor('instance', 'get', [
	{
		displayName: 'Instance ID',
		name: 'instanceId',
		type: 'string',
		required: true,
		default: '',
		placeholder: '3fa85f64-5717-4562-b3fc-2c963f66afa6',
		description: 'ID of the process instance (the "instanceId" a Start returns)',
	},
	adaptiveConcurrency(concurrencyOption),
]);

/** POST /bpm/instance/{id}/get (api.elma365.com/en/public-api/reference/bpm/bpminstanceget/). */
export const { execute } = requestOperation({
	method: 'POST',
	path: (ctx, itemIndex) =>
		apiPath`/bpm/instance/${requireUuid(ctx, itemIndex, 'Instance ID', ctx.getNodeParameter('instanceId', itemIndex))}/get`,
	// A read, although sent as POST: safe to repeat.
	idempotent: true,
	// The platform answers {"success", "data": {...instance}} (inse91/elma_lib, tested on a real company).
	output: (response: IDataObject) =>
		response.data && typeof response.data === 'object' && !Array.isArray(response.data)
			? (response.data as IDataObject)
			: unwrapItem(response),
});
