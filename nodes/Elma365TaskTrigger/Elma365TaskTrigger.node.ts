import type {
	INodeExecutionData,
	INodeType,
	INodeTypeDescription,
	IPollFunctions,
} from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';
import { credentialTest } from '../shared/methods/credentialTest';
import { searchUsers } from '../shared/methods/userSearch';
import { eventSelector, readWatchedList, TRIGGER_EVENTS } from '../shared/trigger/events';
import { taskParameters } from '../shared/trigger/newTask';
import { timeoutOption, triggerOptions } from '../shared/trigger/options';
import { pollList } from '../shared/trigger/poll';

/** The events on tasks; n8n's panel lists them under ELMA365 Task (`<name>Trigger`). */
const EVENTS = [TRIGGER_EVENTS.newTask];

export class Elma365TaskTrigger implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'ELMA365 Task Trigger',
		name: 'elma365TaskTrigger',
		icon: { light: 'file:../../icons/task.svg', dark: 'file:../../icons/task.dark.svg' },
		group: ['trigger'],
		version: 1,
		subtitle: '={{$parameter["event"]}}',
		// The description of the one panel entry of ELMA365 Task and this trigger (as ELMA365 App
		// Trigger's): what the two do.
		description:
			"List, complete and reassign ELMA365 tasks, or start the workflow when a task appears in a user's task list",
		defaults: { name: 'ELMA365 Task Trigger' },
		builderHint: {
			searchHint:
				"Polling trigger for ELMA365 (BRIX365) tasks: starts the workflow when a new task appears in a chosen user's task list. Each output item is one task with its __id. Use ELMA365 Task to complete or reassign it.",
			relatedNodes: [
				{
					nodeType: 'n8n-nodes-elma365.elma365Task',
					relationHint: 'Completes, reassigns or updates the task that arrived',
				},
				{
					nodeType: 'n8n-nodes-elma365.elma365User',
					relationHint: 'Finds the user whose tasks are watched',
				},
			],
		},
		polling: true,
		inputs: [],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'elma365Api', required: true, testedBy: 'elma365ApiTest' }],
		properties: [eventSelector(EVENTS), ...taskParameters, triggerOptions(), timeoutOption],
	};

	methods = {
		credentialTest,
		listSearch: { searchUsers },
	};

	async poll(this: IPollFunctions): Promise<INodeExecutionData[][] | null> {
		return await pollList(this, readWatchedList(this, EVENTS));
	}
}
