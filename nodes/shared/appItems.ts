import type { IDataObject, IExecuteFunctions, IHttpRequestMethods, INodeProperties } from 'n8n-workflow';
import { contextFields, readContext } from './context';
import { returnAllOrLimit, showFor } from './descriptions';
import type { ListFeatures } from './listOptions';
import { buildListBody, listOptions } from './listOptions';
import { concurrencyOption, listOperation, requestOperation } from './operations';
import type { Operation } from './router';
import { apiPath, apiRequest, unwrapItem } from './transport';
import { requireText, requireUuid } from './validation';

/**
 * Application items, contract items and report items are addressed the same way:
 * `/{prefix}/{namespace}/{code}/...`, with `{id}` for one item. Only the prefix and the words differ,
 * so every item operation is written once here and each node's operation file is a one-liner.
 */
export interface ItemArea {
	/** First path segment below /pub/v1: `app`, `contracts` or `reports`. Constant, never user input. */
	prefix: string;
	/** Resource value the operations are shown for. */
	resource: string;
	/** What one item is called in descriptions, e.g. "application item". */
	noun: string;
	/** The `{code}` parameter: its name and label. */
	code: { name: string; displayName: string; description: string; placeholder: string };
}

type Built = { description: INodeProperties[] } & Required<Pick<Operation, 'execute'>>;

/** Section code and application (contract, report) code: the two path variables of every item operation. */
export function locationFields(area: ItemArea): INodeProperties[] {
	return [
		{
			displayName: 'Section Code',
			name: 'namespace',
			type: 'string',
			required: true,
			default: '',
			placeholder: 'crm',
			description: 'Code of the section (namespace) the application belongs to',
		},
		{
			displayName: area.code.displayName,
			name: area.code.name,
			type: 'string',
			required: true,
			default: '',
			placeholder: area.code.placeholder,
			description: area.code.description,
		},
	];
}

export function itemIdField(area: ItemArea, purpose: string): INodeProperties {
	return {
		displayName: 'Item ID',
		name: 'itemId',
		type: 'string',
		required: true,
		default: '',
		placeholder: '3fa85f64-5717-4562-b3fc-2c963f66afa6',
		description: `UUID (__id) of the ${area.noun} ${purpose}`,
	};
}

/** `/{prefix}/{namespace}/{code}`, both codes validated and encoded. */
export function readBasePath(ctx: IExecuteFunctions, itemIndex: number, area: ItemArea): string {
	const namespace = requireText(ctx, itemIndex, 'Section Code', ctx.getNodeParameter('namespace', itemIndex, '')).trim();
	const code = requireText(ctx, itemIndex, area.code.displayName, ctx.getNodeParameter(area.code.name, itemIndex, '')).trim();
	return `/${area.prefix}${apiPath`/${namespace}/${code}`}`;
}

/** `/{prefix}/{namespace}/{code}{suffix}` for operations on the whole application. */
export function readAreaPath(ctx: IExecuteFunctions, itemIndex: number, area: ItemArea, suffix: string): string {
	return `${readBasePath(ctx, itemIndex, area)}${suffix}`;
}

/** `/{prefix}/{namespace}/{code}/{id}/{action}`. */
export function readItemPath(ctx: IExecuteFunctions, itemIndex: number, area: ItemArea, action: string): string {
	const base = readBasePath(ctx, itemIndex, area);
	const id = requireUuid(ctx, itemIndex, 'Item ID', ctx.getNodeParameter('itemId', itemIndex, '', { extractValue: true }));
	return `${base}${apiPath`/${id}`}/${action}`;
}

/**
 * A JSON body that stays on the wire when empty: n8n's HTTP helper drops an empty object, while the
 * platform's POST handlers decode a JSON body, so `{}` is sent as its bytes.
 */
export function jsonBody(body: IDataObject): { body: IDataObject | Buffer; headers?: Record<string, string> } {
	if (Object.keys(body).length > 0) return { body };
	return { body: Buffer.from('{}'), headers: { 'Content-Type': 'application/json' } };
}

/** POST with a JSON body that may be empty; the answer unwrapped is the output item. */
export function postOperation(options: {
	path: (ctx: IExecuteFunctions, itemIndex: number) => string;
	body: (ctx: IExecuteFunctions, itemIndex: number) => IDataObject;
	idempotent: boolean;
}): Required<Pick<Operation, 'execute'>> {
	return {
		async execute(this: IExecuteFunctions, itemIndex: number) {
			const path = options.path(this, itemIndex);
			const body = options.body(this, itemIndex);
			const response = await apiRequest(this, { method: 'POST', path, ...jsonBody(body), idempotent: options.idempotent, itemIndex });
			return unwrapItem(response);
		},
	};
}

const contextBody = (ctx: IExecuteFunctions, itemIndex: number): IDataObject => ({ context: readContext(ctx, itemIndex) });

/** POST .../create with `{"context": {...}}`; outputs the created item. */
export function createItem(area: ItemArea): Built {
	return {
		description: showFor(area.resource, 'create', [...locationFields(area), ...contextFields({ what: area.noun }), concurrencyOption]),
		...requestOperation({
			method: 'POST',
			path: (ctx, itemIndex) => readAreaPath(ctx, itemIndex, area, '/create'),
			body: contextBody,
			idempotent: false,
		}),
	};
}

/** .../{id}/get: POST with `{}` where the platform offers it (app items), else GET (contracts). */
export function getItem(area: ItemArea, method: IHttpRequestMethods): Built {
	return {
		description: showFor(area.resource, 'get', [...locationFields(area), itemIdField(area, 'to get')]),
		// Reading is safe to repeat, whatever the method.
		...(method === 'POST'
			? postOperation({ path: (ctx, itemIndex) => readItemPath(ctx, itemIndex, area, 'get'), body: () => ({}), idempotent: true })
			: requestOperation({ method, path: (ctx, itemIndex) => readItemPath(ctx, itemIndex, area, 'get'), idempotent: true })),
	};
}

/** POST .../{id}/update with `{"context": {...}}`: only the fields given are changed. */
export function updateItem(area: ItemArea): Built {
	return {
		description: showFor(area.resource, 'update', [
			...locationFields(area),
			itemIdField(area, 'to update'),
			...contextFields({ what: area.noun }),
			concurrencyOption,
		]),
		...requestOperation({
			method: 'POST',
			path: (ctx, itemIndex) => readItemPath(ctx, itemIndex, area, 'update'),
			body: contextBody,
			// Setting the same fields twice gives the same item.
			idempotent: true,
		}),
	};
}

/** POST .../list with the list body and from/size paging; each entry becomes one output item. */
export function listItems(area: ItemArea, features?: ListFeatures): Built {
	return {
		description: showFor(area.resource, 'getAll', [...locationFields(area), ...returnAllOrLimit, listOptions(features)]),
		...listOperation({
			method: 'POST',
			path: (ctx, itemIndex) => readAreaPath(ctx, itemIndex, area, '/list'),
			paging: 'body',
			body: (ctx, itemIndex) => buildListBody(ctx, itemIndex),
		}),
	};
}
