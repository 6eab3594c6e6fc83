import type {
	ILoadOptionsFunctions,
	INodeListSearchItems,
	INodeListSearchResult,
	INodePropertyOptions,
} from 'n8n-workflow';
import { readListPage } from '../shared/lists/listPage';
import { entryName, listingRequest } from '../shared/methods/listSearch';
import { searchModules } from '../shared/methods/moduleSearch';
import { apiPath, apiRequest, jsonBody } from '../shared/transport';

/** Every application of the company (`GET /app/list`), valued `namespace/code` as the module matches them. */
export async function getApplications(
	this: ILoadOptionsFunctions,
): Promise<INodePropertyOptions[]> {
	const answer = await listingRequest(this, 'applications', {
		method: 'GET',
		path: '/app/list',
		idempotent: true,
	});
	return readListPage(answer)
		.items.filter((app) => typeof app.namespace === 'string' && typeof app.code === 'string')
		.map((app) => {
			const value = `${app.namespace as string}/${app.code as string}`;
			return { name: `${entryName(app)} (${value})`, value };
		})
		.sort((a, b) => a.name.localeCompare(b.name));
}

/**
 * The company's modules (the Scheme area's list, as the shared Module picker reads it), each asked
 * the connector's `ping` (`POST /api/extensions/<id>/script/ping`): the modules that answer
 * `{ok: true, version}` come first, marked "n8n connector <version>"; the others follow, marked
 * "not the n8n connector". One request per listed module each time the picker opens.
 */
export async function searchConnectorModules(
	this: ILoadOptionsFunctions,
	filter?: string,
	paginationToken?: string,
): Promise<INodeListSearchResult> {
	const found = await searchModules.call(this, filter, paginationToken);
	const pinged = await Promise.all(
		found.results.map(async (entry) => ({ entry, version: await connectorVersion(this, entry) })),
	);
	const connectors = pinged.filter((p) => p.version !== undefined);
	const others = pinged.filter((p) => p.version === undefined);
	return {
		...found,
		results: [
			...connectors.map(({ entry, version }) => ({
				...entry,
				name: `${entry.name}: n8n connector ${version}`,
			})),
			...others.map(({ entry }) => ({ ...entry, name: `${entry.name}: not the n8n connector` })),
		],
	};
}

/** The connector version a module's `ping` answers, or undefined when it does not answer as the connector. */
async function connectorVersion(
	ctx: ILoadOptionsFunctions,
	entry: INodeListSearchItems,
): Promise<string | undefined> {
	try {
		const answer = await apiRequest(ctx, {
			method: 'POST',
			path: apiPath`/api/extensions/${String(entry.value)}/script/ping`,
			outsidePublicApi: true,
			idempotent: true,
			...jsonBody({}),
		});
		return answer.ok === true && typeof answer.version === 'string' ? answer.version : undefined;
	} catch {
		return undefined; // no such method (404), refused or unreachable: not the connector
	}
}
