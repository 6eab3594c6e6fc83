import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { valuesInput, readValues } from '../../../shared/fields/valuesInput';
import { showFor } from '../../../shared/display';
import { codeLocator, idLocator } from '../../../shared/pickers/locators';
import { parameterField, requireText, requireUuid } from '../../../shared/validation';
import { withAdditionalBody } from '../../../shared/options/additionalBody';
import { PROCESS_INSTANCE_SOURCE, taskField, readTaskId } from './taskFields';
import { withTaskExits } from './taskExits';
import { apiPath, apiRequest, unwrapItem } from '../../../shared/transport';
import { additionalBody, concurrency, optionsCollection } from '../../../shared/options/options';

export const description: INodeProperties[] = showFor('task', 'complete', [
	taskField('to complete'),
	{
		...codeLocator({
			displayName: 'Exit',
			name: 'exitId',
			searchListMethod: 'searchExits',
			placeholder: 'approve',
			description:
				"The exit to complete the task through (a button of the task's form): from the chosen task's exits, or typed",
		}),
		typeOptions: { loadOptionsDependsOn: ['taskId.value'] },
	},
	...valuesInput({ what: "task's form" }),
	idLocator({
		displayName: 'Process Instance',
		name: 'instanceId',
		required: false,
		description:
			'The process instance the task belongs to, e.g. {{ $json.instanceId }} of a listed task. Leave empty to read it from the task (one more request, GET /tasks/{id}/get).',
		source: PROCESS_INSTANCE_SOURCE,
	}),
	optionsCollection([concurrency(), additionalBody]),
]);

/** Process Instance when it is filled in (checked as a UUID), else undefined. */
function readGivenInstance(ctx: IExecuteFunctions, itemIndex: number): string | undefined {
	const value = ctx.getNodeParameter('instanceId', itemIndex, '', { extractValue: true });
	if (value === undefined || value === null || (typeof value === 'string' && value.trim() === ''))
		return undefined;
	return requireUuid(parameterField('instanceId', 'Process Instance'), value);
}

/**
 * The task's `instanceId`, read with GET /tasks/{id}/get. The key is the one the vendor's Reassign
 * and Set Percent pages name in their bodies; no page shows the task's own answer, so an answer
 * without it completes the task without one.
 */
async function readTaskInstance(
	ctx: IExecuteFunctions,
	itemIndex: number,
	taskId: string,
): Promise<string | undefined> {
	const task = unwrapItem(
		await apiRequest(ctx, { method: 'GET', path: apiPath`/tasks/${taskId}/get`, itemIndex }),
	);
	return typeof task.instanceId === 'string' && task.instanceId !== ''
		? task.instanceId
		: undefined;
}

/**
 * PUT /tasks/{id}/submit {exitId, instanceId, context}: the exit, the task's process instance (sent
 * by `theYahia/elma365-mcp` 2.0, tests only; the instance is required by the vendor's documented
 * Reassign and Set Percent) and the form's field values. Every parameter is read and checked before
 * the first request.
 */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const taskId = readTaskId(this, itemIndex);
	const exitId = requireText(
		parameterField('exitId', 'Exit'),
		this.getNodeParameter('exitId', itemIndex, '', { extractValue: true }),
	).trim();
	const context = await readValues(this, itemIndex);
	const given = readGivenInstance(this, itemIndex);
	// Additional Body is merged last: an instanceId it names is the one sent, and none is read.
	const extra = withAdditionalBody(this, itemIndex, {});
	const instanceId =
		given ?? ('instanceId' in extra ? undefined : await readTaskInstance(this, itemIndex, taskId));
	const body: IDataObject = {
		exitId,
		...(instanceId === undefined ? {} : { instanceId }),
		context,
		...extra,
	};
	let response: IDataObject;
	try {
		response = await apiRequest(this, {
			method: 'PUT',
			path: apiPath`/tasks/${taskId}/submit`,
			body,
			// A completed task cannot be completed again: never repeated after a failure that may have done it.
			idempotent: false,
			itemIndex,
		});
	} catch (error) {
		throw await withTaskExits(this, error, taskId, exitId);
	}
	// The output names the task changed beside what the platform answers (often only `success`).
	return { taskId, ...body, ...unwrapItem(response) };
}
