import type {
	IDataObject,
	IExecuteFunctions,
	IHttpRequestMethods,
	INodeExecutionData,
	INodeProperties,
	JsonObject,
} from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';
import { jsonEscapeHatchHint, readJsonObject, showFor } from '../../shared/descriptions/common';
import type { Operation } from '../../shared/execution/router';
import { errorItem, forItem, MAX_BATCH_SIZE } from '../../shared/execution/router';
import type { ApiRequest } from '../../shared/transport';
import { apiRequest } from '../../shared/transport';
import { isObject, splitList } from '../../shared/utils';
import {
	hasControlCharacter,
	invalidInput,
	requireInteger,
	requireText,
	requireUuid,
} from '../../shared/validation';
import { withoutEnvelope } from '../../shared/transport/envelope';

/** One entry of a bulk body: an identifier, or an object (a file to initialise, a link to fetch). */
export type BulkEntry = string | IDataObject;

export { MAX_BATCH_SIZE };

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
	/**
	 * A second step for the items that succeeded (e.g. making files of the bodies just fetched):
	 * what it returns for an item is added to its output, an Error fails the item.
	 */
	then?: (ctx: IExecuteFunctions, done: Done[]) => Promise<Map<number, IDataObject | Error>>;
}

/** An item whose entries all succeeded: its index, entries and their answers. */
export interface Done {
	itemIndex: number;
	entries: BulkEntry[];
	items: IDataObject[];
}

export type BulkAnswer = { payload: IDataObject; failure?: NodeApiError } | { error: unknown };

/**
 * One bulk request. A 422 is a partial failure, not an error: its answer comes back with `failure`
 * set; any other failure comes back as `error`, for the caller to give every item of the request.
 */
export async function bulkRequest(
	ctx: IExecuteFunctions,
	request: ApiRequest,
): Promise<BulkAnswer> {
	try {
		return { payload: stripEnvelope(await apiRequest(ctx, request)) };
	} catch (error) {
		if (
			!(error instanceof NodeApiError) ||
			error.httpCode !== '422' ||
			!isObject(error.errorResponse)
		)
			return { error };
		return { payload: stripEnvelope(error.errorResponse as IDataObject), failure: error };
	}
}

/** The answer's `items[]` when it has exactly `count` entries (the vendor keeps the request's order). */
export function answerItems(payload: IDataObject, count: number): IDataObject[] | undefined {
	const items = payload.items;
	if (!Array.isArray(items) || items.length !== count || !items.every(isObject)) return undefined;
	return items as IDataObject[];
}

export const hasError = (entry: IDataObject): boolean =>
	entry.error !== undefined && entry.error !== null && entry.error !== '';

interface Prepared {
	itemIndex: number;
	entries: BulkEntry[];
	bodyKey: string;
	extra: IDataObject;
}

/** Splits comma- or newline-separated text (or takes an array from an expression) into values. */
export function splitValues(value: unknown): string[] {
	return splitList(Array.isArray(value) ? value : String(value ?? ''), /[,\n]/);
}

/** A list of uuids from one parameter, each checked. */
export function readUuidList(
	ctx: IExecuteFunctions,
	itemIndex: number,
	name: string,
	label: string,
): string[] {
	const raw = ctx.getNodeParameter(name, itemIndex, '');
	const values = splitValues(raw);
	if (values.length === 0) throw invalidInput(ctx, itemIndex, label, 'at least one UUID', raw);
	return values.map((value) => requireUuid(ctx, itemIndex, label, value));
}

/** An http(s) URL, checked; control characters inside are refused (URL parsing would drop them silently). */
export function requireHttpUrl(
	ctx: IExecuteFunctions,
	itemIndex: number,
	field: string,
	value: unknown,
): string {
	const text = requireText(ctx, itemIndex, field, value).trim();
	if (hasControlCharacter(text)) {
		throw invalidInput(
			ctx,
			itemIndex,
			field,
			'an absolute http(s) URL without line breaks or other control characters',
			value,
		);
	}
	let url: URL;
	try {
		url = new URL(text);
	} catch {
		throw invalidInput(
			ctx,
			itemIndex,
			field,
			'an absolute http(s) URL such as https://example.com/file.pdf',
			value,
		);
	}
	if (url.protocol !== 'http:' && url.protocol !== 'https:') {
		throw invalidInput(
			ctx,
			itemIndex,
			field,
			'an absolute http(s) URL such as https://example.com/file.pdf',
			value,
		);
	}
	return text;
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
 * item, paired with it. The answer's `items[]` (one per entry, in request order, as the vendor
 * documents) is split among the items: an item whose entries carry an `error` fails (on 200 or 422),
 * the others output their part; a 422 without such `items[]` fails every item of the request.
 */
export function bulkOperation(options: BulkOperationOptions): {
	description: INodeProperties[];
	executeAll: NonNullable<Operation['executeAll']>;
} {
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
					description: `Key the entries are sent under; empty means "${options.bodyKey}", as the vendor documents it. Change it only for an installation that differs.`,
				},
			],
		},
	]);

	function prepare(
		ctx: IExecuteFunctions,
		itemIndex: number,
		batch: boolean,
		batchSize: number,
	): Prepared {
		const entries = options.readEntries(ctx, itemIndex);
		if (batch && entries.length > batchSize) {
			throw invalidInput(
				ctx,
				itemIndex,
				'Batch Size',
				`at least the ${entries.length} entries of this item`,
				batchSize,
			);
		}
		const settings = ctx.getNodeParameter('bulkOptions', itemIndex, {}) as IDataObject;
		const bodyKey =
			settings.bodyKey === undefined || String(settings.bodyKey).trim() === ''
				? options.bodyKey
				: requireText(ctx, itemIndex, 'Body Key', settings.bodyKey).trim();
		const extra =
			settings.body === undefined
				? {}
				: readJsonObject(ctx, itemIndex, 'bulkOptions.body', 'Additional Body (JSON)');
		return { itemIndex, entries, bodyKey, extra };
	}

	async function executeAll(
		this: IExecuteFunctions,
		items: INodeExecutionData[],
	): Promise<INodeExecutionData[]> {
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
				if (batchSize > MAX_BATCH_SIZE)
					throw invalidInput(
						this,
						0,
						'Batch Size',
						`a whole number from 1 to ${MAX_BATCH_SIZE}`,
						batchSize,
					);
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
		const done: Done[] = [];
		for (const group of groups) {
			const [first] = group;
			const body: IDataObject = {
				[first.bodyKey]: group.flatMap((member) => member.entries),
				...first.extra,
			};
			const answer = await bulkRequest(this, {
				method: options.method,
				path: options.path,
				body,
				idempotent: options.idempotent,
				itemIndex: first.itemIndex,
			});
			if ('error' in answer) {
				for (const member of group) fail(answer.error, member.itemIndex);
				continue;
			}
			const { payload, failure } = answer;
			const answers = answerItems(
				payload,
				group.reduce((sum, member) => sum + member.entries.length, 0),
			);
			let offset = 0;
			for (const member of group) {
				const mine = answers?.slice(offset, offset + member.entries.length);
				offset += member.entries.length;
				if (!mine) {
					// An answer without items[] for every entry: a success is the whole answer, a 422 fails every item.
					if (failure) fail(memberError(this, failure, member, undefined), member.itemIndex);
					else
						output[member.itemIndex] = {
							json: { [first.bodyKey]: member.entries, ...payload },
							pairedItem: { item: member.itemIndex },
						};
					continue;
				}
				if (mine.some(hasError)) {
					fail(memberError(this, failure, member, mine), member.itemIndex, { items: mine });
					continue;
				}
				output[member.itemIndex] = {
					json: { [first.bodyKey]: member.entries, items: mine },
					pairedItem: { item: member.itemIndex },
				};
				done.push({ itemIndex: member.itemIndex, entries: member.entries, items: mine });
			}
		}
		if (options.then && done.length > 0) {
			for (const [itemIndex, result] of await options.then(this, done)) {
				if (result instanceof Error) fail(result, itemIndex);
				else
					output[itemIndex] = {
						...output[itemIndex]!,
						json: { ...output[itemIndex]!.json, ...result },
					};
			}
		}
		return output.filter((item): item is INodeExecutionData => item !== undefined);
	}

	return { description, executeAll };
}

/** The error of one item whose entries failed (`mine`: its part of items[]; undefined when the answer does not say). */
function memberError(
	ctx: IExecuteFunctions,
	failure: NodeApiError | undefined,
	member: Prepared,
	mine: IDataObject[] | undefined,
): NodeApiError {
	const body = (failure?.errorResponse ?? {}) as IDataObject;
	const platformText =
		typeof body.error === 'string' && body.error !== '' ? body.error : 'partial failure';
	const reasons = mine
		? mine.flatMap((entry, index) =>
				entry.error ? [`${describeEntry(member.entries[index])}: ${String(entry.error)}`] : [],
			)
		: ['the platform did not say which entries failed'];
	const status = failure ? '422' : '200';
	return new NodeApiError(ctx.getNode(), (mine ? { items: mine } : body) as JsonObject, {
		message: `ELMA365 ${status}: ${failure ? `${platformText}: ` : ''}${reasons.join('; ')}`,
		description:
			`Item ${member.itemIndex}: ${mine ? `${reasons.length} of ${mine.length} entries failed` : 'failed'}. ${failure?.description ?? ''}`.trim(),
		httpCode: status,
		itemIndex: member.itemIndex,
	});
}

function describeEntry(entry: BulkEntry | undefined): string {
	if (typeof entry === 'string') return entry;
	if (isObject(entry)) return String(entry.hash ?? entry.name ?? JSON.stringify(entry));
	return 'entry';
}
