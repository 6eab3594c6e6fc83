import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { showFor } from '../../../shared/display';
import { invalidInput, requireDateTime } from '../../../shared/validation';
import { withAdditionalBody } from '../../../shared/options/additionalBody';
import { taskField, readTaskId } from './taskFields';
import { apiPath, apiRequest, unwrapItem } from '../../../shared/transport';
import { additionalBody, concurrency, optionsCollection } from '../../../shared/options/options';

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
	optionsCollection([concurrency(), additionalBody]),
]);

/** The body this operation sends, read (and checked) before the request. */
function readBody(ctx: IExecuteFunctions, itemIndex: number): IDataObject {
	const body: IDataObject = {};
	for (const date of DATES) {
		const value = ctx.getNodeParameter(date.name, itemIndex, '');
		if (value !== '' && value !== null && value !== undefined)
			body[date.name] = requireDateTime(ctx, date.label, value);
	}
	const sent = withAdditionalBody(ctx, itemIndex, body);
	if (Object.keys(sent).length === 0)
		throw invalidInput('Start At / Due Date', 'at least one date', '');
	return sent;
}

/**
 * POST /tasks/{id}/dates {startAt?, dueDate?}: the dates given, in UTC. The path is the vendor's
 * operation tasksChangeDates; no reference page shows its body, so the keys follow the task's own
 * fields, and Additional Body (JSON) can send what a company expects instead.
 */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const taskId = readTaskId(this, itemIndex);
	const body = readBody(this, itemIndex);
	const response = await apiRequest(this, {
		method: 'POST',
		path: apiPath`/tasks/${taskId}/dates`,
		body,
		// Setting the same dates twice leaves the task as the first request left it.
		idempotent: true,
		itemIndex,
	});
	// The output names the task changed beside what the platform answers (often only `success`).
	return { taskId, ...body, ...unwrapItem(response) };
}
