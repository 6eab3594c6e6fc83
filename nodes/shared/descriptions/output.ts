import type { INodeProperties } from 'n8n-workflow';

/**
 * What an operation outputs of each entry, as n8n's UX guidelines ask of operations whose items are
 * large (the names of n8n's own Outlook v2 Output): Simplified, Raw or Selected Fields.
 */
export type OutputChoice = 'simple' | 'raw' | 'fields';

/** The labels of the field list of users (typed codes) and of items (picked), as errors name them. */
export const TYPED_FIELDS_LABEL = 'Fields';
export const PICKED_FIELDS_LABEL = 'Field Names or IDs';

function outputParameter(simplified: string, choice: OutputChoice): INodeProperties {
	return {
		displayName: 'Output',
		name: 'output',
		type: 'options',
		noDataExpression: true,
		options: [
			{ name: 'Simplified', value: 'simple', description: simplified },
			{ name: 'Raw', value: 'raw', description: 'Every field, as the platform returns it' },
			{
				name: 'Selected Fields',
				value: 'fields',
				description: 'Only the fields chosen in Fields',
			},
		],
		default: choice,
		builderHint: {
			propertyHint:
				"When the node is a tool or its output goes to an AI model, prefer 'simple', or 'fields' with the field codes the task needs, to keep the output small.",
		},
	};
}

const onlySelected = { show: { output: ['fields'] } };

/** Output for users: Simplified keeps `kept`; the fields to select are typed as codes. */
export function outputChoice(kept: readonly string[], choice: OutputChoice): INodeProperties[] {
	return [
		outputParameter(`Only the main fields: ${kept.join(', ')}`, choice),
		{
			displayName: TYPED_FIELDS_LABEL,
			name: 'fields',
			type: 'string',
			default: '',
			required: true,
			placeholder: '__id, email',
			description: 'Comma-separated field codes to output; an entry without one leaves it out',
			displayOptions: onlySelected,
		},
	];
}

/** The system fields an item keeps when simplified; its own fields are always kept. */
export const ITEM_SYSTEM_FIELDS_KEPT = new Set([
	'__id',
	'__name',
	'__status',
	'__createdAt',
	'__updatedAt',
]);

/**
 * Output for application and contract items (Get, Get Many): Raw by default (the item as the
 * platform returns it); Simplified keeps the item's own fields and only the main system ones; the
 * fields to select are picked from the chosen application's fields.
 */
export const itemOutputChoice: INodeProperties[] = [
	outputParameter(
		`The item's own fields with only these system fields: ${[...ITEM_SYSTEM_FIELDS_KEPT].join(', ')} (not __createdBy, __updatedBy, __deletedAt, __version, __index and the other system fields)`,
		'raw',
	),
	{
		displayName: PICKED_FIELDS_LABEL,
		name: 'fields',
		type: 'multiOptions',
		typeOptions: {
			loadOptionsMethod: 'getFieldCodes',
			loadOptionsDependsOn: ['namespace.value', 'application.value'],
		},
		default: [],
		required: true,
		description:
			'The fields to output (an application item list asks the platform for only these); an item without one leaves it out. Choose from the list, or specify IDs using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.',
		displayOptions: onlySelected,
	},
];
