import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
	INodePropertyOptions,
} from 'n8n-workflow';
import {
	returnAllOrLimit,
	readWholeList,
	bodyPagedList,
	pairedRows,
} from '../../../shared/lists/pager';
import { showFor } from '../../../shared/display';
import { buildListBody, listOptions } from '../../../shared/lists/listOptions';
import { uuidLocator, readUuidLocator } from '../../../shared/pickers/locators';
import { apiPath } from '../../../shared/transport';
import { requireOneOf } from '../../../shared/validation';
import { isFinished, isOpen } from './taskState';

/**
 * The vendor's published task lists (operations tasksList, tasksListIncome, tasksListOutcome,
 * tasksListParticipate, tasksListOfUser), each read as POST with the list body. `performer` (a
 * user's tasks) is the list of that user.
 */
const SCOPE_VALUES = ['all', 'income', 'outcome', 'participate', 'performer'] as const;
type Scope = (typeof SCOPE_VALUES)[number];

/** The Tasks choices, in the order the list shows them: All first, the user's own lists, then another user's. */
const SCOPE_OPTIONS: INodePropertyOptions[] = [
	{
		name: 'All I Can See',
		value: 'all',
		description: "Every task the credential's user may read",
	},
	{
		name: 'Incoming',
		value: 'income',
		description: "Tasks assigned to the credential's user",
	},
	{
		name: 'Outgoing',
		value: 'outcome',
		description: "Tasks the credential's user set",
	},
	{
		name: 'Participating',
		value: 'participate',
		description: "Tasks the credential's user takes part in",
	},
	{
		name: 'Of a User',
		value: 'performer',
		description: 'The tasks of the chosen user',
	},
];

/** Which tasks by their state (taskState.ts); Open first, as the platform's own task lists open on Active. */
const STATE_VALUES = ['open', 'finished', 'any'] as const;
type State = (typeof STATE_VALUES)[number];

const STATE_OPTIONS: INodePropertyOptions[] = [
	{
		name: 'Open',
		value: 'open',
		description: 'Tasks that can still be completed: not completed and not cancelled',
	},
	{ name: 'Finished', value: 'finished', description: 'Completed or cancelled tasks' },
	{ name: 'Any', value: 'any', description: 'Every task of the list, whatever its state' },
];

export const description: INodeProperties[] = showFor('task', 'getAll', [
	{
		displayName: 'Tasks',
		name: 'scope',
		type: 'options',
		default: 'all',
		options: SCOPE_OPTIONS,
	},
	{
		...uuidLocator({
			displayName: 'User',
			name: 'userId',
			searchListMethod: 'searchUsers',
			description: 'The user whose tasks to list',
		}),
		displayOptions: { show: { scope: ['performer'] } },
	},
	{
		displayName: 'State',
		name: 'taskState',
		type: 'options',
		default: 'open',
		options: STATE_OPTIONS,
		description:
			"Which tasks by their state. The platform's lists hold finished tasks too and take no state filter: the tasks are kept by their state field as they are read, and Limit counts the tasks kept.",
	},
	...returnAllOrLimit,
	listOptions({}),
]);

function readScope(ctx: IExecuteFunctions, itemIndex: number): Scope {
	return requireOneOf('Tasks', ctx.getNodeParameter('scope', itemIndex, 'all'), SCOPE_VALUES);
}

/** The list a scope reads: the vendor's dedicated list, or `/tasks/list` for All. */
function listPath(ctx: IExecuteFunctions, itemIndex: number): string {
	const scope = readScope(ctx, itemIndex);
	if (scope === 'performer')
		return apiPath`/tasks/list/of/${readUuidLocator(ctx, itemIndex, 'userId', 'User', 'searchUsers')}`;
	if (scope === 'income' || scope === 'outcome' || scope === 'participate')
		return `/tasks/list/${scope}`;
	return '/tasks/list';
}

/** The tasks of the list the State keeps; undefined keeps all of them. */
function readStateFilter(
	ctx: IExecuteFunctions,
	itemIndex: number,
): ((task: IDataObject) => boolean) | undefined {
	const state: State = requireOneOf(
		'State',
		ctx.getNodeParameter('taskState', itemIndex, 'open'),
		STATE_VALUES,
	);
	if (state === 'open') return isOpen;
	if (state === 'finished') return isFinished;
	return undefined;
}

/** POST on the scope's list with the platform's list body, paged with from/size, kept by State. */
export async function execute(
	this: IExecuteFunctions,
	itemIndex: number,
): Promise<INodeExecutionData[]> {
	const path = listPath(this, itemIndex);
	const keep = readStateFilter(this, itemIndex);
	const body = buildListBody(this, itemIndex);
	const request = bodyPagedList(this, itemIndex, path, body);
	const rows = await readWholeList(this, keep ? { ...request, keep } : request);
	return pairedRows(rows, itemIndex);
}
