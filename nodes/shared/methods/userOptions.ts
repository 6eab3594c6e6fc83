import type { IDataObject, ILoadOptionsFunctions, INodePropertyOptions } from 'n8n-workflow';
import { readWholeList } from '../lists/pager';
import { userEntry } from './userSearch';

/**
 * Most users a user field offers. Every option is saved with the node (n8n keeps the mapper's fields
 * in the workflow), once per user field, so the list is bounded; users beyond it are given by
 * UUID, e-mail or login in an expression.
 */
export const MAX_USER_OPTIONS = 200;

/**
 * The company's users for the user fields of a mapper: `POST /user/list`
 * (api.elma365.com/en/public-api/reference/user/userlistpost), the first MAX_USER_OPTIONS it lists,
 * sorted by name. Undefined where the credential may not list users: the fields are then typed.
 */
export async function loadUserOptions(
	ctx: ILoadOptionsFunctions,
): Promise<INodePropertyOptions[] | undefined> {
	let users: IDataObject[];
	try {
		users = await readWholeList(ctx, {
			method: 'POST',
			path: '/user/list',
			paging: 'body',
			body: {},
			limit: MAX_USER_OPTIONS,
			idempotent: true,
		});
	} catch {
		return undefined;
	}
	return users
		.map(userEntry)
		.filter((option) => option.value !== '')
		.sort((a, b) => a.name.localeCompare(b.name));
}
