import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';
import type {
	GroupedRun,
	ItemOutcome,
	Operation,
	OperationResult,
	OperationsByResource,
} from './operation';
import { RunStopped, openRunWindow, stopRun } from '../flow';
import { INITIAL_WINDOW, MAX_CONCURRENCY } from '../limits';
import type { StatusHints } from './statusHints';
import { explainingErrors, withStatusHints } from './statusHints';
import { explainNotFound, explainNotFoundWithCodes } from '../pickers/notFound';
import { shownText, shownValue } from '../shown';
import { namingItem } from '../validation/values';

const EXECUTION_DATA_KEYS = new Set(['json', 'binary', 'pairedItem']);

/** Whether an operation returned a ready n8n item (json and, at most, binary and pairing). */
function isExecutionData(value: IDataObject | INodeExecutionData): value is INodeExecutionData {
	const json = (value as INodeExecutionData).json;
	if (json === null || typeof json !== 'object' || Array.isArray(json)) return false;
	// A loop, not Object.keys: a Return All hands this tens of thousands of items.
	for (const key in value) if (!EXECUTION_DATA_KEYS.has(key)) return false;
	return true;
}

/** An operation's result as output items, paired with `itemIndex` unless they carry their own pairing. */
function toItems(result: OperationResult, itemIndex: number): INodeExecutionData[] {
	const list = Array.isArray(result) ? result : [result];
	return list.map((entry) =>
		isExecutionData(entry)
			? entry.pairedItem === undefined
				? { ...entry, pairedItem: { item: itemIndex } }
				: entry
			: { json: entry, pairedItem: { item: itemIndex } },
	);
}

/** The output item Continue On Fail gives for a failed input item. */
function errorItem(
	ctx: IExecuteFunctions,
	failure: unknown,
	itemIndex: number,
): INodeExecutionData {
	const error = namingItem(ctx.getNode(), failure, itemIndex);
	const json: IDataObject = { error: (error as Error)?.message ?? String(error) };
	if (error instanceof NodeApiError) {
		if (error.description) json.description = error.description;
		if (error.httpCode) json.httpCode = error.httpCode;
	} else if (error instanceof NodeOperationError && error.description) {
		json.description = error.description;
	}
	return { json, pairedItem: { item: itemIndex } };
}

/**
 * Makes sure an error names the item it came from, as n8n shows it in the execution log: a refused
 * value (validation) gets its message with the item here, the one place that knows the item.
 */
function forItem(ctx: IExecuteFunctions, failure: unknown, itemIndex: number): Error {
	const error = namingItem(ctx.getNode(), failure, itemIndex);
	if (error instanceof NodeApiError || error instanceof NodeOperationError) {
		if (error.context.itemIndex === undefined) error.context.itemIndex = itemIndex;
		return error;
	}
	return new NodeOperationError(ctx.getNode(), error as Error, { itemIndex });
}

/**
 * Options > Concurrency of the node (read once, from the first item): how many input items are
 * processed at the same time. 1 (the default, and the value for operations without the option)
 * is one item after the other. Above 1 the requests run under congestion control (congestion.ts):
 * the setting is the most in flight, and the window starts below it and grows while the platform keeps up.
 */
function readConcurrency(ctx: IExecuteFunctions, selected: Operation): number {
	const value = ctx.getNodeParameter(
		'options.concurrency',
		0,
		selected.defaultConcurrency ?? 1,
	) as unknown;
	const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
	if (
		typeof number !== 'number' ||
		!Number.isInteger(number) ||
		number < 1 ||
		number > MAX_CONCURRENCY
	) {
		throw new NodeOperationError(
			ctx.getNode(),
			`Options > Concurrency must be a whole number from 1 to ${MAX_CONCURRENCY}, got ${shownValue(value)}`,
			{
				itemIndex: 0,
				description:
					'How many items are sent to the platform at the same time; 1 sends them one after the other.',
			},
		);
	}
	return number;
}

/** The key an item orders by, or undefined (no order) when it has none or its parameters are invalid. */
function keyOf(ctx: IExecuteFunctions, selected: Operation, itemIndex: number): string | undefined {
	try {
		return selected.orderKey?.(ctx, itemIndex);
	} catch {
		// The item's own run reports the invalid parameter.
		return undefined;
	}
}

/**
 * Runs `execute` for every item with at most `concurrency` items in flight. Outputs keep the input
 * order and pairing; items with the same `orderKey` run one after the other, in input order. With
 * Continue On Fail a failed item gives its error item in its place. Without it a failed item fails
 * the node, so the run stops there (stopRun): no new item starts, and no request of the items in
 * flight is sent any more (those waiting in a window, behind the quota or for a retry give up
 * with RunStopped, which is no failure of theirs); requests already sent finish, and the error of
 * the first failed item (in input order) is thrown.
 */
async function runConcurrently(
	ctx: IExecuteFunctions,
	selected: Operation,
	count: number,
	concurrency: number,
): Promise<INodeExecutionData[]> {
	const results: INodeExecutionData[][] = new Array<INodeExecutionData[]>(count);
	const continueOnFail = ctx.continueOnFail();
	let next = 0;
	// The first failed item in input order (count while none failed) and its error.
	let failedIndex = count;
	let failedError: unknown;
	// The last item taken of each key: the next item with that key waits for it to settle.
	const lastOfKey = new Map<string, Promise<void>>();
	const worker = async () => {
		while (next < count && failedIndex === count) {
			const itemIndex = next++;
			const key = keyOf(ctx, selected, itemIndex);
			const previous = key === undefined ? undefined : lastOfKey.get(key);
			let settle = () => {};
			if (key !== undefined) {
				lastOfKey.set(
					key,
					new Promise<void>((resolve) => {
						settle = resolve;
					}),
				);
			}
			try {
				if (previous) {
					await previous;
					if (failedIndex !== count) break;
				}
				results[itemIndex] = toItems(await selected.execute!.call(ctx, itemIndex), itemIndex);
			} catch (error) {
				if (continueOnFail) {
					results[itemIndex] = [errorItem(ctx, error, itemIndex)];
				} else if (!(error instanceof RunStopped)) {
					if (itemIndex < failedIndex) {
						failedIndex = itemIndex;
						failedError = error;
					}
					// The node fails with this item: nothing more may reach the platform.
					stopRun(ctx);
				}
			} finally {
				settle();
			}
		}
	};
	await Promise.all(Array.from({ length: Math.min(concurrency, count) }, worker));
	if (failedIndex < count) throw forItem(ctx, failedError, failedIndex);
	const output: INodeExecutionData[] = [];
	for (const itemOutput of results) for (const item of itemOutput) output.push(item);
	return output;
}

/**
 * Runs a grouped operation over `count` items: each item's outcome is paired with it and put in its
 * place; with Continue On Fail a failed item gives its error item, without it the first failure
 * (as the operation reports it) fails the node.
 */
async function runGrouped(
	ctx: IExecuteFunctions,
	executeAll: GroupedRun,
	count: number,
): Promise<INodeExecutionData[]> {
	const results = new Array<INodeExecutionData[]>(count);
	const continueOnFail = ctx.continueOnFail();
	await executeAll.call(ctx, count, (itemIndex: number, outcome: ItemOutcome) => {
		if ('result' in outcome) {
			results[itemIndex] = toItems(outcome.result, itemIndex);
			return;
		}
		if (!continueOnFail) throw forItem(ctx, outcome.error, itemIndex);
		const item = errorItem(ctx, outcome.error, itemIndex);
		results[itemIndex] = [{ ...item, json: { ...item.json, ...outcome.json } }];
	});
	return results.flatMap((itemOutput) => itemOutput ?? []);
}

/**
 * The only loop over input items: reads resource and operation, runs the operation per item or
 * grouped, pairs every output with its input and applies Continue On Fail (one error item per
 * failed input). In every error a 404 on an address named by codes first names the fields they
 * came from (pickers/notFound.ts), then `statusHints` explain the statuses particular to the node's
 * area.
 */
export async function route(
	this: IExecuteFunctions,
	operations: OperationsByResource,
	statusHints?: StatusHints,
): Promise<INodeExecutionData[][]> {
	const items = this.getInputData();
	const resource = this.getNodeParameter('resource', 0) as string;
	const operation = this.getNodeParameter('operation', 0) as string;
	const found = operations[resource]?.[operation];
	const explained =
		found &&
		explainingErrors(found, {
			thrown: explainNotFoundWithCodes,
			settled: (error, ctx) => explainNotFound(error, ctx.getNode()),
		});
	const selected = explained && statusHints ? withStatusHints(explained, statusHints) : explained;
	if (!selected) {
		throw new NodeOperationError(
			this.getNode(),
			`The operation ${shownText(operation)} is not supported for resource ${shownText(resource)}`,
		);
	}
	if (selected.executeAll && (selected.groupedWhen?.(this) ?? true))
		return [await runGrouped(this, selected.executeAll, items.length)];

	const concurrency = readConcurrency(this, selected);
	if (concurrency > 1 && items.length > 1) {
		// Every request of the run, the items' and their lists' pages, waits in this one window.
		openRunWindow(this, concurrency, INITIAL_WINDOW);
		return [await runConcurrently(this, selected, items.length, concurrency)];
	}

	const output: INodeExecutionData[] = [];
	for (let itemIndex = 0; itemIndex < items.length; itemIndex++) {
		try {
			const result = await selected.execute!.call(this, itemIndex);
			for (const item of toItems(result, itemIndex)) output.push(item);
		} catch (error) {
			if (this.continueOnFail()) {
				output.push(errorItem(this, error, itemIndex));
				continue;
			}
			throw forItem(this, error, itemIndex);
		}
	}
	return [output];
}
