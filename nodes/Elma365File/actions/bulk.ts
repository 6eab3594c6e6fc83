import type { IDataObject, IExecuteFunctions, INodeProperties, JsonObject } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';
import { readJsonObject } from '../../shared/validation/values';
import { jsonEscapeHatchHint } from '../../shared/display';
import type { GroupMember, SucceededMember } from '../../shared/execution/grouped';
import type { ItemOutcome } from '../../shared/execution/operation';
import { readBatchSize } from '../../shared/execution/grouped';
import { MAX_BATCH_SIZE } from '../../shared/limits';
import { apiRequest, withoutEnvelope } from '../../shared/transport';
import type { ApiRequest } from '../../shared/transport';
import { isObject, splitList, toHttpUrl } from '../../shared/utils';
import {
	hasControlCharacter,
	invalidInput,
	requireText,
	requireUuid,
} from '../../shared/validation';
import { optionsCollection } from '../../shared/options/options';

/** One entry of a bulk body: an identifier, or an object (a file to initialise, a link to fetch). */
export type BulkEntry = string | IDataObject;

export { MAX_BATCH_SIZE };

/** An item whose entries all succeeded: its index, entries, their answers and the item's output so far. */
export interface Done {
	itemIndex: number;
	entries: BulkEntry[];
	items: IDataObject[];
	output: IDataObject;
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
export interface BulkItem {
	entries: BulkEntry[];
	bodyKey: string;
	extra: IDataObject;
}

/** Send in One Request and Batch Size, read once from the first item. */
export interface BulkSettings {
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
	if (values.length === 0) throw invalidInput(label, 'at least one UUID', raw);
	return values.map((value) => requireUuid(label, value));
}

/** An http(s) URL, checked; control characters inside are refused (URL parsing would drop them silently). */
export function requireHttpUrl(field: string, value: unknown): string {
	const text = requireText(field, value).trim();
	if (hasControlCharacter(text)) {
		throw invalidInput(
			field,
			'an absolute http(s) URL without line breaks or other control characters',
			value,
		);
	}
	if (toHttpUrl(text) === undefined) {
		throw invalidInput(
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
		optionsCollection(
			[
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
			'bulkOptions',
		),
	];
}

/** Send in One Request and Batch Size from the first item; a Batch Size over the cap fails the node. */
export function readBulkSettings(ctx: IExecuteFunctions): BulkSettings {
	const batch = ctx.getNodeParameter('batch', 0, true) as boolean;
	let batchSize = MAX_BATCH_SIZE;
	if (batch) {
		const settings = ctx.getNodeParameter('bulkOptions', 0, {}) as IDataObject;
		batchSize = readBatchSize(settings.batchSize);
	}
	return { batch, batchSize };
}

/**
 * One item's part of a bulk request: the `entries` it contributes (read and checked by the
 * operation), its Body Key (`bodyKey`, the vendor's, unless Options > Body Key changes it) and
 * Additional Body (JSON); an item with more entries than Batch Size is refused.
 */
export function readBulkItem(
	ctx: IExecuteFunctions,
	itemIndex: number,
	{ batch, batchSize }: BulkSettings,
	bodyKey: string,
	entries: BulkEntry[],
): BulkItem {
	if (batch && entries.length > batchSize) {
		throw invalidInput(
			'Batch Size',
			`at least the ${entries.length} entries of this item`,
			batchSize,
		);
	}
	const settings = ctx.getNodeParameter('bulkOptions', itemIndex, {}) as IDataObject;
	const key =
		settings.bodyKey === undefined || String(settings.bodyKey).trim() === ''
			? bodyKey
			: requireText('Body Key', settings.bodyKey).trim();
	const extra =
		settings.body === undefined
			? {}
			: readJsonObject(ctx, itemIndex, 'bulkOptions.body', 'Additional Body (JSON)');
	return { entries, bodyKey: key, extra };
}

/**
 * The requests of a bulk operation: with Send in One Request the entries of all items go out
 * together, at most Batch Size per request (an item is never split); otherwise one request per item.
 */
export function groupBulkItems(
	_ctx: IExecuteFunctions,
	members: Array<GroupMember<BulkItem>>,
	{ batch, batchSize }: BulkSettings,
): Array<Array<GroupMember<BulkItem>>> {
	return batch ? pack(members, batchSize) : members.map((member) => [member]);
}

/** The body of one bulk request: every member's entries under the first one's Body Key, and its Additional Body. */
export function bulkBody(group: Array<GroupMember<BulkItem>>): IDataObject {
	const [first] = group;
	return {
		[first.input.bodyKey]: group.flatMap((member) => member.input.entries),
		...first.input.extra,
	};
}

/**
 * Splits one bulk answer among the members of its request. The answer's `items[]` has one entry per
 * entry sent, in request order, as the vendor documents it: an item whose entries carry an `error`
 * fails (on 200 or 422), the others output their part. An answer without such `items[]` is the
 * whole output of every member on success, and fails every member on a 422. Another failure (an
 * answer with `error`) fails every member with it. The outputs whose entries were each answered are
 * added to `answered` (when given), for a second step to continue.
 */
export function splitAnswer(
	ctx: IExecuteFunctions,
	group: Array<GroupMember<BulkItem>>,
	answer: BulkAnswer,
	answered?: WeakSet<IDataObject>,
): ItemOutcome[] {
	if ('error' in answer) throw answer.error;
	const { payload, failure } = answer;
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
		answered?.add(result);
		return { result };
	});
}

/** The members whose outputs are in `answered` (each entry answered), for a second step. */
export function answeredItems(
	succeeded: Array<SucceededMember<BulkItem>>,
	answered: WeakSet<IDataObject>,
): Done[] {
	const done: Done[] = [];
	for (const { itemIndex, input, result } of succeeded) {
		const output = result as IDataObject;
		if (!answered.has(output)) continue;
		done.push({ itemIndex, entries: input.entries, items: output.items as IDataObject[], output });
	}
	return done;
}

/**
 * The outcomes of a second step: what it `added` for an item goes beside that item's output, an
 * Error fails the item; items it did not name keep their outputs.
 */
export function secondStepOutcomes(
	done: Done[],
	added: Map<number, IDataObject | Error>,
): Map<number, ItemOutcome> {
	const outputs = new Map(done.map((item) => [item.itemIndex, item.output]));
	const outcomes = new Map<number, ItemOutcome>();
	for (const [itemIndex, extra] of added) {
		outcomes.set(
			itemIndex,
			extra instanceof Error
				? { error: extra }
				: { result: { ...outputs.get(itemIndex), ...extra } },
		);
	}
	return outcomes;
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
