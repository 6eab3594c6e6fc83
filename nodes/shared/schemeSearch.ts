import type {
	IDataObject,
	ILoadOptionsFunctions,
	INodeListSearchResult,
	INodePropertyOptions,
	ResourceMapperFields,
} from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';
import { mapperFields } from './fieldMapping';
import { entryName, listingRequest, searchPagedList, searchWholeList } from './listSearch';
import { pickedValue } from './locators';
import { apiPath, unwrapItem } from './transport';

/**
 * Search and load-options methods backed by the scheme endpoints, shared by every node that picks
 * a section, an application, a process template or a group. A node lists the ones it uses in its
 * `methods`.
 */

/** `Name (code)`, so a search finds an entry by either. */
function byCode(entry: IDataObject) {
	const code = String(entry.code ?? entry.__id ?? '');
	const name = entryName(entry);
	return { name: name && name !== code ? `${name} (${code})` : code, value: code };
}

/** A parameter the picker depends on (the section of an application), whatever its mode. */
export function requireChosen(ctx: ILoadOptionsFunctions, name: string, label: string): string {
	const value = pickedValue(ctx.getNodeParameter(name, ''));
	if (value === '' || value.startsWith('=')) {
		throw new NodeOperationError(ctx.getNode(), `Choose the ${label} first`, {
			description: `The list depends on the ${label}: pick it, or type its code, above this field.`,
		});
	}
	return value;
}

export async function searchNamespaces(this: ILoadOptionsFunctions, filter?: string, paginationToken?: string): Promise<INodeListSearchResult> {
	return await searchPagedList(this, { method: 'GET', path: '/scheme/namespaces', paging: 'query', what: 'sections' }, filter, paginationToken, byCode);
}

export async function searchApplications(this: ILoadOptionsFunctions, filter?: string, paginationToken?: string): Promise<INodeListSearchResult> {
	const namespace = requireChosen(this, 'namespace', 'section');
	const path = apiPath`/scheme/namespaces/${namespace}/apps`;
	return await searchWholeList(this, { method: 'GET', path, what: `the applications of section "${namespace}"` }, filter, paginationToken, byCode);
}

function processTemplatesRequest(ctx: ILoadOptionsFunctions, parameter = 'namespace') {
	const namespace = requireChosen(ctx, parameter, 'section');
	// A process bound to an application lives in the namespace "section.app".
	const [section, application] = namespace.split('.', 2);
	const path = application
		? apiPath`/scheme/namespaces/${section}/apps/${application}/processes`
		: apiPath`/scheme/namespaces/${namespace}/processes`;
	return { method: 'GET' as const, path, what: `the process templates of section "${namespace}"` };
}

export async function searchProcessTemplates(this: ILoadOptionsFunctions, filter?: string, paginationToken?: string): Promise<INodeListSearchResult> {
	return await searchWholeList(this, processTemplatesRequest(this), filter, paginationToken, byCode);
}

/** The same list as `searchProcessTemplates`, offering each template by its id (instance lists take the id). */
export async function searchProcessTemplateIds(this: ILoadOptionsFunctions, filter?: string, paginationToken?: string): Promise<INodeListSearchResult> {
	return await searchProcessTemplateIdsIn(this, 'namespace', filter, paginationToken);
}

/** `searchProcessTemplateIds` with the section read from the parameter `parameter`. */
export async function searchProcessTemplateIdsIn(
	ctx: ILoadOptionsFunctions,
	parameter: string,
	filter?: string,
	paginationToken?: string,
): Promise<INodeListSearchResult> {
	return await searchWholeList(ctx, processTemplatesRequest(ctx, parameter), filter, paginationToken, (entry) => ({
		name: byCode(entry).name,
		value: String(entry.__id ?? entry.id ?? ''),
	}));
}

export async function searchGroups(this: ILoadOptionsFunctions, filter?: string, paginationToken?: string): Promise<INodeListSearchResult> {
	const text = filter?.trim();
	// The platform filters by name on its side; the page is filtered again in case it does not.
	const body: IDataObject = text ? { filter: { tf: { name: text } } } : {};
	return await searchPagedList(this, { method: 'POST', path: '/scheme/groups/list', paging: 'body', body, what: 'groups' }, text, paginationToken, (entry) => ({
		name: entry.namespace ? `${entryName(entry)} (${String(entry.namespace)})` : entryName(entry),
		value: String(entry.__id ?? entry.id ?? ''),
	}));
}

/** The statuses of the chosen application, for Set Status: shown by name, sent by code. */
export async function getStatuses(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
	const namespace = requireChosen(this, 'namespace', 'section');
	const application = requireChosen(this, 'application', 'application');
	const path = `/app${apiPath`/${namespace}/${application}`}/settings/status`;
	const settings = unwrapItem(await listingRequest(this, `the statuses of application "${namespace}.${application}"`, { method: 'GET', path, idempotent: true }));
	const groups = Array.isArray(settings.groupItems) ? (settings.groupItems as IDataObject[]) : [];
	const statuses = Array.isArray(settings.statusItems) ? (settings.statusItems as IDataObject[]) : [];
	return statuses
		.filter((status) => typeof status.code === 'string' && status.code !== '')
		.map((status) => {
			const group = groups.find((candidate) => candidate.id !== undefined && candidate.id === status.groupId);
			const option: INodePropertyOptions = { name: entryName(status), value: status.code as string };
			if (group) option.description = `Group: ${entryName(group)}`;
			return option;
		});
}

/** The fields of the chosen application, from its scheme, for the resource mapper. */
export async function getApplicationFields(this: ILoadOptionsFunctions): Promise<ResourceMapperFields> {
	const namespace = requireChosen(this, 'namespace', 'section');
	const application = requireChosen(this, 'application', 'application');
	const path = apiPath`/scheme/namespaces/${namespace}/apps/${application}`;
	const scheme = unwrapItem(await listingRequest(this, `the fields of application "${namespace}.${application}"`, { method: 'GET', path, idempotent: true }));
	const fields = mapperFields(Array.isArray(scheme.fields) ? (scheme.fields as IDataObject[]) : []);
	return fields.length > 0
		? { fields }
		: { fields, emptyFieldsNotice: `The scheme of "${namespace}.${application}" lists no fields: use Fields (JSON)` };
}

/** Items of the chosen application, searched by name on the platform (`tf.__name`), page by page. */
export async function searchItems(this: ILoadOptionsFunctions, filter?: string, paginationToken?: string): Promise<INodeListSearchResult> {
	const namespace = requireChosen(this, 'namespace', 'section');
	const application = requireChosen(this, 'application', 'application');
	const text = filter?.trim();
	const body: IDataObject = { active: true, ...(text ? { filter: { tf: { __name: text } } } : {}) };
	const path = `/app${apiPath`/${namespace}/${application}`}/list`;
	return await searchPagedList(this, { method: 'POST', path, paging: 'body', body, what: `the items of application "${namespace}.${application}"` }, text, paginationToken);
}
