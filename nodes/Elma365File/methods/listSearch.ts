import { pagedListSearch } from '../../shared/methods/pickerSearch';

export const searchDirectories = pagedListSearch({
	method: 'POST',
	path: '/disk/directory/list',
	paging: 'body',
	what: 'directories',
});
