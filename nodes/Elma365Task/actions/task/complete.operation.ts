import type { INodeProperties } from 'n8n-workflow';
import { contextFields, readContext } from '../../../shared/descriptions/contextFields';
import { showFor } from '../../../shared/descriptions/common';
import { codeLocator } from '../../../shared/descriptions/locators';
import { requireText } from '../../../shared/validation';
import { withAdditionalBody, writeOptions } from '../../../shared/descriptions/writeOptions';
import { taskField } from './taskField.description';
import { changeTaskOperation } from './taskRequests';

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
	...contextFields({ what: "task's form" }),
	writeOptions,
]);

/** PUT /tasks/{id}/submit {exitId, context}: the exit and the form's field values. */
export const { execute } = changeTaskOperation({
	method: 'PUT',
	suffix: '/submit',
	body: (ctx, itemIndex) =>
		withAdditionalBody(ctx, itemIndex, {
			exitId: requireText(
				ctx,
				itemIndex,
				'Exit',
				ctx.getNodeParameter('exitId', itemIndex, '', { extractValue: true }),
			).trim(),
			context: readContext(ctx, itemIndex),
		}),
	// A completed task cannot be completed again: never repeated after a failure that may have done it.
	idempotent: false,
});
