import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';
import type { ListPickers } from '../shared/lists/listOptions';
import { tableFilter } from '../shared/lists/listOptions';
import { codeLocator, uuidLocator } from '../shared/descriptions/locators';
import { statusPicker } from '../shared/descriptions/statusPicker';
import { beforeVersion, sinceVersion } from '../shared/descriptions/versioning';
import { PICKERS_VERSION, TASK_EVENT_VERSION } from './versions';
import { requestOptions } from '../shared/transport/requestOptions';

export const EVENTS = [
	'newItem',
	'updatedItem',
	'statusEntered',
	'newInstance',
	'newTask',
] as const;
export type TriggerEvent = (typeof EVENTS)[number];

const ITEM_EVENTS: TriggerEvent[] = ['newItem', 'updatedItem', 'statusEntered'];

export const DEFAULT_LOOKBACK_MINUTES = 10;

/**
 * The trigger's options, with the shared table filter so conditions are entered the same way as in
 * Get Many; with `pickers` its field codes are chosen from the application's fields.
 */
function triggerOptions(pickers?: ListPickers): INodeProperties {
	return {
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		options: [
			{
				displayName: 'EQL Query',
				name: 'eql',
				type: 'string',
				default: '',
				placeholder: '[priority] = 1',
				description:
					"Only items matching this query in the platform's query language (sent as filter.eql.query)",
			},
			{
				displayName: 'Fire for Existing Items',
				name: 'fireForExisting',
				type: 'boolean',
				default: false,
				description:
					'Whether the first poll after activation emits every item that already matches; off, it only remembers where history ends',
			},
			{
				displayName: 'Lookback Window (Minutes)',
				name: 'lookbackMinutes',
				type: 'number',
				typeOptions: { minValue: 0 },
				default: DEFAULT_LOOKBACK_MINUTES,
				description:
					'How far before the newest timestamp seen each poll looks again, to catch items that appear late (out of order); each one still fires only once',
			},
			tableFilter(pickers),
		],
	};
}

const events: INodePropertyOptions[] = [
	{
		name: 'New Application Item',
		value: 'newItem',
		description: 'An item was created (by its __createdAt)',
	},
	{
		name: 'Updated Application Item',
		value: 'updatedItem',
		description: 'An item was created or changed (by its __updatedAt); fires once per change',
	},
	{
		name: 'Item Entered a Status',
		value: 'statusEntered',
		description: 'An item moved into the chosen status',
	},
	{
		name: 'New Process Instance',
		value: 'newInstance',
		description: 'A process was started from a template (by its __createdAt)',
	},
];

const newTaskEvent: INodePropertyOptions = {
	name: 'New Task',
	value: 'newTask',
	description:
		"A task appeared for the credential's user or a chosen user (by its __createdAt); fires once per task",
};

function eventSelector(options: INodePropertyOptions[]): INodeProperties {
	return {
		displayName: 'Event',
		name: 'event',
		type: 'options',
		noDataExpression: true,
		default: 'newItem',
		options,
	};
}

export const properties: INodeProperties[] = [
	...beforeVersion(TASK_EVENT_VERSION, [eventSelector(events)]),
	...sinceVersion(TASK_EVENT_VERSION, [eventSelector([...events, newTaskEvent])]),
	{
		...codeLocator({
			displayName: 'Section',
			name: 'namespace',
			searchListMethod: 'searchNamespaces',
			description: 'The section (namespace) of the application or of the process template',
			placeholder: 'crm',
		}),
		displayOptions: { show: { event: [...ITEM_EVENTS, 'newInstance'] } },
	},
	{
		...codeLocator({
			displayName: 'Application',
			name: 'application',
			searchListMethod: 'searchApplications',
			description: 'The application whose items are watched',
			placeholder: 'requests',
		}),
		displayOptions: { show: { event: ITEM_EVENTS } },
	},
	{ ...statusPicker, displayOptions: { show: { event: ['statusEntered'] } } },
	{
		...uuidLocator({
			displayName: 'Process Template',
			name: 'templateId',
			searchListMethod: 'searchProcessTemplateIds',
			description: 'The process template whose new instances start the workflow',
		}),
		displayOptions: { show: { event: ['newInstance'] } },
	},
	{
		displayName: 'Tasks Of',
		name: 'taskPerformer',
		type: 'options',
		default: 'me',
		options: [
			{
				name: "The Credential's User",
				value: 'me',
				description: "Every new task the credential's user can see",
			},
			{
				name: 'A Chosen User',
				value: 'user',
				description: "New tasks in the chosen user's task list",
			},
		],
		displayOptions: { show: { event: ['newTask'] } },
	},
	{
		...uuidLocator({
			displayName: 'User',
			name: 'performerId',
			searchListMethod: 'searchUsers',
			description: 'The user whose new tasks start the workflow',
		}),
		displayOptions: { show: { event: ['newTask'], taskPerformer: ['user'] } },
	},
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
	// A trigger only reads: of the Request Options, the timeout is what applies.
	{
		...requestOptions,
		options: requestOptions.options?.filter((option) => option.name === 'timeout'),
	},
];
