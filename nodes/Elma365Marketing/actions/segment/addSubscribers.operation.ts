import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { showFor } from '../../../shared/display';
import { groupedOperation } from '../../../shared/execution/grouped';
import type { ApiRequest } from '../../../shared/transport';
import { apiPath, apiRequest, unwrapItem } from '../../../shared/transport';
import type { SubscriberChange } from './subscriberChanges';
import {
	bySegment,
	changeOutput,
	groupChange,
	groupOutcomes,
	readSendInOneRequest,
	readSubscriberChange,
	subscriberChangeFields,
} from './subscriberChanges';

export const description: INodeProperties[] = showFor(
	'segment',
	'addSubscribers',
	subscriberChangeFields('The static segment to add subscribers to', 'add'),
);

/** Send in One Request (on by default): all items in one request per segment, else one request per item. */
export const groupedWhen = readSendInOneRequest;

/**
 * PATCH /marketing/segment/{id}/subscribers/add {"ids": [...]}: one item's subscribers, or those
 * of all the items of one segment. No reference page was found for this operation
 * (addSegmentSubscribers): the body is inferred from the remove page
 * (api.brix365.com/en/public-api/reference/marketing/deletesegmentsubscribers).
 */
function addSubscribers(change: SubscriberChange): ApiRequest {
	return {
		method: 'PATCH',
		path: apiPath`/marketing/segment/${change.segmentId}/subscribers/add`,
		body: { ids: change.ids },
	};
}

/** One item's subscribers (addSubscribers); outputs the answer with the item's segment and subscribers. */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const change = readSubscriberChange(this, itemIndex);
	const response = await apiRequest(this, { ...addSubscribers(change), itemIndex });
	return changeOutput(unwrapItem(response), change);
}

/**
 * Send in One Request: every item read first, then one request per segment (addSubscribers) with the IDs
 * of all its items; each item outputs the answer with its own segment and subscribers.
 */
export const executeAll = groupedOperation({
	read: readSubscriberChange,
	group: bySegment,
	async send(ctx, group) {
		const response = await apiRequest(ctx, {
			...addSubscribers(groupChange(group)),
			itemIndex: group[0].itemIndex,
		});
		return groupOutcomes(unwrapItem(response), group);
	},
});
