import type { ILoadOptionsFunctions, INodeListSearchResult } from 'n8n-workflow';
import { apiPath } from '../transport';
import { byCode } from './entryLabels';
import { NOTHING_TO_LIST, readListDependency } from './listDependency';
import { searchWholeList } from './listSearch';

/** The list of process templates of the section in `parameter`; undefined until it is chosen. */
function processTemplatesRequest(ctx: ILoadOptionsFunctions, parameter: string) {
	const namespace = readListDependency(ctx, parameter);
	if (namespace === undefined) return undefined;
	// A process bound to an application lives in the namespace "section.app".
	const [section, application] = namespace.split('.', 2);
	const path = application
		? apiPath`/scheme/namespaces/${section}/apps/${application}/processes`
		: apiPath`/scheme/namespaces/${namespace}/processes`;
	return { method: 'GET' as const, path, what: `the process templates of section "${namespace}"` };
}

/** Process templates of the chosen section, valued by code (the path of a process to start). */
export async function searchProcessTemplates(
	this: ILoadOptionsFunctions,
	filter?: string,
	paginationToken?: string,
): Promise<INodeListSearchResult> {
	const request = processTemplatesRequest(this, 'namespace');
	return request
		? await searchWholeList(this, request, filter, paginationToken, byCode)
		: NOTHING_TO_LIST;
}

/** Process templates of the section in `parameter`, valued by id (instance lists take the id). */
async function searchProcessTemplateIdsIn(
	ctx: ILoadOptionsFunctions,
	parameter: string,
	filter?: string,
	paginationToken?: string,
): Promise<INodeListSearchResult> {
	const request = processTemplatesRequest(ctx, parameter);
	if (!request) return NOTHING_TO_LIST;
	return await searchWholeList(ctx, request, filter, paginationToken, (entry) => ({
		name: byCode(entry).name,
		value: String(entry.__id ?? entry.id ?? ''),
	}));
}

/** Process templates of the chosen section, valued by id (the trigger's process events). */
export async function searchProcessTemplateIds(
	this: ILoadOptionsFunctions,
	filter?: string,
	paginationToken?: string,
): Promise<INodeListSearchResult> {
	return await searchProcessTemplateIdsIn(this, 'namespace', filter, paginationToken);
}

/** Process templates of the section in `templateNamespace`, valued by id (Get Many instances by template). */
export async function searchInstanceTemplates(
	this: ILoadOptionsFunctions,
	filter?: string,
	paginationToken?: string,
): Promise<INodeListSearchResult> {
	return await searchProcessTemplateIdsIn(this, 'templateNamespace', filter, paginationToken);
}
