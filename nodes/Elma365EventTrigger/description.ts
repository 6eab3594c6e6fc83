import type { INodeProperties } from 'n8n-workflow';
import { uuidLocator } from '../shared/pickers/locators';

/** The process activity's event: the process waits for the workflow's answer. */
export const PROCESS_ACTIVITY = 'process.activity';

/** Item events whose item can be read again through the public API (a deleted one cannot). */
export const READABLE_ITEM_EVENTS = [
	'item.created',
	'item.updated',
	'item.status_changed',
	'item.comment_added',
];

export const properties: INodeProperties[] = [
	{
		displayName:
			"Needs the n8n connector module installed and enabled in the company (beta), and its subscribe key in the credential's Connector Subscribe Key: see the node documentation",
		name: 'moduleNotice',
		type: 'notice',
		default: '',
	},
	uuidLocator({
		displayName: 'Module',
		name: 'module',
		searchListMethod: 'searchModules',
		description:
			'The n8n connector module (Administration > Modules): the workflow subscribes through its API methods when it is activated. The list shows the modules that answer as the connector first.',
	}),
	{
		displayName: 'Events',
		name: 'events',
		type: 'multiOptions',
		required: true,
		default: [],
		description: 'The events that start the workflow',
		options: [
			{ name: 'Item Comment Added', value: 'item.comment_added' },
			{ name: 'Item Created', value: 'item.created' },
			{ name: 'Item Deleted', value: 'item.deleted' },
			{ name: 'Item Status Changed', value: 'item.status_changed' },
			{ name: 'Item Updated', value: 'item.updated' },
			{
				name: 'Process Activity (Send to N8n)',
				value: PROCESS_ACTIVITY,
				description:
					'A process reached the module\'s "Send to n8n" activity and waits for the answer',
			},
			{
				name: 'User Created',
				value: 'user.created',
				description:
					"Unverified: the event's data is the module handler's whole context, whose shape no public source shows",
			},
			{
				name: 'User Updated',
				value: 'user.updated',
				description:
					"Unverified: the event's data is the module handler's whole context, whose shape no public source shows",
			},
		],
	},
	{
		displayName: 'Application Names or IDs',
		name: 'applications',
		type: 'multiOptions',
		typeOptions: { loadOptionsMethod: 'getApplications' },
		default: [],
		description:
			'The applications whose item events start the workflow; none chosen means all applications. Choose from the list, or specify IDs using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.',
	},
	{
		displayName: 'Respond',
		name: 'responseMode',
		type: 'options',
		default: 'onReceived',
		description: 'When the process activity gets its answer',
		displayOptions: { show: { events: [PROCESS_ACTIVITY] } },
		options: [
			{
				name: 'Immediately',
				value: 'onReceived',
				description: 'As soon as the event is accepted; the process gets no data back',
			},
			{
				name: 'When Last Node Finishes',
				value: 'lastNode',
				description: "With the JSON of the workflow's last node's first item",
			},
			{
				name: "Using 'Respond to Webhook' Node",
				value: 'responseNode',
				description: 'With what the Respond to Webhook node sends',
			},
		],
	},
	{
		displayName: "Insert a 'Respond to Webhook' node to send the process its answer",
		name: 'responseNodeNotice',
		type: 'notice',
		default: '',
		displayOptions: { show: { events: [PROCESS_ACTIVITY], responseMode: ['responseNode'] } },
	},
	{
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		options: [
			{
				displayName: 'Fetch Full Item',
				name: 'fetchFullItem',
				type: 'boolean',
				default: false,
				description:
					'Whether to read the item through the public API (all its fields) instead of the fields the event carries; not for deleted items',
			},
		],
	},
];
