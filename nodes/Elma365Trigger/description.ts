import type { INodeProperties } from 'n8n-workflow';
import { beforeVersion, sinceVersion } from '../shared/descriptions/versioning';
import { triggerOptions, timeoutOption } from '../shared/trigger/options';
import { eventSelector, TRIGGER_EVENTS } from '../shared/trigger/events';
import {
	applicationParameters,
	ITEM_EVENTS,
	sectionParameter,
} from '../shared/trigger/events/appItems';
import { templateParameter } from '../shared/trigger/events/newInstance';
import { taskParameters } from '../shared/trigger/events/newTask';
import { PICKERS_VERSION, TASK_EVENT_VERSION } from './versions';

const { newItem, updatedItem, statusEntered, newInstance, newTask } = TRIGGER_EVENTS;

/** The events of version 1.2 on, in the order the Event list shows them. */
export const ALL_EVENTS = [newItem, updatedItem, statusEntered, newInstance, newTask];

/**
 * Every event in one node, as saved workflows have it; the area triggers (ELMA365 App Trigger,
 * ELMA365 Process Trigger, ELMA365 Task Trigger) replace it in the node panel. n8n's panel lists
 * the events of the first Event parameter, so the newest one comes first.
 */
export const properties: INodeProperties[] = [
	...sinceVersion(TASK_EVENT_VERSION, [eventSelector(ALL_EVENTS)]),
	...beforeVersion(TASK_EVENT_VERSION, [eventSelector(ALL_EVENTS.slice(0, 4))]),
	sectionParameter([...ITEM_EVENTS, 'newInstance']),
	...applicationParameters,
	templateParameter,
	...taskParameters,
	// Version 1 types the table filter's field codes for every event. From 1.1 the item events pick
	// them from the application's fields; process instances have no application, so they keep typing.
	...beforeVersion(PICKERS_VERSION, [triggerOptions()]),
	...sinceVersion(PICKERS_VERSION, [
		{
			...triggerOptions({ application: 'application' }),
			displayOptions: { show: { event: ITEM_EVENTS } },
		},
		{ ...triggerOptions(), displayOptions: { show: { event: ['newInstance', 'newTask'] } } },
	]),
	timeoutOption,
];
