import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { valuesInput, readValues, fieldMapper, valueShapesNotice } from '../fields/valuesInput';
import type { FieldScheme } from '../fields/fieldTypes';
import type { ListFeatures } from '../lists/listOptions';
import { listOptions } from '../lists/listOptions';
import { codeLocator, uuidLocatorWithUrl } from '../pickers/locators';
import { concurrency, optionsCollection } from '../options/options';
import { ADAPTIVE_CEILING } from '../limits';
import { apiPath, unwrapItem } from '../transport';
import { parameterField, requireBoolean, requireUuid } from '../validation';
import { requirePathParameter } from '../validation/values';

/**
 * A kind of item addressed as `/{prefix}/{namespace}/{code}/...`, with `{id}` for one item:
 * application items, contract items, report rows and an item's activity stream differ only in the
 * prefix and the words, so their parameters and paths are built here and each operation file
 * composes them into what it shows and sends.
 */
export interface ItemKind {
	/** First path segment below /pub/v1: `app`, `contracts`, `reports` or `feed`. Constant, never user input. */
	prefix: string;
	/** Resource value the operations are shown for. */
	resource: string;
	/** What one item is called in descriptions, e.g. "application item". */
	noun: string;
	/**
	 * The `{code}` parameter: its name, the label of its picker, the label errors give the typed
	 * code, and the picker's description.
	 */
	code: {
		name: string;
		label: string;
		displayName: string;
		description: string;
		placeholder: string;
		/** The picker's list method and what it lists, where not the section's applications. */
		list?: { method: string; shows: string };
	};
}

/**
 * Section code and application (contract, report) code: the two path variables of every item
 * operation, picked from the scheme's lists (or typed as codes); the application list follows the
 * chosen section.
 */
export function locationFields(kind: ItemKind): INodeProperties[] {
	const list = kind.code.list ?? {
		method: 'searchApplications',
		shows: 'the applications of the chosen section',
	};
	return [
		codeLocator({
			displayName: 'Section',
			name: 'namespace',
			searchListMethod: 'searchNamespaces',
			placeholder: 'crm',
			description: 'The section (namespace) the application belongs to',
		}),
		{
			...codeLocator({
				displayName: kind.code.label,
				name: kind.code.name,
				searchListMethod: list.method,
				placeholder: kind.code.placeholder,
				description: `${kind.code.description}; the list shows ${list.shows}`,
			}),
			typeOptions: { loadOptionsDependsOn: ['namespace.value'] },
		},
	];
}

/**
 * Where a kind's items are picked from a list (searched by name on the platform): the listSearch
 * method. Report rows have no ID to pick.
 */
const ITEM_PICKERS: Record<string, { searchListMethod: string }> = {
	app: { searchListMethod: 'searchItems' },
	contracts: { searchListMethod: 'searchContractItems' },
};

/** The item, picked from the application's items (or typed as an ID or pasted as a URL). */
export function itemIdFields(kind: ItemKind, purpose: string): INodeProperties[] {
	const item = ITEM_PICKERS[kind.prefix];
	if (!item) throw new Error(`No item picker for ${kind.noun}s (/${kind.prefix})`);
	const picker = uuidLocatorWithUrl({
		displayName: 'Item',
		name: 'itemId',
		searchListMethod: item.searchListMethod,
		description: `The ${kind.noun} ${purpose}`,
		urlExample:
			'https://mycompany.elma365.ru/crm/deals(p:item/crm/deals/3fa85f64-5717-4562-b3fc-2c963f66afa6)',
	});
	picker.typeOptions = { loadOptionsDependsOn: ['namespace.value', `${kind.code.name}.value`] };
	return [picker];
}

/** The item's section and application (contract, report) codes, both validated. */
export function readLocation(
	ctx: IExecuteFunctions,
	itemIndex: number,
	kind: ItemKind,
): { namespace: string; code: string } {
	const namespace = requirePathParameter(ctx, itemIndex, 'namespace', 'Section Code');
	const code = requirePathParameter(ctx, itemIndex, kind.code.name, kind.code.displayName);
	return { namespace, code };
}

/**
 * `/{prefix}/{namespace}/{code}{suffix}`, both codes validated and encoded: the path of an operation
 * on the whole application (contract application, report).
 */
export function readApplicationPath(
	ctx: IExecuteFunctions,
	itemIndex: number,
	kind: ItemKind,
	suffix = '',
): string {
	const { namespace, code } = readLocation(ctx, itemIndex, kind);
	return `/${kind.prefix}${apiPath`/${namespace}/${code}`}${suffix}`;
}

/** `/{prefix}/{namespace}/{code}/{id}/{action}`, the item ID validated as a UUID. */
export function readItemPath(
	ctx: IExecuteFunctions,
	itemIndex: number,
	kind: ItemKind,
	action: string,
): string {
	const base = readApplicationPath(ctx, itemIndex, kind);
	const id = requireUuid(
		parameterField('itemId', 'Item ID'),
		ctx.getNodeParameter('itemId', itemIndex, '', { extractValue: true }),
	);
	return `${base}${apiPath`/${id}`}/${action}`;
}

/**
 * Where the types of the item's fields given as pairs or JSON are read: the application's scheme,
 * `GET /scheme/namespaces/{namespace}/apps/{code}`, as the field mapper reads it (contract
 * applications included: the Contract node's mapper reads the same path).
 */
export function applicationScheme(
	ctx: IExecuteFunctions,
	itemIndex: number,
	kind: ItemKind,
): FieldScheme {
	const { namespace, code } = readLocation(ctx, itemIndex, kind);
	return {
		path: apiPath`/scheme/namespaces/${namespace}/apps/${code}`,
		fieldsOf: (response) => {
			const fields = unwrapItem(response).fields;
			return Array.isArray(fields) ? (fields as IDataObject[]) : [];
		},
	};
}

/**
 * The body of an item's create or update: `{"context": {...its fields}}`, pairs and JSON converted
 * by the types of the application's fields (`applicationScheme`).
 */
export async function readContextBody(
	ctx: IExecuteFunctions,
	itemIndex: number,
	kind: ItemKind,
): Promise<IDataObject> {
	return { context: await readValues(ctx, itemIndex, applicationScheme(ctx, itemIndex, kind)) };
}

/** The item's fields: the mapper read from the application's scheme, or pairs, or JSON (Specify Values). */
export function itemFields(kind: ItemKind, mode: 'add' | 'map'): INodeProperties[] {
	return valuesInput({
		what: kind.noun,
		form: [fieldMapper({ what: kind.noun, mode }), valueShapesNotice],
	});
}

/**
 * The form of an item's Update: its section, application and ID, the fields to change, and
 * Concurrency (the adaptive window's ceiling by default).
 */
export function itemUpdateFields(kind: ItemKind): INodeProperties[] {
	return [
		...locationFields(kind),
		...itemIdFields(kind, 'to update'),
		...itemFields(kind, 'map'),
		optionsCollection([concurrency(ADAPTIVE_CEILING)]),
	];
}

/**
 * The Options of an application item create besides Concurrency: what the vendor's create page
 * documents besides the fields (api.elma365.com/en/public-api/reference/app/appitemcreate).
 */
export const appCreateOptions: INodeProperties[] = [
	{
		displayName: 'Force Creation Event',
		name: 'withEventForceCreate',
		type: 'boolean',
		default: false,
		description:
			'Whether the platform raises the item-created event for this item (sent as withEventForceCreate)',
	},
	{
		// The groups are the application's status settings (GET /app/{namespace}/{code}/settings/status,
		// api.elma365.com/en/public-api/reference/app/appgetstatus), as in the list filters.
		displayName: 'Status Group Name or ID',
		name: 'statusGroupId',
		type: 'options',
		typeOptions: {
			loadOptionsMethod: 'getStatusGroups',
			loadOptionsDependsOn: ['namespace.value', 'application.value'],
		},
		default: '',
		description:
			'The status group the new item starts in (sent as statusGroupId). Choose from the list, or specify an ID using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.',
	},
];

/** The body of an application item create: the context, with the status group and event flag when given. */
export async function appCreateBody(
	ctx: IExecuteFunctions,
	itemIndex: number,
	kind: ItemKind,
): Promise<IDataObject> {
	const options = ctx.getNodeParameter('options', itemIndex, {}) as IDataObject;
	const body = await readContextBody(ctx, itemIndex, kind);
	if (typeof options.statusGroupId === 'string' && options.statusGroupId.trim() !== '') {
		body.statusGroupId = requireUuid('Status Group ID', options.statusGroupId);
	}
	if (options.withEventForceCreate !== undefined) {
		body.withEventForceCreate = requireBoolean(
			'Force Creation Event',
			options.withEventForceCreate,
		);
	}
	return body;
}

/**
 * Options of an item list: field codes and statuses picked from the application's scheme and status
 * settings (the node registers the load-options methods).
 */
export function itemListOptions(kind: ItemKind, features: ListFeatures): INodeProperties[] {
	return [listOptions(features, { application: kind.code.name })];
}
