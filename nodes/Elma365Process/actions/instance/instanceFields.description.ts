import type { INodeProperties } from 'n8n-workflow';
import { idLocator } from '../../../shared/descriptions/locators';
import {
	additionalBody,
	concurrency,
	optionsCollection,
} from '../../../shared/descriptions/options';
import { ADAPTIVE_CEILING } from '../../../shared/execution/router';

const INSTANCE_SOURCE =
	"the ID of a process instance: the instanceId that ELMA365 Process > Process > Start outputs, the __id from Instance > Get Many, or ELMA365 Process Trigger's output";

/** The process instance an operation changes, by ID. */
export function instanceField(purpose: string): INodeProperties {
	return idLocator({
		displayName: 'Instance',
		name: 'instanceId',
		description: `The process instance ${purpose}: its ID, e.g. the instanceId a Start outputs or the __id of a listed instance`,
		source: INSTANCE_SOURCE,
	});
}

/** The Instance read from every input item of a grouped operation. */
export function instanceIdOfEveryItem(purpose: string): INodeProperties {
	return idLocator({
		displayName: 'Instance',
		name: 'instanceId',
		description: `The process instance ${purpose}, read from every input item (e.g. {{ $json.__id }} of a listed instance): all of them are sent in one request`,
		source: INSTANCE_SOURCE,
	});
}

/**
 * The form of an action on one instance without a documented body (Skip Step, Restart Step, Move to
 * Version): the Instance, and Options with Concurrency (the adaptive window's ceiling by default)
 * and Additional Body (JSON).
 */
export function instanceActionFields(purpose: string): INodeProperties[] {
	return [
		instanceField(purpose),
		optionsCollection([concurrency(ADAPTIVE_CEILING), additionalBody]),
	];
}

/** The form of the same actions on the instances of all input items in one request. */
export function instancesActionFields(purpose: string): INodeProperties[] {
	return [instanceIdOfEveryItem(purpose), optionsCollection([additionalBody])];
}
