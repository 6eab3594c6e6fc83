import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import type { GroupMember } from '../../../shared/execution/grouped';
import type { ItemOutcome } from '../../../shared/execution/operation';
import { groupBy } from '../../../shared/execution/grouped';
import { readSegmentId, segmentField } from './segmentLocator';
import type { Action } from './subscriberIds';
import { readSubscriberIds, subscriberIdsField } from './subscriberIds';

/** Send in One Request, on by default. */
const sendInOneRequestField: INodeProperties = {
	displayName: 'Send in One Request',
	name: 'sendInOneRequest',
	type: 'boolean',
	default: true,
	description:
		'Whether to collect the subscriber IDs of all input items into one request per segment instead of one request per item (read from the first item; each input item still gets its own output item)',
};

/** The form of Add and Remove Subscribers: the segment, the subscribers and Send in One Request. */
export function subscriberChangeFields(segment: string, action: Action): INodeProperties[] {
	return [segmentField(segment), subscriberIdsField(action), sendInOneRequestField];
}

/** Send in One Request, read from the first item: whether Add/Remove Subscribers run grouped. */
export function readSendInOneRequest(ctx: IExecuteFunctions): boolean {
	return ctx.getNodeParameter('sendInOneRequest', 0, true) as boolean;
}

/** The subscribers one item (or one group of items) adds to or removes from one segment. */
export interface SubscriberChange {
	segmentId: string;
	ids: string[];
}

/** Reads and checks one item's segment and subscribers. */
export function readSubscriberChange(ctx: IExecuteFunctions, itemIndex: number): SubscriberChange {
	return { segmentId: readSegmentId(ctx, itemIndex), ids: readSubscriberIds(ctx, itemIndex) };
}

/** An item's output: the platform's answer with the segment and the subscribers that item gave. */
export function changeOutput(answer: IDataObject, change: SubscriberChange): IDataObject {
	return { ...answer, segmentId: change.segmentId, subscriberIds: change.ids };
}

/** The items' changes grouped by segment (one request each), in order of first appearance. */
export function bySegment(
	_ctx: IExecuteFunctions,
	members: Array<GroupMember<SubscriberChange>>,
): Array<Array<GroupMember<SubscriberChange>>> {
	return groupBy(members, (change) => change.segmentId);
}

/** The change one request sends for a group: its segment and the IDs of all its items, without repeats. */
export function groupChange(group: Array<GroupMember<SubscriberChange>>): SubscriberChange {
	const changes = group.map((member) => member.input);
	return {
		segmentId: changes[0].segmentId,
		ids: [...new Set(changes.flatMap((change) => change.ids))],
	};
}

/** Every item of a group outputs the one answer with the segment and the subscribers it gave. */
export function groupOutcomes(
	answer: IDataObject,
	group: Array<GroupMember<SubscriberChange>>,
): ItemOutcome[] {
	return group.map((member) => ({ result: changeOutput(answer, member.input) }));
}
