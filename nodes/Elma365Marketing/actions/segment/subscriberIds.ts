import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { pickerRows, readPickerRows } from '../../../shared/pickers/pickerRows';
import { invalidInput } from '../../../shared/validation';

/** Adding or removing subscribers: the last segment of the PATCH path. */
export type Action = 'add' | 'remove';

/**
 * The subscribers: rows, each picked or typed by ID. Add picks from all subscribers, Remove from the
 * subscribers of the chosen segment.
 */
const rows = {
	name: 'subscriberIds',
	row: 'subscriber',
	displayName: 'Subscriber',
	listed: 'Subscribers',
	what: 'subscribers',
};

/** The subscribers' parameter: the rows of Add (all subscribers) or Remove (the segment's subscribers). */
export function subscriberIdsField(action: Action): INodeProperties {
	return action === 'add'
		? pickerRows({ ...rows, verb: action, searchListMethod: 'searchSubscribers' })
		: pickerRows({
				...rows,
				verb: action,
				searchListMethod: 'searchSegmentSubscribers',
				dependsOn: 'segmentId.value',
			});
}

/** The IDs of the rows; at least one. */
function readRows(ctx: IExecuteFunctions, itemIndex: number): string[] {
	const { ids, given } = readPickerRows(ctx, itemIndex, rows);
	// "got" shows what the rows gave, one entry per row.
	if (ids.length === 0) throw invalidInput('Subscribers', 'at least one subscriber ID', given);
	return ids;
}

/** The subscriber IDs of an item, without repeats. */
export function readSubscriberIds(ctx: IExecuteFunctions, itemIndex: number): string[] {
	return [...new Set(readRows(ctx, itemIndex))];
}
