import type { INodeProperties, IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { splitList } from '../utils';
import { invalidInput } from '../validation';

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

/** Turns one entry of the answer into its output item; made once per input item, applied to every entry. */
export type EntryShaper = (entry: IDataObject) => IDataObject;

const unchanged: EntryShaper = (entry) => entry;

/** Each entry with only the `kept` fields it has. */
function keeping(kept: readonly string[]): EntryShaper {
	return (entry) => {
		const result: IDataObject = {};
		for (const field of kept) if (field in entry) result[field] = entry[field];
		return result;
	};
}

/** Application and contract items without their secondary system fields. */
const withoutSecondarySystemFields: EntryShaper = (entry) =>
	Object.fromEntries(
		Object.entries(entry).filter(
			([key]) => !key.startsWith('__') || ITEM_SYSTEM_FIELDS_KEPT.has(key),
		),
	);

/**
 * The field codes Output > Selected Fields chose, or undefined for Simplified and Raw; Selected
 * Fields without a field is refused before any request.
 */
function selectedFields(
	ctx: IExecuteFunctions,
	itemIndex: number,
	choice: string,
	fieldsLabel: string,
): string[] | undefined {
	const output = ctx.getNodeParameter('output', itemIndex, choice) as string;
	if (output !== 'fields') return undefined;
	const value = ctx.getNodeParameter('fields', itemIndex, '');
	const fields = splitList(value);
	if (fields.length === 0) throw invalidInput(fieldsLabel, 'at least one field code', value);
	return fields;
}

/**
 * What the input item's Output makes of each entry: `simplified` for Simplified, the entry itself
 * for Raw, only the chosen fields for Selected Fields. Read once per input item, not once per entry
 * of a long list.
 */
function outputShaper(
	ctx: IExecuteFunctions,
	itemIndex: number,
	simplified: EntryShaper,
	choice: string,
	fieldsLabel: string,
): EntryShaper {
	const fields = selectedFields(ctx, itemIndex, choice, fieldsLabel);
	if (fields) return keeping(fields);
	return ctx.getNodeParameter('output', itemIndex, choice) === 'simple' ? simplified : unchanged;
}

/** Output for entries whose Simplified keeps the `kept` fields (users); Simplified by default. */
export function outputOf(
	ctx: IExecuteFunctions,
	itemIndex: number,
	kept: readonly string[],
): EntryShaper {
	return outputShaper(ctx, itemIndex, keeping(kept), 'simple', TYPED_FIELDS_LABEL);
}

/** Output for application and contract items; Raw by default. */
export function itemOutputOf(ctx: IExecuteFunctions, itemIndex: number): EntryShaper {
	return outputShaper(ctx, itemIndex, withoutSecondarySystemFields, 'raw', PICKED_FIELDS_LABEL);
}

/**
 * The list body's `fields`, the "field load rules" of the applist page
 * (api.elma365.com/en/public-api/reference/app/applist) as `{<code>: true}`, for Output > Selected
 * Fields, so that the platform sends only those fields; empty for Simplified and Raw. `__id` is
 * always asked for: the pages of a list are told apart by it (lists/listPage.ts), and Selected
 * Fields leaves it out of the output when not chosen.
 */
export function itemFieldsToLoad(ctx: IExecuteFunctions, itemIndex: number): IDataObject {
	const fields = selectedFields(ctx, itemIndex, 'raw', PICKED_FIELDS_LABEL);
	if (!fields) return {};
	return { fields: Object.fromEntries(['__id', ...fields].map((field) => [field, true])) };
}
