import type {
	INodeExecutionData,
	INodeType,
	INodeTypeDescription,
	IPollFunctions,
} from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';
import { credentialTest } from '../shared/methods/credentialTest';
import { searchProcessTemplateIds } from '../shared/methods/processTemplateSearch';
import { searchNamespaces } from '../shared/methods/sectionSearch';
import { eventSelector, readWatchedList, TRIGGER_EVENTS } from '../shared/trigger/events';
import { sectionParameter } from '../shared/trigger/appItems';
import { templateParameter } from '../shared/trigger/newInstance';
import { timeoutOption, triggerOptions } from '../shared/trigger/options';
import { pollList } from '../shared/trigger/poll';

/** The events on process instances; n8n's panel lists them under ELMA365 Process (`<name>Trigger`). */
const EVENTS = [TRIGGER_EVENTS.newInstance];

export class Elma365ProcessTrigger implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'ELMA365 Process Trigger',
		name: 'elma365ProcessTrigger',
		icon: { light: 'file:../../icons/process.svg', dark: 'file:../../icons/process.dark.svg' },
		group: ['trigger'],
		version: 1,
		subtitle: '={{$parameter["event"]}}',
		// The description of the one panel entry of ELMA365 Process and this trigger (as ELMA365 App
		// Trigger's): what the two do.
		description:
			'Start ELMA365 business processes and control their instances, or start the workflow when a process is started from a template',
		defaults: { name: 'ELMA365 Process Trigger' },
		builderHint: {
			searchHint:
				'Polling trigger for ELMA365 (BRIX365) business processes: starts the workflow when a new instance of a chosen process template starts. Each output item is one process instance with its __id. Use ELMA365 Process to act on the instance and ELMA365 Task for its tasks.',
			relatedNodes: [
				{
					nodeType: 'n8n-nodes-elma365.elma365Process',
					relationHint: 'Reads, updates or interrupts the instance that started',
				},
				{
					nodeType: 'n8n-nodes-elma365.elma365Task',
					relationHint: 'Handles the tasks of the instance',
				},
			],
		},
		polling: true,
		inputs: [],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'elma365Api', required: true, testedBy: 'elma365ApiTest' }],
		properties: [
			eventSelector(EVENTS),
			sectionParameter(['newInstance']),
			templateParameter,
			triggerOptions(),
			timeoutOption,
		],
	};

	methods = {
		credentialTest,
		listSearch: { searchNamespaces, searchProcessTemplateIds },
	};

	async poll(this: IPollFunctions): Promise<INodeExecutionData[][] | null> {
		return await pollList(this, readWatchedList(this, EVENTS));
	}
}
