import type {
	IDataObject,
	IExecuteFunctions,
	IHttpRequestMethods,
	INodeExecutionData,
	INodeProperties,
} from 'n8n-workflow';
import {
	returnAllOrLimit,
	readLimit,
	PAGE_SIZE,
	readWholeList,
	withRange,
} from '../../shared/lists/pager';
import { apiRequest } from '../../shared/transport';
import { requireBoolean } from '../../shared/validation';
import { optionsCollection } from '../../shared/options/options';

/** Return All / Limit and the Options collection every scheme list has; `extra` adds options. */
export function listProperties(extra: INodeProperties[] = []): INodeProperties[] {
	return [
		...returnAllOrLimit,
		optionsCollection([
			...extra,
			{
				displayName: 'Return Raw Response',
				name: 'rawResponse',
				type: 'boolean',
				default: false,
				description:
					"Whether to output the platform's answer to the first page request as one item, instead of one item per scheme",
			},
		]),
	];
}

/** The request of a scheme list, without its page range. */
export interface SchemeListRequest {
	method: IHttpRequestMethods;
	path: string;
	/** Where from/size go: the query string (GET lists) or the JSON body (POST lists). */
	paging: 'query' | 'body';
	body?: IDataObject;
}

/**
 * A scheme list: one output item per scheme, found in whatever shape the platform answers,
 * paged with from/size as Get Many is (readWholeList: large pages, several in flight), each scheme
 * passed through `each` where given; or, with Return Raw Response, the first page's answer as it
 * is, as one item.
 */
export async function readSchemeList(
	ctx: IExecuteFunctions,
	itemIndex: number,
	request: SchemeListRequest,
	each?: (scheme: IDataObject) => IDataObject,
): Promise<INodeExecutionData[]> {
	const options = ctx.getNodeParameter('options', itemIndex, {}) as IDataObject;
	const raw =
		options.rawResponse === undefined
			? false
			: requireBoolean('Return Raw Response', options.rawResponse);
	const limit = readLimit(ctx, itemIndex);
	let rows: IDataObject[];
	if (raw) {
		const range = withRange(request, 0, Math.min(limit ?? PAGE_SIZE, PAGE_SIZE));
		rows = [
			await apiRequest(ctx, {
				method: request.method,
				path: request.path,
				...range,
				idempotent: true,
				itemIndex,
			}),
		];
	} else {
		rows = await readWholeList(ctx, { ...request, limit, itemIndex, idempotent: true });
		if (each) rows = rows.map(each);
	}
	return rows.map((json) => ({ json, pairedItem: { item: itemIndex } }));
}
