import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import {
	beforeVersion,
	isVersionAtLeast,
	sinceVersion,
} from '../../../shared/descriptions/versioning';
import { PICKERS_VERSION } from '../../versions';
import { pickerRows, readPickerRows } from '../../../shared/descriptions/pickerRows';
import { invalidInput, requireUuid } from '../../../shared/validation';
import { splitList } from '../../../shared/utils';

/** Adding or removing subscribers: the last segment of the PATCH path. */
export type Action = 'add' | 'remove';

/** Version 1: the subscribers typed as comma-separated IDs (or an array from an expression). */
const typedIds: INodeProperties = {
	displayName: 'Subscriber IDs',
	name: 'subscriberIds',
	type: 'string',
	required: true,
	default: '',
	placeholder: '3fa85f64-5717-4562-b3fc-2c963f66afa6, ...',
	description: 'Comma-separated subscriber IDs (an expression may also give an array)',
};

/**
 * From version 1.1, under the same name: rows, each picked or typed by ID. Add picks from all
 * subscribers, Remove from the subscribers of the chosen segment.
 */
const rows = {
	name: 'subscriberIds',
	row: 'subscriber',
	displayName: 'Subscriber',
	listed: 'Subscribers',
	what: 'subscribers',
};

/** The rows of Add (all subscribers) or Remove (the segment's subscribers). */
function pickedIds(action: Action): INodeProperties {
	return action === 'add'
		? pickerRows({ ...rows, verb: action, searchListMethod: 'searchSubscribers' })
		: pickerRows({
				...rows,
				verb: action,
				searchListMethod: 'searchSegmentSubscribers',
				dependsOn: 'segmentId.value',
			});
}

/** The subscribers' parameter of Add or Remove: typed before version 1.1, rows from it on. */
export function subscriberIdsProperties(action: Action): INodeProperties[] {
	return [
		...beforeVersion(PICKERS_VERSION, [typedIds]),
		...sinceVersion(PICKERS_VERSION, [pickedIds(action)]),
	];
}

/** Version 1: the typed IDs, each checked; at least one. */
function readTyped(ctx: IExecuteFunctions, itemIndex: number): string[] {
	const raw = ctx.getNodeParameter('subscriberIds', itemIndex, '');
	const ids = splitList(raw).map((id) => requireUuid(ctx, itemIndex, 'Subscriber IDs', id));
	if (ids.length === 0)
		throw invalidInput(ctx, itemIndex, 'Subscriber IDs', 'at least one subscriber ID', raw);
	return ids;
}

/** From version 1.1: the IDs of the rows; at least one. */
function readRows(ctx: IExecuteFunctions, itemIndex: number): string[] {
	const { ids, given } = readPickerRows(ctx, itemIndex, rows);
	// "got" shows what the rows gave, one entry per row.
	if (ids.length === 0)
		throw invalidInput(ctx, itemIndex, 'Subscribers', 'at least one subscriber ID', given);
	return ids;
}

/** The subscriber IDs of an item, without repeats: typed before version 1.1, rows from it on. */
export function readSubscriberIds(ctx: IExecuteFunctions, itemIndex: number): string[] {
	const ids = isVersionAtLeast(ctx, PICKERS_VERSION)
		? readRows(ctx, itemIndex)
		: readTyped(ctx, itemIndex);
	return [...new Set(ids)];
}
