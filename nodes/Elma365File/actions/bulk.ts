import type {
	IDataObject,
	IExecuteFunctions,
	IHttpRequestMethods,
	INodeProperties,
	JsonObject,
} from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';
import { jsonEscapeHatchHint, readJsonObject } from '../../shared/descriptions/common';
import type {
	GroupedRun,
	GroupMember,
	ItemOutcome,
	SucceededMember,
} from '../../shared/execution/grouped';
import { groupedOperation, readBatchSize } from '../../shared/execution/grouped';
import { MAX_BATCH_SIZE } from '../../shared/execution/router';
import { apiRequest, withoutEnvelope } from '../../shared/transport';
import type { ApiRequest } from '../../shared/transport';
import { isObject, splitList, toHttpUrl } from '../../shared/utils';
import {
	hasControlCharacter,
	invalidInput,
	requireText,
	requireUuid,
} from '../../shared/validation';

/** One entry of a bulk body: an identifier, or an object (a file to initialise, a link to fetch). */
export type BulkEntry = string | IDataObject;

export { MAX_BATCH_SIZE };

/** The request of a bulk operation: where it goes, the key its entries go under and how an item gives its entries. */
export interface BulkRequest {
	method: IHttpRequestMethods;
	path: string;
	/** The key the entries are sent under, e.g. `hashesList`; the user may change it (Options > Body Key). */
	bodyKey: string;
	/** Whether repeating the request is harmless (link look-ups, deletion) or not (creation). */
	idempotent: boolean;
	/** The entries one item contributes, read and checked from its parameters. */
	readEntries: (ctx: IExecuteFunctions, itemIndex: number) => BulkEntry[];
	/**
	 * A second step for the items whose entries all succeeded (e.g. making files of the bodies just
	 * fetched): what it returns for an item is added to its output, an Error fails the item.
	 */
	then?: (ctx: IExecuteFunctions, done: Done[]) => Promise<Map<number, IDataObject | Error>>;
}

/** An item whose entries all succeeded: its index, entries and their answers. */
export interface Done {
	itemIndex: number;
	entries: BulkEntry[];
	items: IDataObject[];
}

/** One bulk request's answer (with `failure` on a 422 partial failure), or the error that failed it whole. */
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
		return { payload: withoutEnvelope(await apiRequest(ctx, request)) };
	} catch (error) {
		if (
			!(error instanceof NodeApiError) ||
			error.httpCode !== '422' ||
			!isObject(error.errorResponse)
		)
			return { error };
		return { payload: withoutEnvelope(error.errorResponse as IDataObject), failure: error };
	}
}

/** The answer's `items[]` when it has exactly `count` entries (the vendor keeps the request's order). */
export function answerItems(payload: IDataObject, count: number): IDataObject[] | undefined {
	const items = payload.items;
	if (!Array.isArray(items) || items.length !== count || !items.every(isObject)) return undefined;
	return items as IDataObject[];
}

/** Whether an entry of the answer's items[] carries an error. */
export const hasError = (entry: IDataObject): boolean =>
	entry.error !== undefined && entry.error !== null && entry.error !== '';

/** One item's part of a bulk request: its entries, the key they go under and its Additional Body (JSON). */
interface BulkItem {
	entries: BulkEntry[];
	bodyKey: string;
	extra: IDataObject;
}

/** Send in One Request and Batch Size, read once from the first item. */
interface BulkSettings {
	batch: boolean;
	batchSize: number;
}

/** Splits comma- or newline-separated text (or takes an array from an expression) into values. */
export function splitValues(value: unknown): string[] {
	return splitList(Array.isArray(value) ? value : textOf(value ?? ''), /[,\n]/);
}

/** `String(value)`, or a text no UUID matches for a value String() throws on (`{"toString": []}`). */
function textOf(value: unknown): string {
	try {
		return String(value);
	} catch {
		return 'an object that is not text';
	}
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
	if (toHttpUrl(text) === undefined) {
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

/** Packs items into requests of at most `size` entries, never splitting an item. */
function pack(
	members: Array<GroupMember<BulkItem>>,
	size: number,
): Array<Array<GroupMember<BulkItem>>> {
	const groups: Array<Array<GroupMember<BulkItem>>> = [];
	let current: Array<GroupMember<BulkItem>> = [];
	let count = 0;
	for (const member of members) {
		if (current.length > 0 && count + member.input.entries.length > size) {
			groups.push(current);
			current = [];
			count = 0;
		}
		current.push(member);
		count += member.input.entries.length;
	}
	if (current.length > 0) groups.push(current);
	return groups;
}

/**
 * Send in One Request and Options (Additional Body, Batch Size, Body Key) of a bulk operation whose
 * entries go under `bodyKey` as the vendor documents it.
 */
export function bulkSendingProperties(bodyKey: string): INodeProperties[] {
	return [
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
					placeholder: bodyKey,
					description: `Key the entries are sent under; empty means "${bodyKey}", as the vendor documents it. Change it only for an installation that differs.`,
				},
			],
		},
	];
}

/** Send in One Request and Batch Size from the first item; a Batch Size over the cap fails the node. */
function readSettings(ctx: IExecuteFunctions): BulkSettings {
	const batch = ctx.getNodeParameter('batch', 0, true) as boolean;
	let batchSize = MAX_BATCH_SIZE;
	if (batch) {
		const settings = ctx.getNodeParameter('bulkOptions', 0, {}) as IDataObject;
		batchSize = readBatchSize(ctx, settings.batchSize);
	}
	return { batch, batchSize };
}

/** One item's entries, Body Key and Additional Body (JSON); an item with more entries than Batch Size is refused. */
function readBulkItem(
	ctx: IExecuteFunctions,
	itemIndex: number,
	request: BulkRequest,
	{ batch, batchSize }: BulkSettings,
): BulkItem {
	const entries = request.readEntries(ctx, itemIndex);
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
			? request.bodyKey
			: requireText(ctx, itemIndex, 'Body Key', settings.bodyKey).trim();
	const extra =
		settings.body === undefined
			? {}
			: readJsonObject(ctx, itemIndex, 'bulkOptions.body', 'Additional Body (JSON)');
	return { entries, bodyKey, extra };
}

/**
 * Splits one bulk answer among the members of its request. The answer's `items[]` has one entry per
 * entry sent, in request order, as the vendor documents it: an item whose entries carry an `error`
 * fails (on 200 or 422), the others output their part. An answer without such `items[]` is the
 * whole output of every member on success, and fails every member on a 422.
 */
function splitAnswer(
	ctx: IExecuteFunctions,
	group: Array<GroupMember<BulkItem>>,
	{ payload, failure }: { payload: IDataObject; failure?: NodeApiError },
	answered: WeakSet<IDataObject>,
): ItemOutcome[] {
	const { bodyKey } = group[0].input;
	const total = group.reduce((sum, member) => sum + member.input.entries.length, 0);
	const answers = answerItems(payload, total);
	let offset = 0;
	return group.map((member): ItemOutcome => {
		const { entries } = member.input;
		const mine = answers?.slice(offset, offset + entries.length);
		offset += entries.length;
		if (!mine) {
			if (failure) return { error: memberError(ctx, failure, member, undefined) };
			return { result: { [bodyKey]: entries, ...payload } };
		}
		if (mine.some(hasError))
			return { error: memberError(ctx, failure, member, mine), json: { items: mine } };
		const result: IDataObject = { [bodyKey]: entries, items: mine };
		answered.add(result);
		return { result };
	});
}

/**
 * A bulk endpoint (many entries per request). Every item contributes its entries; with Send in One
 * Request the entries of all items go out together, at most Batch Size per request, otherwise each
 * item makes its own request. Every item is checked before the first request, and each input item
 * gets exactly one output item, paired with it.
 */
export function bulkRequests(request: BulkRequest): GroupedRun {
	// The outputs whose entries were each answered: those the second step (`then`) continues.
	const answered = new WeakSet<IDataObject>();
	return groupedOperation({
		readSettings,
		read: (ctx, itemIndex, settings) => readBulkItem(ctx, itemIndex, request, settings),
		group: (_ctx, members, { batch, batchSize }) =>
			batch ? pack(members, batchSize) : members.map((member) => [member]),
		async send(ctx, group) {
			const [first] = group;
			const answer = await bulkRequest(ctx, {
				method: request.method,
				path: request.path,
				body: {
					[first.input.bodyKey]: group.flatMap((member) => member.input.entries),
					...first.input.extra,
				},
				idempotent: request.idempotent,
				itemIndex: first.itemIndex,
			});
			if ('error' in answer) throw answer.error;
			return splitAnswer(ctx, group, answer, answered);
		},
		then: request.then && thenStep(request.then, answered),
	});
}

/** Runs a bulk operation's second step on the answered items and adds its results to their outputs. */
function thenStep(
	then: NonNullable<BulkRequest['then']>,
	answered: WeakSet<IDataObject>,
): (
	ctx: IExecuteFunctions,
	succeeded: Array<SucceededMember<BulkItem>>,
) => Promise<Map<number, ItemOutcome>> {
	return async (ctx, succeeded) => {
		const outputs = new Map<number, IDataObject>();
		const done: Done[] = [];
		for (const { itemIndex, input, result } of succeeded) {
			const output = result as IDataObject;
			if (!answered.has(output)) continue;
			outputs.set(itemIndex, output);
			done.push({ itemIndex, entries: input.entries, items: output.items as IDataObject[] });
		}
		const outcomes = new Map<number, ItemOutcome>();
		if (done.length === 0) return outcomes;
		for (const [itemIndex, added] of await then(ctx, done)) {
			outcomes.set(
				itemIndex,
				added instanceof Error
					? { error: added }
					: { result: { ...outputs.get(itemIndex), ...added } },
			);
		}
		return outcomes;
	};
}

/** The error of one item whose entries failed (`mine`: its part of items[]; undefined when the answer does not say). */
function memberError(
	ctx: IExecuteFunctions,
	failure: NodeApiError | undefined,
	member: GroupMember<BulkItem>,
	mine: IDataObject[] | undefined,
): NodeApiError {
	const body = (failure?.errorResponse ?? {}) as IDataObject;
	const platformText =
		typeof body.error === 'string' && body.error !== '' ? body.error : 'partial failure';
	const reasons = mine
		? mine.flatMap((entry, index) =>
				entry.error
					? [`${describeEntry(member.input.entries[index])}: ${String(entry.error)}`]
					: [],
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

/** How a failed entry is named in the error: its identifier, hash or name. */
function describeEntry(entry: BulkEntry | undefined): string {
	if (typeof entry === 'string') return entry;
	if (isObject(entry)) return String(entry.hash ?? entry.name ?? JSON.stringify(entry));
	return 'entry';
}
