import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';
import type { GroupMember } from '../../../shared/execution/grouped';
import type { ItemOutcome } from '../../../shared/execution/operation';
import { chunk, readBatchSize } from '../../../shared/execution/grouped';
import { MAX_BATCH_SIZE } from '../../../shared/limits';
import type { ItemKind } from '../../../shared/items/appItems';
import { appCreateBody, readLocation } from '../../../shared/items/appItems';
import { requireBoolean } from '../../../shared/validation';

/** Send in One Request of Item > Create. */
export const sendInOneRequest: INodeProperties = {
	displayName: 'Send in One Request',
	name: 'sendInOneRequest',
	type: 'boolean',
	default: true,
	description:
		"Whether to create the items of all input items together through the platform's batch save (at most Batch Size per request, each request one transaction) instead of one request per item. Each output item is the new item's __id with the fields sent, not the platform's full item: turn this off, or add a Get, when you need the full item.",
};

/** Options > Batch Size and Run Event Handlers of Send in One Request. */
export const batchOptions: INodeProperties[] = [
	{
		displayName: 'Batch Size',
		name: 'batchSize',
		type: 'number',
		typeOptions: { minValue: 1, maxValue: MAX_BATCH_SIZE, numberPrecision: 0 },
		default: MAX_BATCH_SIZE,
		description: `Max number of items per batch request when sending in one request (at most ${MAX_BATCH_SIZE})`,
	},
	{
		displayName: 'Run Event Handlers',
		name: 'withEventHandlers',
		type: 'boolean',
		default: true,
		description:
			"Whether the platform runs the applications' event handlers for the items saved in one request (sent as withEventHandlers), as it does for an item created by itself",
	},
];

/** One input item read for the batch: where it goes, the context the single create would send, and whether it must go alone. */
export interface BatchEntry {
	namespace: string;
	code: string;
	context: IDataObject;
	/** The batch body cannot carry it as the single create sends it (a Status Group ID, Force Creation Event or its own `__id`). */
	alone: boolean;
}

/** Batch Size and Run Event Handlers, read once from the first item. */
export interface BatchSettings {
	batchSize: number;
	withEventHandlers: boolean;
}

/** Batch Size and Run Event Handlers from the first item's Options; an invalid value fails the node. */
export function readBatchSettings(ctx: IExecuteFunctions): BatchSettings {
	const options = ctx.getNodeParameter('options', 0, {}) as IDataObject;
	const batchSize = readBatchSize(options.batchSize);
	const withEventHandlers =
		options.withEventHandlers === undefined
			? true
			: requireBoolean('Run Event Handlers', options.withEventHandlers);
	return { batchSize, withEventHandlers };
}

/**
 * A batch the platform refused as a whole: a 4xx other than a refused key or a rate limit (400, 422,
 * or 404 where an installation lacks the endpoint). One transaction, so nothing was saved and each
 * item may be created by itself. A 5xx, a timeout or a broken connection may have committed: never.
 */
export function refusedWhole(error: unknown): boolean {
	if (!(error instanceof NodeApiError) || error.httpCode === undefined || error.httpCode === null)
		return false;
	const status = Number(error.httpCode);
	return status >= 400 && status < 500 && ![401, 403, 429].includes(status);
}

/** Whether this run sends the items through the batch save: while Send in One Request is on. */
export function createsInOneRequest(ctx: IExecuteFunctions): boolean {
	return ctx.getNodeParameter('sendInOneRequest', 0, true) as boolean;
}

/** One input item for the batch: its section and application, the context the single create would send, and whether it must go alone. */
export async function readBatchEntry(
	ctx: IExecuteFunctions,
	itemIndex: number,
	kind: ItemKind,
): Promise<BatchEntry> {
	const { namespace, code } = readLocation(ctx, itemIndex, kind);
	const { context, ...rest } = await appCreateBody(ctx, itemIndex, kind);
	const alone = Object.keys(rest).length > 0 || (context as IDataObject).__id !== undefined;
	return { namespace, code, context: context as IDataObject, alone };
}

/** The batches of at most Batch Size members, then each member that must go alone as a group of its own. */
export function batchGroups(
	members: Array<GroupMember<BatchEntry>>,
	batchSize: number,
): Array<Array<GroupMember<BatchEntry>>> {
	return [
		...chunk(
			members.filter((member) => !member.input.alone),
			batchSize,
		),
		...members.filter((member) => member.input.alone).map((member) => [member]),
	];
}

/** The batch save's body: each member's context as `__id: "$ref/<itemIndex>"`, and Run Event Handlers. */
export function batchBody(
	group: Array<GroupMember<BatchEntry>>,
	withEventHandlers: boolean,
): IDataObject {
	return {
		items: group.map(({ itemIndex, input: { namespace, code, context } }) => ({
			namespace,
			code,
			context: { ...context, __id: `$ref/${itemIndex}` },
		})),
		withEventHandlers,
	};
}

/** Each member's new `__id` from the answer's pseudoIDsMap, output with the fields sent. */
export function batchOutcomes(
	ctx: IExecuteFunctions,
	group: Array<GroupMember<BatchEntry>>,
	answer: IDataObject,
): ItemOutcome[] {
	const ids = (answer.pseudoIDsMap ?? {}) as IDataObject;
	return group.map(({ itemIndex, input }): ItemOutcome => {
		const id = ids[`$ref/${itemIndex}`];
		if (typeof id === 'string' && id !== '') return { result: { __id: id, ...input.context } };
		return {
			error: new NodeOperationError(
				ctx.getNode(),
				`ELMA365: the batch save answered no ID for item ${itemIndex} ($ref/${itemIndex} is missing from pseudoIDsMap)`,
				{
					itemIndex,
					description: `The platform reported ${String(answer.savedItemsCount ?? 'an unknown number of')} saved items; check the application before running again.`,
				},
			),
		};
	});
}
