import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { showFor } from '../../../shared/display';
import { invalidInput } from '../../../shared/validation';
import {
	taskChangeFields,
	taskField,
	readTaskChangeBody,
	readTaskId,
	taskOrderKey,
} from './taskFields';
import { apiPath, apiRequest, unwrapItem } from '../../../shared/transport';
import { ADAPTIVE_CEILING } from '../../../shared/limits';

export const defaultConcurrency = ADAPTIVE_CEILING;

export const description: INodeProperties[] = showFor('task', 'setPercent', [
	taskField('whose completion to set'),
	{
		displayName: 'Percent Complete',
		name: 'percent',
		type: 'number',
		required: true,
		typeOptions: { minValue: 0, maxValue: 100 },
		default: 0,
		description: 'How much of the task is done, from 0 to 100',
	},
	...taskChangeFields('A comment on the change; sent only when not empty', defaultConcurrency),
]);

/** Percent Complete as a number from 0 to 100 (fractions allowed: the platform takes a double). */
function readPercent(ctx: IExecuteFunctions, itemIndex: number): number {
	const value = ctx.getNodeParameter('percent', itemIndex);
	const percent =
		typeof value === 'string' && value.trim() !== '' ? Number(value.trim()) : (value as number);
	if (typeof percent !== 'number' || !Number.isFinite(percent) || percent < 0 || percent > 100)
		throw invalidInput('Percent Complete', 'a number from 0 to 100', value);
	return percent;
}

/**
 * POST /tasks/{id}/percent {percent, instanceId, comment?}
 * (api.brix365.com/en/public-api/reference/tasks/taskschangepercent): percent from 0 to 100.
 */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const taskId = readTaskId(this, itemIndex);
	const body = readTaskChangeBody(this, itemIndex, { percent: readPercent(this, itemIndex) });
	const response = await apiRequest(this, {
		method: 'POST',
		path: apiPath`/tasks/${taskId}/percent`,
		body,
		// Setting the same percentage twice leaves the task as the first request left it.
		idempotent: true,
		itemIndex,
	});
	// The output names the task changed beside what the platform answers (often only `success`).
	return { taskId, ...body, ...unwrapItem(response) };
}

export const orderKey = taskOrderKey;
