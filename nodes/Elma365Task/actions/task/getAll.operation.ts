import type { IExecuteFunctions, INodeProperties, INodePropertyOptions } from 'n8n-workflow';
import { returnAllOrLimit, showFor } from '../../../shared/descriptions/common';
import { buildListBody, listOptions } from '../../../shared/lists/listOptions';
import { readUuidLocator, uuidLocator } from '../../../shared/descriptions/locators';
import { beforeVersion, sinceVersion } from '../../../shared/descriptions/versioning';
import { listOperation } from '../../../shared/execution/operations';
import { apiPath } from '../../../shared/transport';
import { requireOneOf } from '../../../shared/validation';
import { PUBLISHED_LISTS_VERSION } from '../../versions';

/**
 * The vendor's published task lists (operations tasksList, tasksListIncome, tasksListOutcome,
 * tasksListParticipate, tasksListOfUser), each read as POST with the list body. `performer` (a
 * user's tasks) is the list of that user; `author` is version 1's "Created By a User", which no
 * published list serves: it keeps its table filter on `/tasks/list`.
 */
const SCOPE_VALUES = ['all', 'income', 'outcome', 'participate', 'performer', 'author'] as const;
type Scope = (typeof SCOPE_VALUES)[number];

const all: INodePropertyOptions = {
	name: 'All I Can See',
	value: 'all',
	description: "Every task the credential's user may read",
};

const scopeSelector = (options: INodePropertyOptions[]): INodeProperties => ({
	displayName: 'Tasks',
	name: 'scope',
	type: 'options',
	default: 'all',
	options,
});

export const description: INodeProperties[] = showFor('task', 'getAll', [
	...beforeVersion(PUBLISHED_LISTS_VERSION, [
		scopeSelector([
			all,
			{
				name: 'Assigned To a User',
				value: 'performer',
				description: 'Tasks whose performers include the chosen user (incoming)',
			},
			{
				name: 'Created By a User',
				value: 'author',
				description: 'Tasks the chosen user set (outgoing)',
			},
		]),
	]),
	...sinceVersion(PUBLISHED_LISTS_VERSION, [
		scopeSelector([
			all,
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
		]),
	]),
	{
		...uuidLocator({
			displayName: 'User',
			name: 'userId',
			searchListMethod: 'searchUsers',
			description: 'The user whose tasks to list',
		}),
		displayOptions: { show: { scope: ['performer', 'author'] } },
	},
	...returnAllOrLimit,
	listOptions({}),
]);

function readScope(ctx: IExecuteFunctions, itemIndex: number): Scope {
	return requireOneOf(
		ctx,
		itemIndex,
		'Tasks',
		ctx.getNodeParameter('scope', itemIndex, 'all'),
		SCOPE_VALUES,
	);
}

/** The list a scope reads: the vendor's dedicated list, or `/tasks/list` for All (and version 1's "Created By"). */
function listPath(ctx: IExecuteFunctions, itemIndex: number): string {
	const scope = readScope(ctx, itemIndex);
	if (scope === 'performer')
		return apiPath`/tasks/list/of/${readUuidLocator(ctx, itemIndex, 'userId', 'User')}`;
	if (scope === 'income' || scope === 'outcome' || scope === 'participate')
		return `/tasks/list/${scope}`;
	return '/tasks/list';
}

/** The list body: the Options' own; version 1's "Created By a User" adds the author as a table filter. */
function listBody(ctx: IExecuteFunctions, itemIndex: number) {
	const body = buildListBody(ctx, itemIndex);
	if (readScope(ctx, itemIndex) !== 'author') return body;
	const filter = (body.filter ?? {}) as Record<string, unknown>;
	const tf = {
		__createdBy: [readUuidLocator(ctx, itemIndex, 'userId', 'User')],
		...((filter.tf ?? {}) as Record<string, unknown>),
	};
	return { ...body, filter: { ...filter, tf } };
}

/** POST on the scope's list with the platform's list body, paged with from/size. */
export const { execute } = listOperation({
	method: 'POST',
	paging: 'body',
	path: listPath,
	body: listBody,
});
