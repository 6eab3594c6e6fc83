import type {
	IDataObject,
	IExecuteFunctions,
	IHttpRequestMethods,
	INodeProperties,
} from 'n8n-workflow';
import { contextFields, readContext } from '../descriptions/processContext';
import { returnAllOrLimit, showFor } from '../descriptions/common';
import { fieldMapper, readMappedFields } from '../descriptions/fieldMapping';
import type { ListFeatures } from '../lists/listOptions';
import { buildListBody, listOptions, refuseUnsendableOptions } from '../lists/listOptions';
import { codeLocator, uuidLocatorWithUrl } from '../descriptions/locators';
import { beforeVersion, isVersionAtLeast, sinceVersion } from '../descriptions/versioning';
import {
	concurrencyOption,
	listOperation,
	parallelByDefaultSince,
	parallelSince,
	requestOperation,
} from '../execution/operations';
import type { Operation } from '../execution/router';
import { itemSimplifyOption, simplifiedItem } from '../descriptions/simplify';
import { apiPath, apiRequest, unwrapItem } from '../transport';
import { requireBoolean, requirePathSegment, requireUuid } from '../validation';
import type { CongestionWindow } from '../execution/congestion';

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
	/** The node versions (from the node's `versions.ts`) that brought what this area's forms show. */
	versions: ItemAreaVersions;
}

export interface ItemAreaVersions {
	/** Section and application (contract, report) picked from lists instead of typed. */
	locationPickers: number;
	/** The item picked instead of its typed ID; absent where items have no picker. */
	itemPicker?: number;
	/** The field mapper beside name/value pairs; absent where items are not written. */
	fieldMapper?: number;
	/** Get Many options pick field codes and statuses from the application. */
	listPickers: number;
}

type Built = { description: INodeProperties[] } & Required<Pick<Operation, 'execute'>>;

/**
 * Section code and application (contract, report) code: the two path variables of every item operation.
 * Typed before the area's `versions.locationPickers`; from it on, under the same names, they are
 * picked from the scheme's lists (or typed as codes), and the application list follows the chosen section.
 */
export function locationFields(area: ItemArea): INodeProperties[] {
	return [
		...beforeVersion(area.versions.locationPickers, [
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
		]),
		...sinceVersion(area.versions.locationPickers, [
			codeLocator({
				displayName: 'Section',
				name: 'namespace',
				searchListMethod: 'searchNamespaces',
				placeholder: 'crm',
				description: 'The section (namespace) the application belongs to',
			}),
			{
				...codeLocator({
					displayName: area.code.displayName.replace(/ Code$/, ''),
					name: area.code.name,
					searchListMethod: 'searchApplications',
					placeholder: area.code.placeholder,
					description: `${area.code.description.replace(/^Code of the /, 'The ')}; the list shows the applications of the chosen section`,
				}),
				typeOptions: { loadOptionsDependsOn: ['namespace.value'] },
			},
		]),
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

/**
 * Where an area's items are picked from a list (searched by name on the platform): the listSearch
 * method, from the area's `versions.itemPicker` on; report rows have no ID to pick.
 */
const ITEM_PICKERS: Record<string, { searchListMethod: string }> = {
	app: { searchListMethod: 'searchItems' },
	contracts: { searchListMethod: 'searchContractItems' },
};

/** The item: typed before its area's picker version, picked (or typed as an ID) from it on. */
export function itemIdFields(area: ItemArea, purpose: string): INodeProperties[] {
	const typed = itemIdField(area, purpose);
	const item = ITEM_PICKERS[area.prefix];
	const since = area.versions.itemPicker;
	if (!item || since === undefined) return [typed];
	const picker = uuidLocatorWithUrl({
		displayName: 'Item',
		name: 'itemId',
		searchListMethod: item.searchListMethod,
		description: `The ${area.noun} ${purpose}`,
		urlExample:
			'https://mycompany.elma365.ru/crm/deals(p:item/crm/deals/3fa85f64-5717-4562-b3fc-2c963f66afa6)',
	});
	picker.typeOptions = { loadOptionsDependsOn: ['namespace.value', `${area.code.name}.value`] };
	return [...beforeVersion(since, [typed]), ...sinceVersion(since, [picker])];
}

/** The item's section and application (contract, report) codes, both validated. */
export function readLocation(
	ctx: IExecuteFunctions,
	itemIndex: number,
	area: ItemArea,
): { namespace: string; code: string } {
	const namespace = requirePathSegment(
		ctx,
		itemIndex,
		'Section Code',
		ctx.getNodeParameter('namespace', itemIndex, '', { extractValue: true }),
	);
	const code = requirePathSegment(
		ctx,
		itemIndex,
		area.code.displayName,
		ctx.getNodeParameter(area.code.name, itemIndex, '', { extractValue: true }),
	);
	return { namespace, code };
}

/** `/{prefix}/{namespace}/{code}`, both codes validated and encoded. */
export function readBasePath(ctx: IExecuteFunctions, itemIndex: number, area: ItemArea): string {
	const { namespace, code } = readLocation(ctx, itemIndex, area);
	return `/${area.prefix}${apiPath`/${namespace}/${code}`}`;
}

/** `/{prefix}/{namespace}/{code}{suffix}` for operations on the whole application. */
export function readAreaPath(
	ctx: IExecuteFunctions,
	itemIndex: number,
	area: ItemArea,
	suffix: string,
): string {
	return `${readBasePath(ctx, itemIndex, area)}${suffix}`;
}

/** `/{prefix}/{namespace}/{code}/{id}/{action}`. */
export function readItemPath(
	ctx: IExecuteFunctions,
	itemIndex: number,
	area: ItemArea,
	action: string,
): string {
	const base = readBasePath(ctx, itemIndex, area);
	const id = requireUuid(
		ctx,
		itemIndex,
		'Item ID',
		ctx.getNodeParameter('itemId', itemIndex, '', { extractValue: true }),
	);
	return `${base}${apiPath`/${id}`}/${action}`;
}

/**
 * A JSON body that stays on the wire when empty: n8n's HTTP helper drops an empty object, while the
 * platform's POST handlers decode a JSON body, so `{}` is sent as its bytes.
 */
export function jsonBody(body: IDataObject): {
	body: IDataObject | Buffer;
	headers?: Record<string, string>;
} {
	if (Object.keys(body).length > 0) return { body };
	return { body: Buffer.from('{}'), headers: { 'Content-Type': 'application/json' } };
}

/** POST with a JSON body that may be empty; the answer unwrapped is the output item. */
export function postOperation(options: {
	path: (ctx: IExecuteFunctions, itemIndex: number) => string;
	body: (ctx: IExecuteFunctions, itemIndex: number) => IDataObject;
	idempotent: boolean;
	output?: (ctx: IExecuteFunctions, itemIndex: number, item: IDataObject) => IDataObject;
}): Required<Pick<Operation, 'execute'>> {
	return {
		async execute(this: IExecuteFunctions, itemIndex: number, window?: CongestionWindow) {
			const path = options.path(this, itemIndex);
			const body = options.body(this, itemIndex);
			const response = await apiRequest(this, {
				method: 'POST',
				path,
				...jsonBody(body),
				idempotent: options.idempotent,
				itemIndex,
				window,
			});
			const item = unwrapItem(response);
			return options.output ? options.output(this, itemIndex, item) : item;
		},
	};
}

/**
 * The item's fields: mapped fields (from the area's mapper version, when the mapper is chosen),
 * then the name/value pairs, then the JSON object; a later source wins where two name the same field.
 */
function readItemContext(ctx: IExecuteFunctions, itemIndex: number, area: ItemArea): IDataObject {
	const since = area.versions.fieldMapper;
	const mapped =
		since !== undefined &&
		isVersionAtLeast(ctx, since) &&
		ctx.getNodeParameter('fieldsInputMode', itemIndex, 'mapper') === 'mapper'
			? readMappedFields(ctx, itemIndex)
			: {};
	return { ...mapped, ...readContext(ctx, itemIndex) };
}

const contextBody =
	(area: ItemArea) =>
	(ctx: IExecuteFunctions, itemIndex: number): IDataObject => ({
		context: readItemContext(ctx, itemIndex, area),
	});

/**
 * Before the area's mapper version: name/value pairs and JSON. From it: a choice between the field
 * mapper (fed by the application scheme) and the pairs, with the JSON escape hatch in both.
 */
export function itemFields(area: ItemArea, mode: 'add' | 'map'): INodeProperties[] {
	const [pairs, json] = contextFields({ what: area.noun });
	const since = area.versions.fieldMapper;
	if (since === undefined) return [pairs, json];
	return [
		...sinceVersion(since, [
			{
				displayName: 'Fields Input Mode',
				name: 'fieldsInputMode',
				type: 'options',
				noDataExpression: true,
				options: [
					{
						name: 'Map Each Field',
						value: 'mapper',
						description: "Fields listed from the application's scheme, with their types",
					},
					{
						name: 'Field Codes and Values',
						value: 'pairs',
						description: 'Name/value pairs by field code',
					},
				],
				default: 'mapper',
			},
			{
				...fieldMapper({ what: area.noun, mode }),
				displayOptions: { show: { fieldsInputMode: ['mapper'] } },
			},
			{ ...pairs, displayOptions: { show: { fieldsInputMode: ['pairs'] } } },
		]),
		...beforeVersion(since, [pairs]),
		json,
	];
}

/** What the app create page documents besides the fields (api.elma365.com/en/public-api/reference/app/appitemcreate). */
export const appCreateOptions: INodeProperties = {
	...concurrencyOption,
	options: [
		...(concurrencyOption.options as INodeProperties[]),
		{
			displayName: 'Force Creation Event',
			name: 'withEventForceCreate',
			type: 'boolean',
			default: false,
			description:
				'Whether the platform raises the item-created event for this item (sent as withEventForceCreate)',
		},
		{
			displayName: 'Status Group ID',
			name: 'statusGroupId',
			type: 'string',
			default: '',
			placeholder: '3fa85f64-5717-4562-b3fc-2c963f66afa6',
			description: 'The status group the new item starts in (sent as statusGroupId)',
		},
	],
};

export const appCreateBody =
	(area: ItemArea) =>
	(ctx: IExecuteFunctions, itemIndex: number): IDataObject => {
		const options = ctx.getNodeParameter('options', itemIndex, {}) as IDataObject;
		const body = contextBody(area)(ctx, itemIndex);
		if (typeof options.statusGroupId === 'string' && options.statusGroupId.trim() !== '') {
			body.statusGroupId = requireUuid(ctx, itemIndex, 'Status Group ID', options.statusGroupId);
		}
		if (options.withEventForceCreate !== undefined) {
			body.withEventForceCreate = requireBoolean(
				ctx,
				itemIndex,
				'Force Creation Event',
				options.withEventForceCreate,
			);
		}
		return body;
	};

/**
 * POST .../create with `{"context": {...}}` (apps also take a status group and the creation event flag); outputs the created item.
 * `last` replaces the Options at the end of the form (App 1.4 adds its batch settings there).
 */
export function createItem(area: ItemArea, last?: INodeProperties[]): Built {
	const app = area.prefix === 'app';
	return {
		description: showFor(area.resource, 'create', [
			...locationFields(area),
			...itemFields(area, 'add'),
			...(last ?? [app ? appCreateOptions : concurrencyOption]),
		]),
		...requestOperation({
			method: 'POST',
			path: (ctx, itemIndex) => readAreaPath(ctx, itemIndex, area, '/create'),
			body: app ? appCreateBody(area) : contextBody(area),
			idempotent: false,
		}),
	};
}

/** .../{id}/get: POST with `{}` where the platform offers it (app items), else GET (contracts). */
export function getItem(area: ItemArea, method: IHttpRequestMethods): Built {
	return {
		description: showFor(area.resource, 'get', [
			...locationFields(area),
			...itemIdFields(area, 'to get'),
			itemSimplifyOption,
		]),
		// Reading is safe to repeat, whatever the method.
		...(method === 'POST'
			? postOperation({
					path: (ctx, itemIndex) => readItemPath(ctx, itemIndex, area, 'get'),
					body: () => ({}),
					idempotent: true,
					output: simplifiedItem,
				})
			: requestOperation({
					method,
					path: (ctx, itemIndex) => readItemPath(ctx, itemIndex, area, 'get'),
					idempotent: true,
					output: (response, ctx, itemIndex) =>
						simplifiedItem(ctx, itemIndex, unwrapItem(response)),
				})),
	};
}

/**
 * POST .../{id}/update with `{"context": {...}}`: only the fields given are changed. Updates of one
 * item keep their input order at any Concurrency; from `parallelFrom` (a node version) they go
 * DEFAULT_PARALLEL at a time by default.
 */
export function updateItem(
	area: ItemArea,
	parallelFrom?: number,
): Built & Pick<Operation, 'defaultConcurrency' | 'orderKey'> {
	return {
		description: showFor(area.resource, 'update', [
			...locationFields(area),
			...itemIdFields(area, 'to update'),
			...itemFields(area, 'map'),
			...(parallelFrom === undefined
				? [concurrencyOption]
				: parallelSince(parallelFrom, concurrencyOption)),
		]),
		...(parallelFrom === undefined
			? {}
			: { defaultConcurrency: parallelByDefaultSince(parallelFrom) }),
		orderKey: (ctx, itemIndex) => readItemPath(ctx, itemIndex, area, ''),
		...requestOperation({
			method: 'POST',
			path: (ctx, itemIndex) => readItemPath(ctx, itemIndex, area, 'update'),
			body: contextBody(area),
			// Setting the same fields twice gives the same item.
			idempotent: true,
		}),
	};
}

/**
 * POST .../list with the list body and from/size paging; each entry becomes one output item.
 * The Options keep their typed codes before the area's `versions.listPickers`; from it field codes
 * and statuses are picked from the application's scheme and status settings (the node registers the
 * load-options methods).
 * `unsendable` names options the node shows but the endpoint's documented body cannot carry: refused when set.
 */
export function listItems(
	area: ItemArea,
	features?: ListFeatures,
	unsendable: string[] = [],
): Built {
	const options = [
		...beforeVersion(area.versions.listPickers, [listOptions(features)]),
		...sinceVersion(area.versions.listPickers, [
			listOptions(features, { application: area.code.name }),
		]),
	];
	return {
		description: showFor(area.resource, 'getAll', [
			...locationFields(area),
			...returnAllOrLimit,
			itemSimplifyOption,
			...options,
		]),
		...listOperation({
			method: 'POST',
			path: (ctx, itemIndex) => readAreaPath(ctx, itemIndex, area, '/list'),
			paging: 'body',
			body: (ctx, itemIndex) => {
				refuseUnsendableOptions(
					ctx,
					itemIndex,
					unsendable,
					`the ${area.noun} list takes no such filter (its documented body has none)`,
				);
				return buildListBody(ctx, itemIndex);
			},
			output: simplifiedItem,
		}),
	};
}
