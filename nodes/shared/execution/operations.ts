import type {
	IDataObject,
	IExecuteFunctions,
	IHttpRequestMethods,
	INodeExecutionData,
	INodeProperties,
} from 'n8n-workflow';
import { readLimit } from '../descriptions/common';
import { beforeVersion, isVersionAtLeast, sinceVersion } from '../descriptions/versioning';
import type { CongestionWindow } from './congestion';
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
			description: `How many items are sent to the platform at the same time (1 to ${MAX_CONCURRENCY}). Output order and pairing stay as the input; 1 sends one item after the other. When the platform answers 429 or 5xx, fewer are sent at once until it recovers, and a 429 is sent again after the wait it asks for.`,
		},
	],
};

/** Items in flight by default from the node version an operation turned parallel (`parallelSince`). */
export const DEFAULT_PARALLEL = 10;

/**
 * An options collection that holds Concurrency (`concurrencyOption` or one built on it), shown as it
 * is before `version` and, from `version` on, with Concurrency defaulting to DEFAULT_PARALLEL. Pair it
 * with `parallelByDefaultSince(version)` as the operation's `defaultConcurrency`, which the router
 * uses while the user has not added the option.
 */
export function parallelSince(version: number, collection: INodeProperties): INodeProperties[] {
	const options = (collection.options as INodeProperties[]).map((option) =>
		option.name === 'concurrency'
			? {
					...option,
					default: DEFAULT_PARALLEL,
					description: `${option.description} Items that change the same object still go one after the other, in input order.`,
				}
			: option,
	);
	return [
		...beforeVersion(version, [collection]),
		...sinceVersion(version, [{ ...collection, options }]),
	];
}

/** The router's Concurrency default for an operation made parallel at `version`. */
export function parallelByDefaultSince(version: number): (ctx: IExecuteFunctions) => number {
	return (ctx) => (isVersionAtLeast(ctx, version) ? DEFAULT_PARALLEL : 1);
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
		async execute(this: IExecuteFunctions, itemIndex: number, window?: CongestionWindow) {
			// Read everything first: a validation error must stop the item before any request.
			const { path, body, qs } = readRequestParts(this, itemIndex, options);
			const response = await apiRequest(this, {
				method: options.method,
				path,
				body,
				qs,
				idempotent: options.idempotent,
				itemIndex,
				window,
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
	/** Each list entry as an output item (e.g. simplified); the entry itself by default. */
	output?: (ctx: IExecuteFunctions, itemIndex: number, entry: IDataObject) => IDataObject;
}): Required<Pick<Operation, 'execute'>> {
	return {
		async execute(this: IExecuteFunctions, itemIndex: number, window?: CongestionWindow) {
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
				window,
			});
			return entries.map(
				(entry): INodeExecutionData => ({
					json: options.output?.(this, itemIndex, entry) ?? entry,
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
