import type { ILoadOptionsFunctions, INodeListSearchResult } from 'n8n-workflow';
import { byCode, labelled } from './entryLabels';
import { searchWholeList } from './listSearch';

/** Modules are addressed by id in the scheme and by code in the integrations; the list is not paged. */
const MODULES = { method: 'GET' as const, path: '/scheme/modules', what: 'modules' };

/** Modules, valued by id (the Scheme node's module reads). */
export async function searchModules(
	this: ILoadOptionsFunctions,
	filter?: string,
	paginationToken?: string,
): Promise<INodeListSearchResult> {
	return await searchWholeList(this, MODULES, filter, paginationToken, (entry) =>
		labelled(entry, String(entry.id ?? entry.__id ?? entry.code ?? '')),
	);
}

/** Modules, valued by code (or by id where an entry has no code): the telephony integration's `{code}`. */
export async function searchModuleCodes(
	this: ILoadOptionsFunctions,
	filter?: string,
	paginationToken?: string,
): Promise<INodeListSearchResult> {
	return await searchWholeList(this, MODULES, filter, paginationToken, (entry) =>
		labelled(entry, String(entry.code ?? entry.id ?? entry.__id ?? '')),
	);
}

/** Solutions, valued by code. */
export async function searchSolutions(
	this: ILoadOptionsFunctions,
	filter?: string,
	paginationToken?: string,
): Promise<INodeListSearchResult> {
	return await searchWholeList(
		this,
		{ method: 'GET', path: '/scheme/solutions', what: 'solutions' },
		filter,
		paginationToken,
		byCode,
	);
}
