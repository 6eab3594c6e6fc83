import type { IDataObject, ILoadOptionsFunctions, INodeListSearchResult } from 'n8n-workflow';
import { apiPath } from '../transport';
import { NOTHING_TO_LIST, readListDependency } from './listDependency';
import { searchPagedList } from './listSearch';

/**
 * Items of the chosen application (`app`) or contract application (`contracts`), searched by name
 * on the platform (`tf.__name`), page by page.
 */
function itemSearch(prefix: 'app' | 'contracts', noun: string) {
	return async function (
		this: ILoadOptionsFunctions,
		filter?: string,
		paginationToken?: string,
	): Promise<INodeListSearchResult> {
		const namespace = readListDependency(this, 'namespace');
		const application = readListDependency(this, 'application');
		if (namespace === undefined || application === undefined) return NOTHING_TO_LIST;
		const text = filter?.trim();
		const body: IDataObject = {
			active: true,
			...(text ? { filter: { tf: { __name: text } } } : {}),
		};
		const path = `/${prefix}${apiPath`/${namespace}/${application}`}/list`;
		return await searchPagedList(
			this,
			{
				method: 'POST',
				path,
				paging: 'body',
				body,
				what: `the items of ${noun} "${namespace}.${application}"`,
			},
			text,
			paginationToken,
		);
	};
}

/** Items of the chosen application. */
export const searchItems = itemSearch('app', 'application');

/** Items of the chosen contract application. */
export const searchContractItems = itemSearch('contracts', 'contract application');
