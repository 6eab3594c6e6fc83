import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { showFor } from '../../../shared/descriptions/common';
import { withAdditionalBody } from '../../../shared/readers/additionalBody';
import { invalidInput } from '../../../shared/validation';
import { processInstanceField, readProcessInstanceId, taskField, taskOrderKey } from './taskField';
import { readTaskId } from './taskRequests';
import { apiPath, apiRequest, unwrapItem } from '../../../shared/transport';
import {
	additionalBody,
	concurrency,
	optionsCollection,
} from '../../../shared/descriptions/options';
import { ADAPTIVE_CEILING } from '../../../shared/execution/router';

/** Options > Concurrency when the user has not set it: the adaptive window's ceiling. */
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
	processInstanceField,
	{
		displayName: 'Comment',
		name: 'comment',
		type: 'string',
		default: '',
		description: 'A comment on the change; sent only when not empty',
	},
	optionsCollection([concurrency(defaultConcurrency), additionalBody]),
]);

/** Percent Complete as a number from 0 to 100 (fractions allowed: the platform takes a double). */
function readPercent(ctx: IExecuteFunctions, itemIndex: number): number {
	const value = ctx.getNodeParameter('percent', itemIndex);
	const percent =
		typeof value === 'string' && value.trim() !== '' ? Number(value.trim()) : (value as number);
	if (typeof percent !== 'number' || !Number.isFinite(percent) || percent < 0 || percent > 100)
		throw invalidInput(ctx, itemIndex, 'Percent Complete', 'a number from 0 to 100', value);
	return percent;
}

/** The body this operation sends, read (and checked) before the request. */
function readBody(ctx: IExecuteFunctions, itemIndex: number): IDataObject {
	const body: IDataObject = {
		percent: readPercent(ctx, itemIndex),
		instanceId: readProcessInstanceId(ctx, itemIndex),
	};
	const comment = String(ctx.getNodeParameter('comment', itemIndex, '') ?? '');
	if (comment.trim() !== '') body.comment = comment;
	return withAdditionalBody(ctx, itemIndex, body);
}

/**
 * POST /tasks/{id}/percent {percent, instanceId, comment?}
 * (api.brix365.com/en/public-api/reference/tasks/taskschangepercent): percent from 0 to 100.
 */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const taskId = readTaskId(this, itemIndex);
	const body = readBody(this, itemIndex);
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
