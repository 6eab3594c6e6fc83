import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { valuesInput, readValues } from '../../../shared/fields/valuesInput';
import { showFor } from '../../../shared/display';
import { codeLocator } from '../../../shared/pickers/locators';
import { parameterField, requireText } from '../../../shared/validation';
import { withAdditionalBody } from '../../../shared/options/additionalBody';
import { taskField, readTaskId } from './taskFields';
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
	optionsCollection([concurrency(), additionalBody]),
]);

/** The body this operation sends, read (and checked) before the request. */
async function readBody(ctx: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	return withAdditionalBody(ctx, itemIndex, {
		exitId: requireText(
			parameterField('exitId', 'Exit'),
			ctx.getNodeParameter('exitId', itemIndex, '', { extractValue: true }),
		).trim(),
		context: await readValues(ctx, itemIndex),
	});
}

/** PUT /tasks/{id}/submit {exitId, context}: the exit and the form's field values. */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const taskId = readTaskId(this, itemIndex);
	const body = await readBody(this, itemIndex);
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
		throw await withTaskExits(this, error, taskId, body.exitId as string);
	}
	// The output names the task changed beside what the platform answers (often only `success`).
	return { taskId, ...body, ...unwrapItem(response) };
}
