import { apiPath } from '../transport';
import { readChosenApplication } from './listDependency';
import { nameFilter, pagedListSearch } from './pickerSearch';

/**
 * Items of the chosen application (`app`) or contract application (`contracts`), searched by name
 * on the platform (`tf.__name`), page by page.
 */
function itemSearch(prefix: 'app' | 'contracts', noun: string) {
	return pagedListSearch((ctx, text) => {
		const chosen = readChosenApplication(ctx, 'application', noun);
		if (chosen === undefined) return undefined;
		const { namespace, application, label } = chosen;
		return {
			method: 'POST',
			path: `/${prefix}${apiPath`/${namespace}/${application}`}/list`,
			paging: 'body',
			body: { active: true, ...nameFilter(text) },
			what: `the items of ${label}`,
		};
	});
}

/** Items of the chosen application. */
export const searchItems = itemSearch('app', 'application');

/** Items of the chosen contract application. */
export const searchContractItems = itemSearch('contracts', 'contract application');
