import type {
	IDataObject,
	ILoadOptionsFunctions,
	INodeListSearchItems,
	INodeListSearchResult,
	JsonObject,
} from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';
import type { ApiRequest } from '../transport';
import { apiRequest } from '../transport';
import type { ListPage } from '../lists/listPage';
import { readListPage } from '../lists/listPage';
import { LARGE_PAGE_SIZE, PAGE_SIZE, readFirstPage, withRange } from '../lists/pager';
import { explainNotFoundWithCodes } from '../pickers/notFound';

/** The name a list entry is best shown by. */
export function entryName(entry: IDataObject): string {
	for (const key of ['__name', 'name', 'title', 'code']) {
		if (typeof entry[key] === 'string' && entry[key] !== '') return entry[key] as string;
	}
	return String(entry.__id ?? entry.id ?? '');
}

/** `name (email)`: the entry's email in brackets where it has one that is not already its name. */
export function withEmail(name: string, entry: IDataObject): string {
	const email = typeof entry.email === 'string' ? entry.email : '';
	return email && email !== name ? `${name} (${email})` : name;
}

/**
 * One page of a platform list for a resource locator: `paginationToken` is the next `from` (readToken).
 * The filter matches names case-insensitively on the page, as the platform's list filters are not
 * the same on every endpoint; `keep` drops the entries the picker should not offer.
 */
export async function searchPagedList(
	ctx: ILoadOptionsFunctions,
	request: Pick<ApiRequest, 'method' | 'path'> & {
		paging: 'body' | 'query';
		body?: IDataObject;
		what?: string;
		keep?: (entry: IDataObject) => boolean;
	},
	filter: string | undefined,
	paginationToken: string | undefined,
	toEntry: (entry: IDataObject) => INodeListSearchItems = (entry) => ({
		name: entryName(entry),
		value: String(entry.__id ?? entry.id ?? entry.code ?? ''),
	}),
): Promise<INodeListSearchResult> {
	const token = readToken(paginationToken);
	let from = token.from;
	const needle = filter?.trim().toLowerCase();
	let refused = token.refused;
	// With a search text or `keep`, pages without a match are skipped (a bounded number), so the
	// picker does not show an empty list while matches exist further on.
	for (let scanned = 1; ; scanned++) {
		// A search asks for large pages (one request where ten were needed); a capped platform gives
		// what it can and `more` below still goes on from there; one that refuses the size is asked
		// again at PAGE_SIZE, which the rest of the search keeps.
		const size = needle && !refused ? LARGE_PAGE_SIZE : PAGE_SIZE;
		const read = await readFirstPage(
			ctx,
			size,
			async (pageSize) => await readPickerPage(ctx, request, from, pageSize),
		);
		const found = read.page;
		if (read.size < size) refused = true;
		const results = found.items
			.filter(request.keep ?? (() => true))
			.map(toEntry)
			.filter((entry) => matches(entry, needle));
		const next = from + found.items.length;
		const more =
			found.items.length > 0 &&
			(found.total === undefined ? found.items.length >= PAGE_SIZE : next < found.total);
		const filtered = Boolean(needle) || request.keep !== undefined;
		if (results.length > 0 || !more || !filtered || scanned >= MAX_SCANNED_PAGES) {
			return { results, paginationToken: more ? writeToken(next, refused) : undefined };
		}
		from = next;
	}
}

/**
 * A picker's token: the next `from`, and `/100` after it once the platform refused a large page,
 * so the next pages of the same search ask PAGE_SIZE at once (a picker has no other memory).
 */
function readToken(token: string | undefined): { from: number; refused: boolean } {
	const [from, size] = (token ?? '').split('/');
	return { from: Number(from) || 0, refused: size !== undefined };
}

/** The token of the page after `from` (readToken). */
function writeToken(from: number, refused: boolean): string {
	return refused ? `${from}/${PAGE_SIZE}` : String(from);
}

/** One page of a picker's list. */
async function readPickerPage(
	ctx: ILoadOptionsFunctions,
	request: Pick<ApiRequest, 'method' | 'path'> & {
		paging: 'body' | 'query';
		body?: IDataObject;
		what?: string;
	},
	from: number,
	size: number,
): Promise<ListPage> {
	return await readPickerList(ctx, request.what, { ...request, ...withRange(request, from, size) });
}

/** Pages a search with a text goes through before it answers with what it has (and a token to go on). */
export const MAX_SCANNED_PAGES = 10;

function matches(entry: INodeListSearchItems, needle: string | undefined): boolean {
	return (
		!needle ||
		entry.name.toLowerCase().includes(needle) ||
		String(entry.value).toLowerCase() === needle
	);
}

/**
 * A list the platform answers at once (no paging: applications of a section, process templates):
 * filtered by the search text, then handed to the picker a page at a time.
 */
export async function searchWholeList(
	ctx: ILoadOptionsFunctions,
	request: Pick<ApiRequest, 'method' | 'path' | 'body'> & { what: string },
	filter: string | undefined,
	paginationToken: string | undefined,
	toEntry: (entry: IDataObject) => INodeListSearchItems,
): Promise<INodeListSearchResult> {
	const from = Number(paginationToken ?? 0) || 0;
	const needle = filter?.trim().toLowerCase();
	const found = await readPickerList(ctx, request.what, request);
	const results = found.items.map(toEntry).filter((entry) => matches(entry, needle));
	const next = from + PAGE_SIZE;
	return {
		results: results.slice(from, next),
		paginationToken: next < results.length ? String(next) : undefined,
	};
}

/** The list a picker asked for, read through listingRequest. */
async function readPickerList(
	ctx: ILoadOptionsFunctions,
	what: string | undefined,
	request: Pick<ApiRequest, 'method' | 'path' | 'body' | 'qs'>,
): Promise<ListPage> {
	const { method, path, body, qs } = request;
	return readListPage(
		await listingRequest(ctx, what, { method, path, body, qs, idempotent: true }),
	);
}

/**
 * A request of a picker: a 403 becomes a message that says what could not be listed and why, a 404
 * on an address named by codes names the fields they came from.
 */
export async function listingRequest(
	ctx: ILoadOptionsFunctions,
	what: string | undefined,
	request: ApiRequest,
): Promise<IDataObject> {
	try {
		return await apiRequest(ctx, request);
	} catch (caught) {
		const error = await explainNotFoundWithCodes(caught, ctx);
		if (error instanceof NodeApiError && error.httpCode === '403') {
			const listed = what ?? 'these entries';
			throw new NodeApiError(ctx.getNode(), { message: error.message } as JsonObject, {
				message: `ELMA365: the credential may not list ${listed} (HTTP 403)`,
				description:
					`The platform refused to list ${listed} for the API key of this credential: the key is wrong, or its user has no access to them. Check the credential, or type the value in instead of picking it. ${error.description ?? ''}`.trim(),
				httpCode: '403',
			});
		}
		throw error;
	}
}
