import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

/** What one operation returns for one input item: one result object, a list, or ready n8n items. */
export type OperationResult = IDataObject | IDataObject[] | INodeExecutionData[];

export interface Operation {
	/** Runs the operation for one input item. */
	execute?: (this: IExecuteFunctions, itemIndex: number) => Promise<OperationResult>;
	/**
	 * Runs the operation for all input items at once (bulk endpoints that take many ids per request).
	 * It must return exactly the items to output, each paired with its input item(s).
	 */
	executeAll?: (this: IExecuteFunctions, items: INodeExecutionData[]) => Promise<INodeExecutionData[]>;
}

export type OperationsByResource = Record<string, Record<string, Operation>>;

function isExecutionData(value: IDataObject | INodeExecutionData): value is INodeExecutionData {
	const json = (value as INodeExecutionData).json;
	return json !== null && typeof json === 'object' && !Array.isArray(json) && Object.keys(value).every((key) => ['json', 'binary', 'pairedItem'].includes(key));
}

function toItems(result: OperationResult, itemIndex: number): INodeExecutionData[] {
	const list = Array.isArray(result) ? result : [result];
	return list.map((entry) =>
		isExecutionData(entry)
			? { ...entry, pairedItem: entry.pairedItem ?? { item: itemIndex } }
			: { json: entry, pairedItem: { item: itemIndex } },
	);
}

/** The output item Continue On Fail gives for a failed input item. */
export function errorItem(error: unknown, itemIndex: number): INodeExecutionData {
	const json: IDataObject = { error: (error as Error)?.message ?? String(error) };
	if (error instanceof NodeApiError) {
		if (error.description) json.description = error.description;
		if (error.httpCode) json.httpCode = error.httpCode;
	} else if (error instanceof NodeOperationError && error.description) {
		json.description = error.description;
	}
	return { json, pairedItem: { item: itemIndex } };
}

/** Makes sure an error names the item it came from, as n8n shows it in the execution log. */
export function forItem(ctx: IExecuteFunctions, error: unknown, itemIndex: number): Error {
	if (error instanceof NodeApiError || error instanceof NodeOperationError) {
		if (error.context.itemIndex === undefined) error.context.itemIndex = itemIndex;
		return error;
	}
	return new NodeOperationError(ctx.getNode(), error as Error, { itemIndex });
}

/**
 * The only loop over input items: reads resource and operation, runs the operation per item,
 * pairs every output with its input and applies Continue On Fail (one error item per failed input).
 */
export async function route(this: IExecuteFunctions, operations: OperationsByResource): Promise<INodeExecutionData[][]> {
	const items = this.getInputData();
	const resource = this.getNodeParameter('resource', 0) as string;
	const operation = this.getNodeParameter('operation', 0) as string;
	const selected = operations[resource]?.[operation];
	if (!selected) {
		throw new NodeOperationError(this.getNode(), `The operation "${operation}" is not supported for resource "${resource}"`);
	}
	if (selected.executeAll) return [await selected.executeAll.call(this, items)];

	const output: INodeExecutionData[] = [];
	for (let itemIndex = 0; itemIndex < items.length; itemIndex++) {
		try {
			const result = await selected.execute!.call(this, itemIndex);
			for (const item of toItems(result, itemIndex)) output.push(item);
		} catch (error) {
			if (this.continueOnFail()) {
				output.push(errorItem(error, itemIndex));
				continue;
			}
			throw forItem(this, error, itemIndex);
		}
	}
	return [output];
}
