import { apiPath } from '../transport';
import { byCode } from './entryLabels';
import { onceChosen, pagedListSearch } from './pickerSearch';

/**
 * The schemes of one kind (`reports`, `contracts`, `widgets`) in the chosen section, valued by
 * code: `GET /scheme/namespaces/{namespace}/<kind>`, paged with from/size in the query as the
 * other scheme lists.
 */
function sectionSchemes(kind: 'reports' | 'contracts' | 'widgets', noun: string) {
	return pagedListSearch(
		onceChosen('namespace', (namespace) => ({
			method: 'GET' as const,
			path: `${apiPath`/scheme/namespaces/${namespace}`}/${kind}`,
			paging: 'query' as const,
			what: `the ${noun} of section "${namespace}"`,
		})),
		byCode,
	);
}

/** Reports of the chosen section. */
export const searchReports = sectionSchemes('reports', 'reports');

/** Contract applications of the chosen section. */
export const searchContracts = sectionSchemes('contracts', 'contract applications');

/** Widgets of the chosen section. */
export const searchWidgets = sectionSchemes('widgets', 'widgets');
