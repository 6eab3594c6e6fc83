import type { IDataObject, ILoadOptionsFunctions, INodeListSearchResult } from 'n8n-workflow';
import { searchPagedList, withEmail } from './listSearch';

/** `Full Name (email)`: the user's name, else the parts of `fullname`, else the login. */
function userEntry(entry: IDataObject) {
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
export async function searchUsers(
	this: ILoadOptionsFunctions,
	filter?: string,
	paginationToken?: string,
): Promise<INodeListSearchResult> {
	const text = filter?.trim();
	const body: IDataObject = text ? { filter: { tf: { __name: text } } } : {};
	return await searchPagedList(
		this,
		{ method: 'POST', path: '/user/list', paging: 'body', body, what: 'users' },
		text,
		paginationToken,
		userEntry,
	);
}
