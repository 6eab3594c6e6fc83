import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { readWholeList } from '../lists/pager';
import { runMemo } from '../flow';
import type { Field } from '../validation';
import { invalidInput, isUuid, shownText } from '../validation';

/** How a user given by text is found: an e-mail (it has "@") by `email`, anything else by `login`. */
type UserKey = 'email' | 'login';

/**
 * The UUIDs of the users whose `key` is `value` (ignoring case), read once per run and shared by
 * every item that names the same user. `POST /user/list` with the table filter `{"tf": {key: value}}`
 * (api.elma365.com/en/public-api/reference/user/userlistpost; the vendor's filter guide: text matches
 * by inclusion, ignoring case; `schebotar/elma365-mcp` finds users by `tf.email` and `tf.login`), so
 * the rows are narrowed here to the exact matches.
 */
async function usersWith(ctx: IExecuteFunctions, key: UserKey, value: string): Promise<string[]> {
	const wanted = value.toLowerCase();
	return await runMemo(ctx, `users by ${key} ${wanted}`, async () => {
		const rows = await readWholeList(ctx, {
			method: 'POST',
			path: '/user/list',
			paging: 'body',
			body: { filter: { tf: { [key]: value } } },
			idempotent: true,
		});
		return rows
			.filter((row: IDataObject) => String(row[key] ?? '').toLowerCase() === wanted)
			.map((row) => String(row.__id));
	});
}

/**
 * A user field's entries as user UUIDs: a UUID as given; an e-mail or a login replaced by the UUID of
 * the one user it names, before anything is sent. One that names no user, or several, fails the item.
 */
export async function resolveUsers(
	ctx: IExecuteFunctions,
	label: Field,
	entries: string[],
): Promise<string[]> {
	const ids: string[] = [];
	for (const entry of entries) {
		if (isUuid(entry as unknown)) {
			ids.push(entry);
			continue;
		}
		const key: UserKey = entry.includes('@') ? 'email' : 'login';
		const found = await usersWith(ctx, key, entry);
		if (found.length === 1) {
			ids.push(found[0]);
			continue;
		}
		const error = invalidInput(
			label,
			"a user's UUID, or the e-mail or login of exactly one user",
			entry,
		);
		error.description =
			found.length === 0
				? `No user has the ${key === 'email' ? 'e-mail' : 'login'} ${shownText(entry)}.`
				: `${found.length} users have the ${key === 'email' ? 'e-mail' : 'login'} ${shownText(entry)}: give the user's UUID.`;
		throw error;
	}
	return ids;
}
