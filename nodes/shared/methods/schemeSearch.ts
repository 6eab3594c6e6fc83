import type {
	IDataObject,
	ILoadOptionsFunctions,
	INodeListSearchResult,
	INodePropertyOptions,
	ResourceMapperFields,
} from 'n8n-workflow';
import { mapperFields } from '../descriptions/fieldMapping';
import {
	entryName,
	listingRequest,
	searchPagedList,
	searchWholeList,
	withEmail,
} from './listSearch';
import { pickedValue } from '../descriptions/locators';
import { apiPath, unwrapItem } from '../transport';

/**
 * Search and load-options methods backed by the scheme endpoints (and the lists of items and users
 * they lead to), shared by every node that picks a section, an application, an item, a process
 * template, a group, a module, a solution, a page, a document template or a user. A node lists the
 * ones it uses in its `methods`.
 */

/** `Name (value)`, so a search finds an entry by either. */
function labelled(entry: IDataObject, value: string) {
	const name = entryName(entry);
	return { name: name && name !== value ? `${name} (${value})` : value, value };
}

/** `Name (code)`, valued by code. */
function byCode(entry: IDataObject) {
	return labelled(entry, String(entry.code ?? entry.__id ?? ''));
}

/**
 * A parameter a list depends on (the section of an application), whatever its mode; undefined
 * while it is unset or an expression. The editor asks for a list as soon as the form opens, so an
 * unset dependency is the normal state of a fresh node: the list is then empty, never an error.
 */
export function chosen(ctx: ILoadOptionsFunctions, name: string): string | undefined {
	const value = pickedValue(ctx.getNodeParameter(name, ''));
	return value === '' || value.startsWith('=') ? undefined : value;
}

/** What a picker shows while what it depends on is not chosen yet. */
export const NOTHING_TO_LIST: INodeListSearchResult = { results: [] };

/** What a field mapper shows while what it depends on is not chosen yet: n8n's own "choose first" notice. */
export function chooseFirst(what: string): ResourceMapperFields {
	return { fields: [], emptyFieldsNotice: `Choose the ${what} above to see its fields` };
}

export async function searchNamespaces(
	this: ILoadOptionsFunctions,
	filter?: string,
	paginationToken?: string,
): Promise<INodeListSearchResult> {
	return await searchPagedList(
		this,
		{ method: 'GET', path: '/scheme/namespaces', paging: 'query', what: 'sections' },
		filter,
		paginationToken,
		byCode,
	);
}

export async function searchApplications(
	this: ILoadOptionsFunctions,
	filter?: string,
	paginationToken?: string,
): Promise<INodeListSearchResult> {
	const namespace = chosen(this, 'namespace');
	if (namespace === undefined) return NOTHING_TO_LIST;
	const path = apiPath`/scheme/namespaces/${namespace}/apps`;
	return await searchWholeList(
		this,
		{ method: 'GET', path, what: `the applications of section "${namespace}"` },
		filter,
		paginationToken,
		byCode,
	);
}

function processTemplatesRequest(ctx: ILoadOptionsFunctions, parameter = 'namespace') {
	const namespace = chosen(ctx, parameter);
	if (namespace === undefined) return undefined;
	// A process bound to an application lives in the namespace "section.app".
	const [section, application] = namespace.split('.', 2);
	const path = application
		? apiPath`/scheme/namespaces/${section}/apps/${application}/processes`
		: apiPath`/scheme/namespaces/${namespace}/processes`;
	return { method: 'GET' as const, path, what: `the process templates of section "${namespace}"` };
}

export async function searchProcessTemplates(
	this: ILoadOptionsFunctions,
	filter?: string,
	paginationToken?: string,
): Promise<INodeListSearchResult> {
	const request = processTemplatesRequest(this);
	return request
		? await searchWholeList(this, request, filter, paginationToken, byCode)
		: NOTHING_TO_LIST;
}

/** The same list as `searchProcessTemplates`, offering each template by its id (instance lists take the id). */
export async function searchProcessTemplateIds(
	this: ILoadOptionsFunctions,
	filter?: string,
	paginationToken?: string,
): Promise<INodeListSearchResult> {
	return await searchProcessTemplateIdsIn(this, 'namespace', filter, paginationToken);
}

/** `searchProcessTemplateIds` with the section read from the parameter `parameter`. */
export async function searchProcessTemplateIdsIn(
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

export async function searchGroups(
	this: ILoadOptionsFunctions,
	filter?: string,
	paginationToken?: string,
): Promise<INodeListSearchResult> {
	const text = filter?.trim();
	// The platform filters by name on its side; the page is filtered again in case it does not.
	// Groups carry their name as "__name" (the documented group body).
	const body: IDataObject = text ? { filter: { tf: { __name: text } } } : {};
	return await searchPagedList(
		this,
		{ method: 'POST', path: '/scheme/groups/list', paging: 'body', body, what: 'groups' },
		text,
		paginationToken,
		(entry) => ({
			name: entry.namespace ? `${entryName(entry)} (${String(entry.namespace)})` : entryName(entry),
			value: String(entry.__id ?? entry.id ?? ''),
		}),
	);
}

/** The positions already in the chosen group (the API has no list of all positions). */
export async function searchGroupPositions(
	this: ILoadOptionsFunctions,
	filter?: string,
	paginationToken?: string,
): Promise<INodeListSearchResult> {
	const groupId = chosen(this, 'groupId');
	if (groupId === undefined) return NOTHING_TO_LIST;
	const path = apiPath`/scheme/groups/${groupId}/positions`;
	return await searchPagedList(
		this,
		{ method: 'GET', path, paging: 'query', what: 'the positions of this group' },
		filter,
		paginationToken,
	);
}

/** The section and the application (contract, report) named by `parameter`; undefined until both are chosen. */
function chosenApplication(ctx: ILoadOptionsFunctions, parameter: string, noun: string) {
	const namespace = chosen(ctx, 'namespace');
	const application = chosen(ctx, parameter);
	if (namespace === undefined || application === undefined) return undefined;
	return { namespace, application, label: `${noun} "${namespace}.${application}"` };
}

/** `GET /app/{ns}/{code}/settings/status`: the statuses and status groups of the chosen application (none until it is chosen). */
async function statusSettings(ctx: ILoadOptionsFunctions, parameter: string, noun: string) {
	const picked = chosenApplication(ctx, parameter, noun);
	if (!picked) return { groups: [], statuses: [] };
	const { namespace, application, label } = picked;
	const path = `/app${apiPath`/${namespace}/${application}`}/settings/status`;
	const settings = unwrapItem(
		await listingRequest(ctx, `the statuses of ${label}`, {
			method: 'GET',
			path,
			idempotent: true,
		}),
	);
	return {
		groups: Array.isArray(settings.groupItems) ? (settings.groupItems as IDataObject[]) : [],
		statuses: Array.isArray(settings.statusItems) ? (settings.statusItems as IDataObject[]) : [],
	};
}

/** The statuses of the application in `parameter`: shown by name, valued by code, with their group. */
function statusesOf(parameter: string, noun: string) {
	return async function (this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
		const { groups, statuses } = await statusSettings(this, parameter, noun);
		return statuses
			.filter((status) => typeof status.code === 'string' && status.code !== '')
			.map((status) => {
				const group = groups.find(
					(candidate) => candidate.id !== undefined && candidate.id === status.groupId,
				);
				const option: INodePropertyOptions = {
					name: entryName(status),
					value: status.code as string,
				};
				if (group) option.description = `Group: ${entryName(group)}`;
				return option;
			});
	};
}

/** The statuses of the chosen application, for Set Status and list filters: shown by name, sent by code. */
export const getStatuses = statusesOf('application', 'application');

/** The statuses of the chosen contract application (its status settings live under /app like an application's). */
export const getContractStatuses = statusesOf('application', 'contract application');

/** The status groups of the application in `parameter`: shown by name, valued by id, with their statuses. */
function statusGroupsOf(parameter: string, noun: string) {
	return async function (this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
		const { groups, statuses } = await statusSettings(this, parameter, noun);
		return groups
			.filter(
				(group) =>
					(typeof group.id === 'string' && group.id !== '') || typeof group.id === 'number',
			)
			.map((group) => {
				const members = statuses.filter((status) => status.groupId === group.id).map(entryName);
				const option: INodePropertyOptions = { name: entryName(group), value: String(group.id) };
				if (members.length > 0) option.description = `Statuses: ${members.join(', ')}`;
				return option;
			});
	};
}

export const getStatusGroups = statusGroupsOf('application', 'application');

export const getContractStatusGroups = statusGroupsOf('application', 'contract application');

/** `GET /scheme/namespaces/{ns}/apps/{code}`: the fields of the application in `parameter`; undefined until it is chosen. */
async function schemeFields(ctx: ILoadOptionsFunctions, parameter: string, noun: string) {
	const picked = chosenApplication(ctx, parameter, noun);
	if (!picked) return undefined;
	const { namespace, application, label } = picked;
	const path = apiPath`/scheme/namespaces/${namespace}/apps/${application}`;
	const scheme = unwrapItem(
		await listingRequest(ctx, `the fields of ${label}`, { method: 'GET', path, idempotent: true }),
	);
	return {
		namespace,
		application,
		fields: Array.isArray(scheme.fields) ? (scheme.fields as IDataObject[]) : [],
	};
}

/** The fields of the chosen application, from its scheme, for the resource mapper. */
export async function getApplicationFields(
	this: ILoadOptionsFunctions,
): Promise<ResourceMapperFields> {
	const scheme = await schemeFields(this, 'application', 'application');
	if (!scheme) return chooseFirst('section and the application');
	const fields = mapperFields(scheme.fields);
	return fields.length > 0
		? { fields }
		: {
				fields,
				emptyFieldsNotice: `The scheme of "${scheme.namespace}.${scheme.application}" lists no fields: use Fields (JSON)`,
			};
}

/**
 * System fields every item has (platform facts, "Application items"): lists sort and filter by
 * them, and a scheme does not always list them.
 */
const SYSTEM_FIELDS: Array<[code: string, name: string]> = [
	['__id', 'ID'],
	['__name', 'Name'],
	['__createdAt', 'Created At'],
	['__createdBy', 'Created By'],
	['__updatedAt', 'Updated At'],
	['__updatedBy', 'Updated By'],
	['__deletedAt', 'Deleted At'],
	['__status', 'Status'],
	['__index', 'Index'],
	['__version', 'Version'],
	['__externalId', 'External ID'],
];

/**
 * Field codes of the application in `parameter`, for sort rules, table filters and the fields to
 * return: the scheme's fields as "Name (code)" with their type, then the system fields it leaves out.
 */
function fieldCodesOf(parameter: string, noun: string) {
	return async function (this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
		const scheme = await schemeFields(this, parameter, noun);
		if (!scheme) return [];
		const { fields } = scheme;
		const options: INodePropertyOptions[] = fields
			.filter((field) => typeof field.code === 'string' && field.code !== '')
			.map((field) => {
				const view = (field.view ?? {}) as IDataObject;
				const option: INodePropertyOptions = labelled({ name: view.name }, field.code as string);
				if (typeof field.type === 'string' && field.type !== '')
					option.description = `Type: ${field.type}`;
				return option;
			});
		for (const [code, name] of SYSTEM_FIELDS) {
			if (!options.some((option) => option.value === code))
				options.push({ ...labelled({ name }, code), description: 'System field' });
		}
		return options;
	};
}

export const getFieldCodes = fieldCodesOf('application', 'application');

export const getContractFieldCodes = fieldCodesOf('application', 'contract application');

export const getReportFieldCodes = fieldCodesOf('report', 'report');

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
		const namespace = chosen(this, 'namespace');
		const application = chosen(this, 'application');
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

export const searchItems = itemSearch('app', 'application');

export const searchContractItems = itemSearch('contracts', 'contract application');

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

/** The name, with the code where the entry has one; valued by id. */
function byId(entry: IDataObject) {
	const id = String(entry.__id ?? entry.id ?? '');
	const code = typeof entry.code === 'string' ? entry.code : '';
	const name = entryName(entry);
	return { name: code && code !== name ? `${name} (${code})` : name, value: id };
}

/** Pages of the chosen section, valued by id. */
export async function searchPages(
	this: ILoadOptionsFunctions,
	filter?: string,
	paginationToken?: string,
): Promise<INodeListSearchResult> {
	const namespace = chosen(this, 'namespace');
	if (namespace === undefined) return NOTHING_TO_LIST;
	const path = apiPath`/scheme/namespaces/${namespace}/pages`;
	return await searchPagedList(
		this,
		{ method: 'GET', path, paging: 'query', what: `the pages of section "${namespace}"` },
		filter,
		paginationToken,
		byId,
	);
}

/** Document templates of the chosen section, valued by id. */
export async function searchDocumentTemplates(
	this: ILoadOptionsFunctions,
	filter?: string,
	paginationToken?: string,
): Promise<INodeListSearchResult> {
	const namespace = chosen(this, 'namespace');
	if (namespace === undefined) return NOTHING_TO_LIST;
	const path = apiPath`/scheme/namespaces/${namespace}/doctemplates`;
	return await searchPagedList(
		this,
		{
			method: 'GET',
			path,
			paging: 'query',
			what: `the document templates of section "${namespace}"`,
		},
		filter,
		paginationToken,
		byId,
	);
}

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
