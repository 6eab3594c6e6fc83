import type { IDataObject } from 'n8n-workflow';
import { withEmail } from './listSearch';
import { nameFilter, pagedListSearch } from './pickerSearch';

/** `Full Name (email)`: the user's name, else the parts of `fullname`, else the login. */
export function userEntry(entry: IDataObject) {
	const full = (entry.fullname ?? {}) as IDataObject;
	const parts = [full.firstname, full.middlename, full.lastname].filter(
		(part) => typeof part === 'string' && part !== '',
	);
	const name =
		(typeof entry.__name === 'string' && entry.__name) ||
		parts.join(' ') ||
		String(entry.login ?? entry.__id ?? '');
	return { name: withEmail(name, entry), value: String(entry.__id ?? '') };
}

/** Users, searched by name on the platform (`tf.__name`), page by page. */
export const searchUsers = pagedListSearch(
	(_ctx, text) => ({
		method: 'POST',
		path: '/user/list',
		paging: 'body',
		body: nameFilter(text),
		what: 'users',
	}),
	userEntry,
);
