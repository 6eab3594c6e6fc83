import type { INodeProperties, IPollFunctions } from 'n8n-workflow';
import { requireOneOf } from '../../validation';
import { readPollOptions } from '../options';
import type { WatchedList } from '../poll';
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

/** Reads and validates a trigger's parameters for one of `events`; nothing is requested before this succeeds. */
export function readWatchedList(
	ctx: IPollFunctions,
	events: TriggerEventDefinition[],
): WatchedList {
	const values = events.map((event) => event.option.value as TriggerEvent);
	const event = requireOneOf(
		ctx,
		undefined,
		'Event',
		ctx.getNodeParameter('event', values[0]),
		values,
	);
	const { lookbackMs, fireForExisting, filter } = readPollOptions(ctx);
	const list = TRIGGER_EVENTS[event].watch(ctx);
	const body = { ...list.body };
	if (Object.keys(filter).length > 0) body.filter = filter;
	return { event, ...list, body, lookbackMs, fireForExisting };
}
