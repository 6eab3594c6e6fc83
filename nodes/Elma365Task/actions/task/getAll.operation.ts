import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { returnAllOrLimit, showFor } from '../../../shared/descriptions/common';
import { buildListBody, listOptions } from '../../../shared/lists/listOptions';
import { readUuidLocator, uuidLocator } from '../../../shared/descriptions/locators';
import { listOperation } from '../../../shared/execution/operations';
import { requireOneOf } from '../../../shared/validation';

/** Which tasks to list, and the table-filter field that selects them (none: all the user can see). */
const SCOPES = { all: undefined, performer: 'performers', author: '__createdBy' } as const;
const SCOPE_VALUES = Object.keys(SCOPES) as Array<keyof typeof SCOPES>;

export const description: INodeProperties[] = showFor('task', 'getAll', [
	{
		displayName: 'Tasks',
		name: 'scope',
		type: 'options',
		default: 'all',
		options: [
			{
				name: 'All I Can See',
				value: 'all',
				description: "Every task the credential's user may read",
			},
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
		],
	},
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

/** The list body: the chosen user as a table filter, beside (and overridable by) the Options' own. */
function listBody(ctx: IExecuteFunctions, itemIndex: number): IDataObject {
	const field =
		SCOPES[
			requireOneOf(
				ctx,
				itemIndex,
				'Tasks',
				ctx.getNodeParameter('scope', itemIndex, 'all'),
				SCOPE_VALUES,
			)
		];
	const body = buildListBody(ctx, itemIndex);
	if (field === undefined) return body;
	const filter = (body.filter ?? {}) as IDataObject;
	const tf = {
		[field]: [readUuidLocator(ctx, itemIndex, 'userId', 'User')],
		...((filter.tf ?? {}) as IDataObject),
	};
	return { ...body, filter: { ...filter, tf } };
}

/** POST /tasks/list with the platform's list body, paged with from/size. */
export const { execute } = listOperation({
	method: 'POST',
	paging: 'body',
	path: () => '/tasks/list',
	body: listBody,
});
