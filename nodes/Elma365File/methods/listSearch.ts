import { entryName } from '../../shared/methods/listSearch';
import { pagedListSearch } from '../../shared/methods/pickerSearch';

export const searchDirectories = pagedListSearch({
	method: 'POST',
	path: '/disk/directory/list',
	paging: 'body',
	what: 'directories',
});

/**
 * `POST /disk/files/search`, paged by from/size in the body, searched by name with `filter.__name`
 * (api.brix365.com/en/public-api/reference/disk/searchfiles): the stored files, shown by name.
 */
export const searchFiles = pagedListSearch(
	(_ctx, text) => ({
		method: 'POST',
		path: '/disk/files/search',
		paging: 'body',
		what: 'files',
		body: text ? { filter: { __name: text } } : {},
	}),
	(entry) => ({
		name: entryName(entry),
		value: String(entry.__id ?? ''),
	}),
);
