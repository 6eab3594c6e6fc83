import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { showFor } from '../../../shared/display';
import { concurrency, optionsCollection } from '../../../shared/options/options';
import type { GroupMember } from '../../../shared/execution/grouped';
import type { ItemOutcome } from '../../../shared/execution/operation';
import { groupedOperation } from '../../../shared/execution/grouped';
import {
	appCreateBody,
	appCreateOptions,
	itemFields,
	locationFields,
	readApplicationPath,
} from '../../../shared/items/appItems';
import { apiRequest, unwrapItem } from '../../../shared/transport';
import { appItems } from './itemKind';
import type { BatchEntry } from './createInOneRequest';
import {
	batchBody,
	batchGroups,
	batchOptions,
	batchOutcomes,
	createsInOneRequest,
	readBatchEntry,
	readBatchSettings,
	refusedWhole,
	sendInOneRequest,
} from './createInOneRequest';

export const description: INodeProperties[] = showFor('item', 'create', [
	...locationFields(appItems),
	...itemFields(appItems, 'add'),
	sendInOneRequest,
	optionsCollection([concurrency(), ...appCreateOptions, ...batchOptions]),
]);

/**
 * POST /app/{namespace}/{code}/create {"context": {...}}: one item by itself (the vendor's page
 * app/appitemcreate), with Send in One Request off or where the batch body cannot carry the item;
 * outputs the created item.
 */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const path = readApplicationPath(this, itemIndex, appItems, '/create');
	const body = await appCreateBody(this, itemIndex, appItems);
	const response = await apiRequest(this, {
		method: 'POST',
		path,
		body,
		idempotent: false,
		itemIndex,
	});
	return unwrapItem(response);
}

/** Creates each member by itself (`execute`); without Continue On Fail it stops at the first failure. */
async function createEachAlone(
	ctx: IExecuteFunctions,
	group: Array<GroupMember<BatchEntry>>,
): Promise<ItemOutcome[]> {
	const outcomes: ItemOutcome[] = [];
	for (const { itemIndex } of group) {
		try {
			outcomes.push({ result: await execute.call(ctx, itemIndex) });
		} catch (error) {
			outcomes.push({ error });
			if (!ctx.continueOnFail()) break;
		}
	}
	return outcomes;
}

/**
 * POST /app/items/batch (https://api.brix365.com/en/public-api/reference/app/appitemssavebatch/)
 * with the contexts of all input items, at most Batch Size per request, each as
 * `__id: "$ref/<itemIndex>"`; the answer's pseudoIDsMap gives each item its new `__id`. Items the
 * batch body cannot carry are created by themselves after the batches, as is every item of a batch
 * the platform refused as a whole (so exactly the bad ones fail).
 */
export const executeAll = groupedOperation({
	readSettings: readBatchSettings,
	read: async (ctx, itemIndex) => await readBatchEntry(ctx, itemIndex, appItems),
	group: (_ctx, members, { batchSize }) => batchGroups(members, batchSize),
	async send(ctx, group, { withEventHandlers }) {
		if (group[0].input.alone) return await createEachAlone(ctx, group);
		let answer: IDataObject;
		try {
			answer = await apiRequest(ctx, {
				method: 'POST',
				path: '/app/items/batch',
				body: batchBody(group, withEventHandlers),
				idempotent: false,
				itemIndex: group[0].itemIndex,
			});
		} catch (error) {
			// A 5xx, a timeout or a broken connection may have committed: every member fails with it.
			if (!refusedWhole(error)) return group.map(() => ({ error }));
			return await createEachAlone(ctx, group);
		}
		return batchOutcomes(ctx, group, answer);
	},
});

/** The batch save while Send in One Request is on; otherwise `execute` runs per item. */
export const groupedWhen = createsInOneRequest;
