import type {
	IDataObject,
	IExecuteFunctions,
	IHttpRequestMethods,
	INodeExecutionData,
	INodeProperties,
} from 'n8n-workflow';
import { readLimit } from '../descriptions/common';
import type { EntryShaper } from '../descriptions/simplify';
import { INITIAL_WINDOW } from './congestion';
import type { Operation } from './router';
import { MAX_CONCURRENCY } from './router';
import { readWholeList } from '../lists/pager';
import { apiRequest, unwrapItem } from '../transport';

/**
 * Options > Concurrency, for per-item write operations: include it in the operation's description
 * (inside `showFor`). The shared router reads it and keeps at most that many items in flight.
 */
export const concurrencyOption: INodeProperties = {
	displayName: 'Options',
	name: 'options',
	type: 'collection',
	placeholder: 'Add Option',
	default: {},
	options: [
		{
			displayName: 'Concurrency',
			name: 'concurrency',
			type: 'number',
			typeOptions: { minValue: 1, maxValue: MAX_CONCURRENCY, numberPrecision: 0 },
			default: 1,
			description: `Most items sent to the platform at the same time (1 to ${MAX_CONCURRENCY}). Output order and pairing stay as the input; 1 sends one item after the other. Above 1 the node starts with a few and sends more while the platform keeps up; when it answers 429 or 5xx, or answers ever more slowly, fewer are sent at once until it recovers, and a 429 is sent again after the wait it asks for.`,
		},
	],
};

/**
 * Options > Concurrency's default for operations whose items change different objects (or whose
 * side effects need no order): the ceiling of a congestion window that starts at INITIAL_WINDOW and
 * doubles while the platform keeps up, so a healthy platform gets many requests at once and a
 * throttling one no more than it takes.
 */
export const ADAPTIVE_CEILING = 100;

/**
 * `collection` (`concurrencyOption` or one built on it) with Concurrency defaulting to
 * ADAPTIVE_CEILING, its description saying so. The operation declares the same number as its
 * `defaultConcurrency`; items with the same `orderKey` still go one after the other.
 */
export function adaptiveConcurrency(collection: INodeProperties): INodeProperties {
	const note = `The node starts with ${INITIAL_WINDOW} at a time and doubles while the platform answers quickly, up to this number. Items that change the same object still go one after the other, in input order.`;
	const options = (collection.options as INodeProperties[]).map((option) =>
		option.name === 'concurrency'
			? { ...option, default: ADAPTIVE_CEILING, description: `${option.description} ${note}` }
			: option,
	);
	return { ...collection, options };
}

/** A value read from one input item's parameters. */
type PerItem<T> = (ctx: IExecuteFunctions, itemIndex: number) => T;

/** The item's path, body and query string, all read (and validated) before any request. */
function readRequestParts(
	ctx: IExecuteFunctions,
	itemIndex: number,
	parts: {
		path: PerItem<string>;
		body?: PerItem<IDataObject | undefined>;
		qs?: PerItem<IDataObject | undefined>;
	},
) {
	return {
		path: parts.path(ctx, itemIndex),
		body: parts.body?.(ctx, itemIndex),
		qs: parts.qs?.(ctx, itemIndex),
	};
}

/**
 * One request per input item, with the body (and path) read from that item's parameters;
 * the platform's answer, unwrapped from its envelope, is the output item.
 */
export function requestOperation(options: {
	method: IHttpRequestMethods;
	path: PerItem<string>;
	body?: PerItem<IDataObject | undefined>;
	qs?: PerItem<IDataObject | undefined>;
	idempotent?: boolean;
	output?: (
		response: IDataObject,
		ctx: IExecuteFunctions,
		itemIndex: number,
	) => IDataObject | IDataObject[];
}): Required<Pick<Operation, 'execute'>> {
	return {
		async execute(this: IExecuteFunctions, itemIndex: number) {
			// Read everything first: a validation error must stop the item before any request.
			const { path, body, qs } = readRequestParts(this, itemIndex, options);
			const response = await apiRequest(this, {
				method: options.method,
				path,
				body,
				qs,
				idempotent: options.idempotent,
				itemIndex,
			});
			return options.output ? options.output(response, this, itemIndex) : unwrapItem(response);
		},
	};
}

/** A paged list with Return All / Limit: each list entry becomes one output item. */
export function listOperation(options: {
	method: IHttpRequestMethods;
	path: PerItem<string>;
	paging: 'body' | 'query';
	body?: PerItem<IDataObject | undefined>;
	qs?: PerItem<IDataObject | undefined>;
	/** What each list entry becomes (e.g. simplified), made once per input item; the entry itself by default. */
	output?: (ctx: IExecuteFunctions, itemIndex: number) => EntryShaper;
}): Required<Pick<Operation, 'execute'>> {
	return {
		async execute(this: IExecuteFunctions, itemIndex: number) {
			const { path, body, qs } = readRequestParts(this, itemIndex, options);
			const limit = readLimit(this, itemIndex);
			const entries = await readWholeList(this, {
				method: options.method,
				path,
				paging: options.paging,
				body,
				qs,
				limit,
				itemIndex,
			});
			const shape = options.output?.(this, itemIndex);
			return entries.map(
				(entry): INodeExecutionData => ({
					json: shape ? shape(entry) : entry,
					pairedItem: { item: itemIndex },
				}),
			);
		},
	};
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
	path: PerItem<string>;
	body: PerItem<IDataObject>;
	idempotent: boolean;
	output?: (ctx: IExecuteFunctions, itemIndex: number, item: IDataObject) => IDataObject;
}): Required<Pick<Operation, 'execute'>> {
	return {
		async execute(this: IExecuteFunctions, itemIndex: number) {
			const path = options.path(this, itemIndex);
			const body = options.body(this, itemIndex);
			const response = await apiRequest(this, {
				method: 'POST',
				path,
				...jsonBody(body),
				idempotent: options.idempotent,
				itemIndex,
			});
			const item = unwrapItem(response);
			return options.output ? options.output(this, itemIndex, item) : item;
		},
	};
}
