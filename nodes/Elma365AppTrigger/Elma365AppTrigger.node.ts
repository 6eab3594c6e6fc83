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
import { applicationParameters, ITEM_EVENTS, sectionParameter } from '../shared/trigger/appItems';
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
		// n8n's node panel merges this trigger into ELMA365 App and shows this description on the one
		// entry of both, under "What happens next?" and "What triggers this workflow?" (editor-ui
		// useActionsGeneration.ts, generateMergedNodesAndActions): it says what the two do.
		description:
			'Create, read, update and set the status of ELMA365 application items, or start the workflow when items appear, change or enter a status',
		defaults: { name: 'ELMA365 App Trigger' },
		builderHint: {
			searchHint:
				'Polling trigger for ELMA365 (BRIX365) application items: starts the workflow when an item is created, updated or enters a chosen status in one application (Section + Application codes). Each output item is one application item with its __id and field values. Use ELMA365 App to act on the item afterwards.',
			relatedNodes: [
				{
					nodeType: 'n8n-nodes-elma365.elma365App',
					relationHint: 'Reads, updates or sets the status of the item that fired',
				},
				{
					nodeType: 'n8n-nodes-elma365.elma365Process',
					relationHint: 'Starts a process for the new item',
				},
				{
					nodeType: 'n8n-nodes-elma365.elma365Channel',
					relationHint: 'Posts a notification about the item',
				},
			],
		},
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
