import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { withAdditionalBody, writeOptions } from '../../../shared/descriptions/writeOptions';
import {
	ADAPTIVE_CEILING,
	adaptiveConcurrency,
	jsonBody,
} from '../../../shared/execution/operations';
import type { Operation } from '../../../shared/execution/router';
import { apiPath, apiRequest, unwrapItem } from '../../../shared/transport';
import { instanceOrderKey, readInstanceId } from './instanceField.description';

/**
 * Options (Additional Body (JSON), Concurrency) of every instance action: Concurrency defaults to
 * the adaptive window's ceiling.
 */
export const instanceActionOptions = adaptiveConcurrency(writeOptions);

/**
 * An action on one process instance that the vendor publishes without a documented body (skip or
 * restart its current step, move it to the latest template version): `POST
 * /bpm/instance/{id}/<action>` with `{}`, or with Options > Additional Body (JSON) where a platform
 * version expects keys. The output names the instance and what was done. Items of one instance go
 * one after the other (`orderKey`).
 */
export function instanceAction(options: {
	action: string;
	done: string;
}): Required<Pick<Operation, 'execute' | 'orderKey' | 'defaultConcurrency'>> {
	return {
		orderKey: instanceOrderKey,
		defaultConcurrency: ADAPTIVE_CEILING,
		async execute(this: IExecuteFunctions, itemIndex: number) {
			const instanceId = readInstanceId(this, itemIndex);
			const body = withAdditionalBody(this, itemIndex, {});
			const response = await apiRequest(this, {
				method: 'POST',
				path: `${apiPath`/bpm/instance/${instanceId}`}/${options.action}`,
				// The body is sent even when empty (`{}`): the platform decodes a JSON body on this POST.
				...jsonBody(body),
				// Skipping or restarting twice moves the process twice: never repeated blindly.
				idempotent: false,
				itemIndex,
			});
			return { instanceId, [options.done]: true, ...unwrapItem(response) } as IDataObject;
		},
	};
}
