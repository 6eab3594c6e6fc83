import type { IDataObject, INodeProperties, IPollFunctions } from 'n8n-workflow';
import { namingItem, requireOneOf } from '../validation';
import { readPollOptions } from './options';
import { newInstance } from './newInstance';
import { newItem } from './newItem';
import { newTask } from './newTask';
import { statusEntered } from './statusEntered';
import type { TriggerEventDefinition } from './types';
import { updatedItem } from './updatedItem';

export type { TriggerEventDefinition } from './types';

/** Every event, one definition each: each trigger lists those of its area. */
export const TRIGGER_EVENTS = { newItem, updatedItem, statusEntered, newInstance, newTask };

export type TriggerEvent = keyof typeof TRIGGER_EVENTS;

/** The list a poll reads and the event it watches for there, read from the parameters. */
export interface WatchedList {
	event: TriggerEvent;
	path: string;
	/** The timestamp of the event: what the mark, the window and the remembered keys use. */
	field: '__createdAt' | '__updatedAt';
	/**
	 * The timestamp the list is sorted and filtered by: the event's own, except for process
	 * instances, whose lists ignore a `__createdAt` filter but apply `__updatedAt` (never older than
	 * the creation, so the range still holds every instance created since).
	 */
	rangeField: '__createdAt' | '__updatedAt';
	/** List body without sort, range and paging. */
	body: IDataObject;
	lookbackMs: number;
	fireForExisting: boolean;
}

/** The Event parameter of a trigger: its events' entries, the first one the default. */
export function eventSelector(events: TriggerEventDefinition[]): INodeProperties {
	const firstEvent = events[0].option.value;
	return {
		displayName: 'Event',
		name: 'event',
		type: 'options',
		noDataExpression: true,
		default: firstEvent,
		options: events.map((event) => event.option),
	};
}

/**
 * Reads and validates a trigger's parameters for one of `events`; nothing is requested before this
 * succeeds. A poll has no items: a refused value names its field only.
 */
export function readWatchedList(
	ctx: IPollFunctions,
	events: TriggerEventDefinition[],
): WatchedList {
	try {
		return watchedList(ctx, events);
	} catch (error) {
		throw namingItem(ctx.getNode(), error, undefined);
	}
}

function watchedList(ctx: IPollFunctions, events: TriggerEventDefinition[]): WatchedList {
	const values = events.map((event) => event.option.value as TriggerEvent);
	const event = requireOneOf('Event', ctx.getNodeParameter('event', values[0]), values);
	const { lookbackMs, fireForExisting, filter } = readPollOptions(ctx);
	const list = TRIGGER_EVENTS[event].watch(ctx);
	const body = { ...list.body };
	if (Object.keys(filter).length > 0) body.filter = filter;
	return { event, ...list, body, lookbackMs, fireForExisting };
}
