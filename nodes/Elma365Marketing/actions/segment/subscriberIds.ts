import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { beforeVersion, PICKERS_VERSION, sinceVersion, uuidLocator } from '../../../shared/locators';
import { invalidInput, requireUuid } from '../../../shared/validation';

/** Adding or removing subscribers: the last segment of the PATCH path. */
export type Action = 'add' | 'remove';

const ROWS = 'subscriberIds.subscriber';

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
function pickedIds(action: Action): INodeProperties {
	const subscriber = uuidLocator({
		displayName: 'Subscriber',
		name: 'id',
		searchListMethod: action === 'add' ? 'searchSubscribers' : 'searchSegmentSubscribers',
		description: `The subscriber to ${action}`,
	});
	if (action === 'remove') subscriber.typeOptions = { loadOptionsDependsOn: ['segmentId.value'] };
	return {
		displayName: 'Subscribers',
		name: 'subscriberIds',
		type: 'fixedCollection',
		typeOptions: { multipleValues: true },
		placeholder: 'Add Subscriber',
		default: {},
		description: `The subscribers to ${action}. A row set to an expression may give several IDs: an array or comma-separated text.`,
		options: [{ displayName: 'Subscriber', name: 'subscriber', values: [subscriber] }],
	};
}

export function subscriberIdsProperties(action: Action): INodeProperties[] {
	return [...beforeVersion([typedIds], PICKERS_VERSION), ...sinceVersion([pickedIds(action)], PICKERS_VERSION)];
}

/**
 * IDs from an array or comma-separated text. Version 1 drops blank entries of an array and takes no
 * other value; a row (`strict`) keeps every entry and value, so that a wrong one is named.
 */
function splitIds(value: unknown, strict: boolean): unknown[] {
	if (Array.isArray(value)) return strict ? value : value.map((v) => String(v).trim()).filter(Boolean);
	if (typeof value === 'string') return value.split(',').map((v) => v.trim()).filter(Boolean);
	return strict && value !== undefined && value !== null ? [value] : [];
}

function readTyped(ctx: IExecuteFunctions, itemIndex: number): string[] {
	const raw = ctx.getNodeParameter('subscriberIds', itemIndex, '');
	const ids = splitIds(raw, false).map((id) => requireUuid(ctx, itemIndex, 'Subscriber IDs', id));
	if (ids.length === 0) throw invalidInput(ctx, itemIndex, 'Subscriber IDs', 'at least one subscriber ID', raw);
	return ids;
}

/** The IDs of every row, in order; n8n reads a picker inside a row by its indexed path. */
function readRows(ctx: IExecuteFunctions, itemIndex: number): string[] {
	const rows = (ctx.getNodeParameter(ROWS, itemIndex, []) as unknown[]) ?? [];
	const given = rows.map((_row, position) => ctx.getNodeParameter(`${ROWS}[${position}].id`, itemIndex, '', { extractValue: true }));
	const ids = given.flatMap((value, position) =>
		splitIds(value, true).map((id) => requireUuid(ctx, itemIndex, `Subscribers (entry ${position + 1})`, id)),
	);
	// "got" shows what the rows gave, one entry per row.
	if (ids.length === 0) throw invalidInput(ctx, itemIndex, 'Subscribers', 'at least one subscriber ID', given);
	return ids;
}

/** The subscriber IDs of an item, without repeats: typed before version 1.1, rows from it on. */
export function readSubscriberIds(ctx: IExecuteFunctions, itemIndex: number): string[] {
	const ids = ctx.getNode().typeVersion >= PICKERS_VERSION ? readRows(ctx, itemIndex) : readTyped(ctx, itemIndex);
	return [...new Set(ids)];
}
