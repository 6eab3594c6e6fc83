import type { IDataObject, INodeProperties } from 'n8n-workflow';
import { showFor } from '../../../shared/descriptions/common';
import { invalidInput, requireDateTime } from '../../../shared/validation';
import { withAdditionalBody, writeOptions } from '../../../shared/descriptions/writeOptions';
import { taskField } from './taskField.description';
import { changeTaskOperation } from './taskRequests';

const DATES = [
	{ name: 'startAt', label: 'Start At', description: 'When the performer may start the task' },
	{ name: 'dueDate', label: 'Due Date', description: 'When the task is due' },
] as const;

export const description: INodeProperties[] = showFor('task', 'setDates', [
	taskField('whose dates to change'),
	...DATES.map(
		(date): INodeProperties => ({
			displayName: date.label,
			name: date.name,
			type: 'dateTime',
			default: '',
			description: `${date.description}; left empty, it is not changed. Without a time zone it is read in the workflow's.`,
		}),
	),
	writeOptions,
]);

/**
 * POST /tasks/{id}/dates {startAt?, dueDate?}: the dates given, in UTC. The path is the vendor's
 * operation tasksChangeDates; no reference page shows its body, so the keys follow the task's own
 * fields, and Additional Body (JSON) can send what a company expects instead.
 */
export const { execute } = changeTaskOperation({
	method: 'POST',
	suffix: '/dates',
	body: (ctx, itemIndex) => {
		const body: IDataObject = {};
		for (const date of DATES) {
			const value = ctx.getNodeParameter(date.name, itemIndex, '');
			if (value !== '' && value !== null && value !== undefined)
				body[date.name] = requireDateTime(ctx, itemIndex, date.label, value);
		}
		const sent = withAdditionalBody(ctx, itemIndex, body);
		if (Object.keys(sent).length === 0)
			throw invalidInput(ctx, itemIndex, 'Start At / Due Date', 'at least one date', '');
		return sent;
	},
	idempotent: true,
});
