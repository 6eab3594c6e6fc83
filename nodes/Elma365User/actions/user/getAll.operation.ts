import type { INodeProperties } from 'n8n-workflow';
import { returnAllOrLimit, showFor } from '../../../shared/descriptions/common';
import { buildListBody, listOptions } from '../../../shared/lists/listOptions';
import { listOperation } from '../../../shared/execution/operations';
import { simplifier, simplifyOption } from '../../../shared/descriptions/simplify';

/** What Simplify keeps of a user ): identity, name and contacts, not the system fields. */
const MAIN_FIELDS = [
	'__id',
	'__name',
	'login',
	'email',
	'fullname',
	'mobilePhone',
	'workPhone',
	'groupIds',
] as const;

/** The user list takes {filter, from, ids, size, sortExpressions}: no status, no active flag. */
export const description: INodeProperties[] = showFor('user', 'getAll', [
	...returnAllOrLimit,
	simplifyOption(MAIN_FIELDS),
	listOptions({}),
]);

export const { execute } = listOperation({
	method: 'POST',
	paging: 'body',
	path: () => '/user/list',
	body: (ctx, itemIndex) => buildListBody(ctx, itemIndex),
	output: (ctx, itemIndex) => simplifier(ctx, itemIndex, MAIN_FIELDS),
});
