import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { showFor } from '../../../shared/descriptions/common';
import { groupedOperation } from '../../../shared/execution/grouped';
import { apiPath, apiRequest, unwrapItem } from '../../../shared/transport';
import { segmentField } from './segmentLocator';
import {
	bySegment,
	changeOutput,
	groupChange,
	groupOutcomes,
	readSendInOneRequest,
	readSubscriberChange,
	sendInOneRequestField,
} from './subscriberChanges';
import { subscriberIdsField } from './subscriberIds';

export const description: INodeProperties[] = showFor('segment', 'addSubscribers', [
	segmentField('The static segment to add subscribers to'),
	subscriberIdsField('add'),
	sendInOneRequestField,
]);

/** Send in One Request (on by default): all items in one request per segment, else one request per item. */
export const groupedWhen = readSendInOneRequest;

/**
 * PATCH /marketing/segment/{id}/subscribers/add {"ids": [...]} with one item's subscribers. No
 * reference page was found for this operation (addSegmentSubscribers): the body is inferred from
 * the remove page (api.brix365.com/en/public-api/reference/marketing/deletesegmentsubscribers).
 * The output is the answer with the item's segment and subscribers.
 */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const change = readSubscriberChange(this, itemIndex);
	const response = await apiRequest(this, {
		method: 'PATCH',
		path: apiPath`/marketing/segment/${change.segmentId}/subscribers/add`,
		body: { ids: change.ids },
		itemIndex,
	});
	return changeOutput(unwrapItem(response), change);
}

/**
 * Send in One Request: every item read first, then one PATCH
 * /marketing/segment/{id}/subscribers/add per segment with the IDs of all its items; each item
 * outputs the answer with its own segment and subscribers.
 */
export const executeAll = groupedOperation({
	readSettings: () => undefined,
	read: readSubscriberChange,
	group: (_ctx, members) => bySegment(members),
	async send(ctx, group) {
		const { segmentId, ids } = groupChange(group);
		const response = await apiRequest(ctx, {
			method: 'PATCH',
			path: apiPath`/marketing/segment/${segmentId}/subscribers/add`,
			body: { ids },
			itemIndex: group[0].itemIndex,
		});
		return groupOutcomes(unwrapItem(response), group);
	},
});
