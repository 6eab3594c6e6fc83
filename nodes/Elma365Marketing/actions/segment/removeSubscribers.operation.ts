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
	'removeSubscribers',
	subscriberChangeFields('The static segment to remove subscribers from', 'remove'),
);

/** Send in One Request (on by default): all items in one request per segment, else one request per item. */
export const groupedWhen = readSendInOneRequest;

/**
 * PATCH /marketing/segment/{id}/subscribers/remove {"ids": [...]}
 * (api.brix365.com/en/public-api/reference/marketing/deletesegmentsubscribers): one item's
 * subscribers, or those of all the items of one segment.
 */
function removeSubscribers(change: SubscriberChange): ApiRequest {
	return {
		method: 'PATCH',
		path: apiPath`/marketing/segment/${change.segmentId}/subscribers/remove`,
		body: { ids: change.ids },
	};
}

/** One item's subscribers (removeSubscribers); outputs the answer with the item's segment and subscribers. */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const change = readSubscriberChange(this, itemIndex);
	const response = await apiRequest(this, { ...removeSubscribers(change), itemIndex });
	return changeOutput(unwrapItem(response), change);
}

/**
 * Send in One Request: every item read first, then one request per segment (removeSubscribers) with the IDs
 * of all its items; each item outputs the answer with its own segment and subscribers.
 */
export const executeAll = groupedOperation({
	read: readSubscriberChange,
	group: bySegment,
	async send(ctx, group) {
		const response = await apiRequest(ctx, {
			...removeSubscribers(groupChange(group)),
			itemIndex: group[0].itemIndex,
		});
		return groupOutcomes(unwrapItem(response), group);
	},
});
