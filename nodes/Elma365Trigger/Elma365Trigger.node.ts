import type {
	INodeExecutionData,
	INodeType,
	INodeTypeDescription,
	IPollFunctions,
} from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';
import { ALL_EVENTS, properties } from './description';
import { getFieldCodes } from '../shared/methods/applicationFields';
import { searchProcessTemplateIds } from '../shared/methods/processTemplateSearch';
import { searchApplications, searchNamespaces } from '../shared/methods/sectionSearch';
import { getStatuses } from '../shared/methods/statusOptions';
import { searchUsers } from '../shared/methods/userSearch';
import { readWatchedList } from '../shared/trigger/events';
import { pollList } from '../shared/trigger/poll';
import { credentialTest } from '../shared/methods/credentialTest';

export class Elma365Trigger implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'ELMA365 Trigger',
		name: 'elma365Trigger',
		// Saved workflows keep running it; the panel offers the area triggers instead.
		hidden: true,
		icon: { light: 'file:../../icons/elma365.svg', dark: 'file:../../icons/elma365.dark.svg' },
		group: ['trigger'],
		version: 1,
		subtitle: '={{$parameter["event"]}}',
		description:
			'Starts the workflow when ELMA365 application items, process instances or tasks appear or change',
		defaults: { name: 'ELMA365 Trigger' },
		polling: true,
		inputs: [],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'elma365Api', required: true, testedBy: 'elma365ApiTest' }],
		properties,
	};

	methods = {
		credentialTest,
		listSearch: { searchNamespaces, searchApplications, searchProcessTemplateIds, searchUsers },
		loadOptions: { getFieldCodes, getStatuses },
	};

	async poll(this: IPollFunctions): Promise<INodeExecutionData[][] | null> {
		return await pollList(this, readWatchedList(this, ALL_EVENTS));
	}
}
