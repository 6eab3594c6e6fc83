import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import {
	returnAllOrLimit,
	readWholeList,
	bodyPagedList,
	pairedRows,
} from '../../../shared/lists/pager';
import { showFor } from '../../../shared/display';
import { buildListBody, listOptions } from '../../../shared/lists/listOptions';
import { outputChoice, outputOf } from '../../../shared/options/output';

/** What Output > Simplified keeps of a user: identity, name and contacts, not the system fields. */
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
	...outputChoice(MAIN_FIELDS, 'simple'),
	listOptions({}),
]);

/**
 * POST /user/list with `{filter, from, ids, size, sortExpressions}`, paged by from/size in the body;
 * Output shapes each user.
 */
export async function execute(
	this: IExecuteFunctions,
	itemIndex: number,
): Promise<INodeExecutionData[]> {
	const body = buildListBody(this, itemIndex);
	const request = bodyPagedList(this, itemIndex, '/user/list', body);
	const shape = outputOf(this, itemIndex, MAIN_FIELDS);
	const rows = await readWholeList(this, request);
	return pairedRows(rows, itemIndex, shape);
}
