import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';
import type { GroupedRun, GroupMember, ItemOutcome } from '../../../shared/execution/grouped';
import { chunk, groupedOperation, readBatchSize } from '../../../shared/execution/grouped';
import type { OperationResult } from '../../../shared/execution/router';
import { MAX_BATCH_SIZE } from '../../../shared/execution/router';
import type { ItemKind } from '../../../shared/items/appItems';
import { appCreateBody, appCreateOptions, readLocation } from '../../../shared/items/appItems';
import { apiRequest } from '../../../shared/transport';
import { requireBoolean } from '../../../shared/validation';

/** https://api.brix365.com/en/public-api/reference/app/appitemssavebatch/ */
const BATCH_PATH = '/app/items/batch';

/** Send in One Request of Item > Create. */
export const sendInOneRequest: INodeProperties = {
	displayName: 'Send in One Request',
	name: 'sendInOneRequest',
	type: 'boolean',
	default: true,
	description:
		"Whether to create the items of all input items together through the platform's batch save (at most Batch Size per request, each request one transaction) instead of one request per item. Each output item is the new item's __id with the fields sent, not the platform's full item: turn this off, or add a Get, when you need the full item.",
};

/** The create Options plus Batch Size and Run Event Handlers. */
export const batchOptions: INodeProperties = {
	...appCreateOptions,
	options: [
		...(appCreateOptions.options as INodeProperties[]),
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
	],
};

/** One input item read for the batch: where it goes, the context the single create would send, and whether it must go alone. */
interface BatchEntry {
	namespace: string;
	code: string;
	context: IDataObject;
	/** The batch body cannot carry it as the single create sends it (a Status Group ID, Force Creation Event or its own `__id`). */
	alone: boolean;
}

/** Batch Size and Run Event Handlers, read once from the first item. */
interface BatchSettings {
	batchSize: number;
	withEventHandlers: boolean;
}

/** Batch Size and Run Event Handlers from the first item's Options; an invalid value fails the node. */
function readSettings(ctx: IExecuteFunctions): BatchSettings {
	const options = ctx.getNodeParameter('options', 0, {}) as IDataObject;
	const batchSize = readBatchSize(ctx, options.batchSize);
	const withEventHandlers =
		options.withEventHandlers === undefined
			? true
			: requireBoolean(ctx, 0, 'Run Event Handlers', options.withEventHandlers);
	return { batchSize, withEventHandlers };
}

/**
 * A batch the platform refused as a whole: a 4xx other than a refused key or a rate limit (400, 422,
 * or 404 where an installation lacks the endpoint). One transaction, so nothing was saved and each
 * item may be created by itself. A 5xx, a timeout or a broken connection may have committed: never.
 */
function refusedWhole(error: unknown): boolean {
	if (!(error instanceof NodeApiError) || error.httpCode === undefined || error.httpCode === null)
		return false;
	const status = Number(error.httpCode);
	return status >= 400 && status < 500 && ![401, 403, 429].includes(status);
}

/** Whether this run sends the items through the batch save: while Send in One Request is on. */
export function createsInOneRequest(ctx: IExecuteFunctions): boolean {
	return ctx.getNodeParameter('sendInOneRequest', 0, true) as boolean;
}

/** Creates each member by itself (the single create); without Continue On Fail it stops at the first failure. */
async function createEachAlone(
	ctx: IExecuteFunctions,
	group: Array<GroupMember<BatchEntry>>,
	createAlone: SingleCreate,
): Promise<ItemOutcome[]> {
	const outcomes: ItemOutcome[] = [];
	for (const { itemIndex } of group) {
		try {
			outcomes.push({ result: await createAlone.call(ctx, itemIndex) });
		} catch (error) {
			outcomes.push({ error });
			if (!ctx.continueOnFail()) break;
		}
	}
	return outcomes;
}

/** Each member's new `__id` from the answer's pseudoIDsMap, output with the fields sent. */
function idsOf(
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

/** The single create of one item, as the operation's `execute`. */
type SingleCreate = (this: IExecuteFunctions, itemIndex: number) => Promise<OperationResult>;

/**
 * Item > Create with Send in One Request: the contexts of all input items go to POST
 * /app/items/batch, at most Batch Size per request, each as `__id: "$ref/<itemIndex>"`; the
 * answer's pseudoIDsMap gives each item its new `__id`. Items the batch body cannot carry are
 * created by themselves after the batches, as is every item of a batch the platform refused as a
 * whole (so exactly the bad ones fail).
 */
export function batchCreate(kind: ItemKind, createAlone: SingleCreate): GroupedRun {
	return groupedOperation({
		readSettings,
		read(ctx, itemIndex): BatchEntry {
			const { namespace, code } = readLocation(ctx, itemIndex, kind);
			const { context, ...rest } = appCreateBody(ctx, itemIndex);
			const alone = Object.keys(rest).length > 0 || (context as IDataObject).__id !== undefined;
			return { namespace, code, context: context as IDataObject, alone };
		},
		group: (_ctx, members, { batchSize }) => [
			...chunk(
				members.filter((member) => !member.input.alone),
				batchSize,
			),
			...members.filter((member) => member.input.alone).map((member) => [member]),
		],
		async send(ctx, group, { withEventHandlers }) {
			if (group[0].input.alone) return await createEachAlone(ctx, group, createAlone);
			let answer: IDataObject;
			try {
				answer = await apiRequest(ctx, {
					method: 'POST',
					path: BATCH_PATH,
					body: {
						items: group.map(({ itemIndex, input: { namespace, code, context } }) => ({
							namespace,
							code,
							context: { ...context, __id: `$ref/${itemIndex}` },
						})),
						withEventHandlers,
					},
					idempotent: false,
					itemIndex: group[0].itemIndex,
				});
			} catch (error) {
				// A 5xx, a timeout or a broken connection may have committed: every member fails with it.
				if (!refusedWhole(error)) return group.map(() => ({ error }));
				return await createEachAlone(ctx, group, createAlone);
			}
			return idsOf(ctx, group, answer);
		},
	});
}
