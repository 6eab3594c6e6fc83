import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

/** What one operation returns for one input item: one result object, a list, or ready n8n items. */
export type OperationResult = IDataObject | IDataObject[] | INodeExecutionData[];

/** One operation as the router runs it: per item (`execute`), grouped (`executeAll`), or either. */
export interface Operation {
	/** Runs the operation for one input item. */
	execute?: (this: IExecuteFunctions, itemIndex: number) => Promise<OperationResult>;
	/** Runs the operation for all input items at once, many items per request (built with `groupedOperation`). */
	executeAll?: GroupedRun;
	/** Whether this run sends the items grouped (e.g. Send in One Request is on); when false, `execute` runs per item. */
	groupedWhen?: (ctx: IExecuteFunctions) => boolean;
	/** Options > Concurrency when the user has not set it (1 when absent). */
	defaultConcurrency?: number;
	/**
	 * The object an item changes (e.g. the case ID): items with the same key run one after the
	 * other in input order even with Concurrency above 1, so side effects on one object keep their order.
	 */
	orderKey?: (ctx: IExecuteFunctions, itemIndex: number) => string | undefined;
}

/** A node's operations, by resource and operation value. */
export type OperationsByResource = Record<string, Record<string, Operation>>;

/** What one input item of a grouped operation ends with: its output, or why it failed (plus fields for its error item). */
export type ItemOutcome = { result: OperationResult } | { error: unknown; json?: IDataObject };

/**
 * Hands the router one item's outcome as soon as it is known. Without Continue On Fail a failure
 * throws here, so nothing more is sent after it.
 */
export type SettleItem = (itemIndex: number, outcome: ItemOutcome) => void;

/** A grouped run over all input items, as the router calls it (`Operation.executeAll`). */
export type GroupedRun = (
	this: IExecuteFunctions,
	itemCount: number,
	settle: SettleItem,
) => Promise<void>;
