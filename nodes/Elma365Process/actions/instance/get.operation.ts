import type { IDataObject, INodeProperties } from 'n8n-workflow';
import { showFor } from '../../../shared/descriptions/common';
import {
	concurrencyByVersion,
	concurrencyOption,
	requestOperation,
} from '../../../shared/execution/operations';
import { ADAPTIVE_VERSION } from '../../versions';
import { apiPath, unwrapItem } from '../../../shared/transport';
import { requireUuid } from '../../../shared/validation';

const concurrency = concurrencyByVersion(concurrencyOption, { adaptive: ADAPTIVE_VERSION });

/** Options > Concurrency when the user has not set it: the adaptive window's ceiling from ADAPTIVE_VERSION, 1 before. */
export const defaultConcurrency = concurrency.defaultConcurrency;

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
	...concurrency.options,
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
