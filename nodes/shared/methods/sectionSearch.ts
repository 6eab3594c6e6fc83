import { apiPath } from '../transport';
import { byCode } from './entryLabels';
import { onceChosen, pagedListSearch, wholeListSearch } from './pickerSearch';
import { shownText } from '../shown';

/** Sections (namespaces), valued by code. */
export const searchNamespaces = pagedListSearch(
	{ method: 'GET', path: '/scheme/namespaces', paging: 'query', what: 'sections' },
	byCode,
);

/** Applications of the chosen section, valued by code. */
export const searchApplications = wholeListSearch(
	onceChosen('namespace', (namespace) => ({
		method: 'GET' as const,
		path: apiPath`/scheme/namespaces/${namespace}/apps`,
		what: `the applications of section ${shownText(namespace)}`,
	})),
	byCode,
);
