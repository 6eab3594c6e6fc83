import type {
	INodeExecutionData,
	INodeType,
	INodeTypeDescription,
	IPollFunctions,
} from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';
import { getFieldCodes } from '../shared/methods/applicationFields';
import { credentialTest } from '../shared/methods/credentialTest';
import { searchApplications, searchNamespaces } from '../shared/methods/sectionSearch';
import { getStatuses } from '../shared/methods/statusOptions';
import { eventSelector, readWatchedList, TRIGGER_EVENTS } from '../shared/trigger/events';
import {
	applicationParameters,
	ITEM_EVENTS,
	sectionParameter,
} from '../shared/trigger/events/appItems';
import { timeoutOption, triggerOptions } from '../shared/trigger/options';
import { pollList } from '../shared/trigger/poll';

/** The events on application items; n8n's panel lists them under ELMA365 App (`<name>Trigger`). */
const EVENTS = [TRIGGER_EVENTS.newItem, TRIGGER_EVENTS.updatedItem, TRIGGER_EVENTS.statusEntered];

export class Elma365AppTrigger implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'ELMA365 App Trigger',
		name: 'elma365AppTrigger',
		icon: { light: 'file:../../icons/app.svg', dark: 'file:../../icons/app.dark.svg' },
		group: ['trigger'],
		version: 1,
		subtitle: '={{$parameter["event"]}}',
		description:
			'Starts the workflow when ELMA365 application items appear, change or enter a status',
		defaults: { name: 'ELMA365 App Trigger' },
		polling: true,
		inputs: [],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'elma365Api', required: true, testedBy: 'elma365ApiTest' }],
		properties: [
			eventSelector(EVENTS),
			sectionParameter(ITEM_EVENTS),
			...applicationParameters,
			triggerOptions({ application: 'application' }),
			timeoutOption,
		],
	};

	methods = {
		credentialTest,
		listSearch: { searchNamespaces, searchApplications },
		loadOptions: { getFieldCodes, getStatuses },
	};

	async poll(this: IPollFunctions): Promise<INodeExecutionData[][] | null> {
		return await pollList(this, readWatchedList(this, EVENTS));
	}
}
