import type {
	IDataObject,
	IExecuteFunctions,
	IHttpRequestMethods,
	INodeExecutionData,
	INodeProperties,
	JsonObject,
} from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';
import { jsonEscapeHatchHint, readJsonObject, showFor } from '../../shared/descriptions';
import type { Operation } from '../../shared/router';
import { errorItem, forItem } from '../../shared/router';
import { apiRequest } from '../../shared/transport';
import { hasControlCharacter, invalidInput, requireInteger, requireText, requireUuid } from '../../shared/validation';
import { withoutEnvelope } from '../../shared/envelope';

/** One entry of a bulk body: an identifier, or an object (a file to initialise, a link to fetch). */
export type BulkEntry = string | IDataObject;

/** Entries per request: the page-size cap of older platform versions, safe everywhere. */
export const MAX_BATCH_SIZE = 100;

/** Fields by which an entry of a bulk answer names the entry of the request it belongs to. */
const ANSWER_KEYS = ['hash', '__id', 'id', 'fileId', 'url', 'link'];

export interface BulkOperationOptions {
	resource: string;
	operation: string;
	method: IHttpRequestMethods;
	path: string;
	/** The key the entries are sent under, e.g. `hashesList`; the user may change it. */
	bodyKey: string;
	/** Whether repeating the request is harmless (link look-ups, deletion) or not (creation). */
	idempotent: boolean;
	/** The per-item parameters that make the item's entries. */
	fields: INodeProperties[];
	readEntries: (ctx: IExecuteFunctions, itemIndex: number) => BulkEntry[];
	/** What identifies an object entry in the answer (its hash, its URL). Strings are their own key. */
	keyOf?: (entry: IDataObject) => string | undefined;
}

interface Prepared {
	itemIndex: number;
	entries: BulkEntry[];
	keys: string[];
	bodyKey: string;
	extra: IDataObject;
}

function isObject(value: unknown): value is IDataObject {
	return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** Splits comma- or newline-separated text (or takes an array from an expression) into values. */
export function splitValues(value: unknown): string[] {
	if (Array.isArray(value)) return value.map((v) => String(v).trim()).filter(Boolean);
	if (value === undefined || value === null) return [];
	return String(value)
		.split(/[,\n]/)
		.map((v) => v.trim())
		.filter(Boolean);
}

/** A list of uuids from one parameter, each checked. */
export function readUuidList(ctx: IExecuteFunctions, itemIndex: number, name: string, label: string): string[] {
	const raw = ctx.getNodeParameter(name, itemIndex, '');
	const values = splitValues(raw);
	if (values.length === 0) throw invalidInput(ctx, itemIndex, label, 'at least one UUID', raw);
	return values.map((value) => requireUuid(ctx, itemIndex, label, value));
}

/** An http(s) URL, checked; control characters inside are refused (URL parsing would drop them silently). */
export function requireHttpUrl(ctx: IExecuteFunctions, itemIndex: number, field: string, value: unknown): string {
	const text = requireText(ctx, itemIndex, field, value).trim();
	if (hasControlCharacter(text)) {
		throw invalidInput(ctx, itemIndex, field, 'an absolute http(s) URL without line breaks or other control characters', value);
	}
	let url: URL;
	try {
		url = new URL(text);
	} catch {
		throw invalidInput(ctx, itemIndex, field, 'an absolute http(s) URL such as https://example.com/file.pdf', value);
	}
	if (url.protocol !== 'http:' && url.protocol !== 'https:') {
		throw invalidInput(ctx, itemIndex, field, 'an absolute http(s) URL such as https://example.com/file.pdf', value);
	}
	return text;
}

/**
 * The part of a bulk answer that belongs to one item: lists and maps whose entries name the
 * request's entries are narrowed to the item's own; anything that cannot be attributed is kept whole.
 */
export function answerFor(payload: IDataObject, itemKeys: string[], batchKeys: Set<string>): IDataObject {
	const mine = new Set(itemKeys);
	const result: IDataObject = {};
	for (const [key, value] of Object.entries(payload)) {
		if (Array.isArray(value) && value.some((entry) => attributed(entry, batchKeys))) {
			result[key] = value.filter((entry) => attributed(entry, mine));
		} else if (isObject(value) && Object.keys(value).some((k) => batchKeys.has(k))) {
			result[key] = Object.fromEntries(Object.entries(value).filter(([k]) => mine.has(k))) as IDataObject;
		} else {
			result[key] = value;
		}
	}
	return result;
}

function attributed(entry: unknown, keys: Set<string>): boolean {
	if (typeof entry === 'string') return keys.has(entry);
	if (!isObject(entry)) return false;
	return ANSWER_KEYS.some((field) => typeof entry[field] === 'string' && keys.has(entry[field] as string));
}

/** Keys of entries a bulk answer reports as done (listed in a list or map of results). */
function succeededKeys(payload: IDataObject, batchKeys: Set<string>): Set<string> {
	const done = new Set<string>();
	for (const value of Object.values(payload)) {
		if (Array.isArray(value)) {
			for (const entry of value) {
				if (!isObject(entry)) continue;
				for (const field of ANSWER_KEYS) {
					if (typeof entry[field] === 'string' && batchKeys.has(entry[field] as string)) done.add(entry[field] as string);
				}
			}
		} else if (isObject(value)) {
			for (const k of Object.keys(value)) if (batchKeys.has(k) && value[k] !== null) done.add(k);
		}
	}
	return done;
}

function stripEnvelope(body: IDataObject): IDataObject {
	return withoutEnvelope(body);
}

/** Packs items into requests of at most `size` entries, never splitting an item. */
function pack(prepared: Prepared[], size: number): Prepared[][] {
	const groups: Prepared[][] = [];
	let current: Prepared[] = [];
	let count = 0;
	for (const entry of prepared) {
		if (current.length > 0 && count + entry.entries.length > size) {
			groups.push(current);
			current = [];
			count = 0;
		}
		current.push(entry);
		count += entry.entries.length;
	}
	if (current.length > 0) groups.push(current);
	return groups;
}

/**
 * A bulk endpoint (many entries per request). Every item contributes its entries; with
 * "Send in One Request" the entries of all items go out together, at most Batch Size per request,
 * otherwise each item makes its own request. Either way each input item gets exactly one output
 * item, paired with it. A 422 (partial failure) fails only the items whose entries the platform
 * names, when it names them.
 */
export function bulkOperation(options: BulkOperationOptions): {
	description: INodeProperties[];
	executeAll: NonNullable<Operation['executeAll']>;
} {
	const keyOf = (entry: BulkEntry): string => {
		if (typeof entry === 'string') return entry;
		return options.keyOf?.(entry) ?? JSON.stringify(entry);
	};

	const description = showFor(options.resource, options.operation, [
		...options.fields,
		{
			displayName: 'Send in One Request',
			name: 'batch',
			type: 'boolean',
			default: true,
			description:
				'Whether to send the entries of all input items together (at most Batch Size per request) instead of one request per item. Every input item still gets its own output item.',
		},
		{
			displayName: 'Options',
			name: 'bulkOptions',
			type: 'collection',
			placeholder: 'Add Option',
			default: {},
			options: [
				{
					displayName: 'Additional Body (JSON)',
					name: 'body',
					type: 'json',
					default: '{}',
					description: `${jsonEscapeHatchHint}. When sending in one request, the first item of each request supplies it.`,
				},
				{
					displayName: 'Batch Size',
					name: 'batchSize',
					type: 'number',
					typeOptions: { minValue: 1, maxValue: MAX_BATCH_SIZE, numberPrecision: 0 },
					default: MAX_BATCH_SIZE,
					description: `Max number of entries per request when sending in one request (at most ${MAX_BATCH_SIZE})`,
				},
				{
					displayName: 'Body Key',
					name: 'bodyKey',
					type: 'string',
					default: '',
					placeholder: options.bodyKey,
					description: `Key the entries are sent under; empty means "${options.bodyKey}". The platform does not document it for every version.`,
				},
			],
		},
	]);

	function prepare(ctx: IExecuteFunctions, itemIndex: number, batch: boolean, batchSize: number): Prepared {
		const entries = options.readEntries(ctx, itemIndex);
		if (batch && entries.length > batchSize) {
			throw invalidInput(ctx, itemIndex, 'Batch Size', `at least the ${entries.length} entries of this item`, batchSize);
		}
		const settings = ctx.getNodeParameter('bulkOptions', itemIndex, {}) as IDataObject;
		const bodyKey = settings.bodyKey === undefined || String(settings.bodyKey).trim() === ''
			? options.bodyKey
			: requireText(ctx, itemIndex, 'Body Key', settings.bodyKey).trim();
		const extra = settings.body === undefined ? {} : readJsonObject(ctx, itemIndex, 'bulkOptions.body', 'Additional Body (JSON)');
		return { itemIndex, entries, keys: entries.map(keyOf), bodyKey, extra };
	}

	async function executeAll(this: IExecuteFunctions, items: INodeExecutionData[]): Promise<INodeExecutionData[]> {
		const output: Array<INodeExecutionData | undefined> = new Array(items.length);
		const fail = (error: unknown, itemIndex: number, extra: IDataObject = {}) => {
			if (!this.continueOnFail()) throw forItem(this, error, itemIndex);
			const item = errorItem(error, itemIndex);
			output[itemIndex] = { ...item, json: { ...item.json, ...extra } };
		};

		// Validate every item before any request.
		const batch = items.length > 0 && (this.getNodeParameter('batch', 0, true) as boolean);
		let batchSize = MAX_BATCH_SIZE;
		if (batch) {
			const settings = this.getNodeParameter('bulkOptions', 0, {}) as IDataObject;
			if (settings.batchSize !== undefined) {
				batchSize = requireInteger(this, 0, 'Batch Size', settings.batchSize, { min: 1 });
				if (batchSize > MAX_BATCH_SIZE) throw invalidInput(this, 0, 'Batch Size', `a whole number from 1 to ${MAX_BATCH_SIZE}`, batchSize);
			}
		}
		const prepared: Prepared[] = [];
		for (let itemIndex = 0; itemIndex < items.length; itemIndex++) {
			try {
				prepared.push(prepare(this, itemIndex, batch, batchSize));
			} catch (error) {
				fail(error, itemIndex);
			}
		}

		const groups = batch ? pack(prepared, batchSize) : prepared.map((entry) => [entry]);
		for (const group of groups) {
			const [first] = group;
			const body: IDataObject = { [first.bodyKey]: group.flatMap((member) => member.entries), ...first.extra };
			const batchKeys = new Set(group.flatMap((member) => member.keys));
			try {
				const response = await apiRequest(this, {
					method: options.method,
					path: options.path,
					body,
					idempotent: options.idempotent,
					itemIndex: first.itemIndex,
				});
				const payload = stripEnvelope(response);
				for (const member of group) {
					output[member.itemIndex] = {
						json: { [first.bodyKey]: member.entries, ...answerFor(payload, member.keys, batchKeys) },
						pairedItem: { item: member.itemIndex },
					};
				}
			} catch (error) {
				if (!(error instanceof NodeApiError) || error.httpCode !== '422' || !isObject(error.errorResponse)) {
					for (const member of group) fail(error, member.itemIndex);
					continue;
				}
				partialFailure(this, error, group, batchKeys, first.bodyKey, output, fail);
			}
		}
		return output.filter((item): item is INodeExecutionData => item !== undefined);
	}

	return { description, executeAll };
}

/**
 * 422: some entries failed. An entry failed when the answer mentions it (in its error text or a
 * list of failures) without listing it among the results. Items with a failed entry fail; the
 * others get their results. When the answer names no entry, every item of the request fails.
 */
function partialFailure(
	ctx: IExecuteFunctions,
	error: NodeApiError,
	group: Prepared[],
	batchKeys: Set<string>,
	bodyKey: string,
	output: Array<INodeExecutionData | undefined>,
	fail: (error: unknown, itemIndex: number, extra?: IDataObject) => void,
): void {
	const body = error.errorResponse as IDataObject;
	const payload = stripEnvelope(body);
	const done = succeededKeys(payload, batchKeys);
	const text = JSON.stringify(body);
	const failed = new Set([...batchKeys].filter((key) => !done.has(key) && text.includes(key)));
	const platformText = typeof body.error === 'string' && body.error !== '' ? body.error : 'partial failure';
	for (const member of group) {
		const mine = failed.size === 0 ? member.keys : member.keys.filter((key) => failed.has(key));
		if (mine.length === 0) {
			output[member.itemIndex] = {
				json: { [bodyKey]: member.entries, ...answerFor(payload, member.keys, batchKeys) },
				pairedItem: { item: member.itemIndex },
			};
			continue;
		}
		const named = failed.size === 0 ? 'the platform did not say which entries failed' : `failed: ${mine.join(', ')}`;
		const memberError = new NodeApiError(ctx.getNode(), body as JsonObject, {
			message: `ELMA365 422: ${platformText} (${named})`,
			description: `The platform processed the request only in part (HTTP 422). Item ${member.itemIndex}: ${named}. ${error.description ?? ''}`.trim(),
			httpCode: '422',
			itemIndex: member.itemIndex,
		});
		fail(memberError, member.itemIndex, { failed: mine });
	}
}
