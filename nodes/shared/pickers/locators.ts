import type { INodeProperties, INodePropertyMode, IExecuteFunctions } from 'n8n-workflow';
import { runMemo } from '../flow';
import { parameterField, requireUuid } from '../validation';

const UUID_PATTERN = '[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}';
const UUID_REGEX = `^\\s*${UUID_PATTERN}\\s*$`;

/** What every picker states: its parameter, label, list method and description. */
interface LocatorOptions {
	displayName: string;
	name: string;
	searchListMethod: string;
	description: string;
	required?: boolean;
}

/** A picker mode whose value is typed, and the pattern the editor checks it against. */
interface TypedMode {
	displayName: string;
	name: string;
	placeholder: string;
	regex: string;
	errorMessage: string;
	/** Where the value is a part of what is typed (an ID in a link): the regex whose group 1 it is. */
	extract?: string;
}

/** The type of a mode whose value is typed (a name, not the literal, as n8n's lint reads `type: 'string'` as a parameter's). */
const TEXT_MODE = 'string';

/** A mode where the value is typed, checked by the editor against `regex`. */
function typedMode(typed: TypedMode): INodePropertyMode {
	return {
		displayName: typed.displayName,
		name: typed.name,
		type: TEXT_MODE,
		placeholder: typed.placeholder,
		validation: [
			{ type: 'regex', properties: { regex: typed.regex, errorMessage: typed.errorMessage } },
		],
		...(typed.extract ? { extractValue: { type: 'regex' as const, regex: typed.extract } } : {}),
	};
}

const PROCESS_TEMPLATE_ID =
	'the ID of a process template; ELMA365 Scheme > Process Template > Get Many in Section lists them';

/**
 * Where a typed value of each picker comes from, for n8n's AI Workflow Builder. Keyed by the list
 * method: each lists one kind of object, in whichever node or operation the picker appears.
 */
const TYPED_VALUE_SOURCES: Record<string, string> = {
	searchNamespaces:
		'a section code such as crm (the first part of an application address crm/deals); ELMA365 Scheme > Section > Get Many lists them',
	searchApplications:
		"an application code such as deals (the second part of crm/deals), of the chosen section; ELMA365 Scheme > Application > Get Many lists a section's applications",
	searchItems:
		"the __id of an application item, from ELMA365 App > Item > Get Many or Create, or from ELMA365 App Trigger's output",
	searchContractItems:
		'the __id of a contract item, from ELMA365 Contract > Item > Get Many or Create',
	searchItemMessages:
		"the __id of a message in the item's activity stream, from ELMA365 App > Comment > Get Many",
	searchChannels: 'the __id of a channel, from ELMA365 Channel > Channel > Get Many',
	searchChannelMessages: 'the __id of a message, from ELMA365 Channel > Message > Get Many',
	searchUsers:
		'the __id of a user, from ELMA365 User > User > Get Many (filter it by email or name to find one person)',
	searchTasks:
		"the __id of a task, from ELMA365 Task > Task > Get Many or from ELMA365 Task Trigger's output",
	searchExits: 'the ID of an exit (button) of the task, from ELMA365 Task > Task > Get Exits',
	searchProcessTemplates:
		'a process template code; ELMA365 Scheme > Process Template > Get Many in Section lists them',
	searchProcessTemplateIds: PROCESS_TEMPLATE_ID,
	searchInstanceTemplates: PROCESS_TEMPLATE_ID,
	searchTemplateInstances:
		"the ID of a process instance: the instanceId that ELMA365 Process > Process > Start outputs, the __id from Instance > Get Many, or ELMA365 Process Trigger's output",
	searchTemplateCodeInstances:
		"the ID of a process instance: the instanceId that ELMA365 Process > Process > Start outputs, the __id from Instance > Get Many, or ELMA365 Process Trigger's output",
	searchReports: 'a report code; ELMA365 Scheme > Report > Get Many lists the reports of a section',
	searchModuleCodes: 'a module code; ELMA365 Scheme > Module > Get Many lists the modules',
	searchModules: 'the ID of a module, from ELMA365 Scheme > Module > Get Many',
	searchSolutions: 'a solution code, from ELMA365 Scheme > Solution > Get Many',
	searchPages: 'the ID of a page, from ELMA365 Scheme > Page > Get Many of the section',
	searchDocumentTemplates:
		'the ID of a document template, from ELMA365 Scheme > Document Template > Get Many in Section',
	searchContracts:
		'a contract application code of the chosen section, from ELMA365 Scheme > Contract > Get Many',
	searchWidgets: 'a widget code of the chosen section, from ELMA365 Scheme > Widget > Get Many',
	searchGroups: 'the ID of a group, from ELMA365 Scheme > Group > Get Many in Section',
	searchGroupPositions: 'the ID of a position, from ELMA365 Scheme > Group > Get Positions',
	searchDirectories: "the __id of a directory, from this node's Directory > Get Many",
	searchFiles:
		'the __id of a stored file (not its hash), from ELMA365 File > File > Search, Get, Move or Upload to Directory',
	searchCases: 'the __id of a case, from ELMA365 Nomenclature > Case > Get Many',
	searchSegments: 'the __id of a segment, from ELMA365 Marketing > Segment > Get Many',
	searchSubscribers: 'the __id of a subscriber, from ELMA365 Marketing > Subscriber > Get Many',
	searchSegmentSubscribers:
		'the __id of a subscriber of the segment, from ELMA365 Marketing > Segment > Get Subscribers',
};

/**
 * The builder hint of a picker: leave the list mode to the person setting the workflow up, or fill
 * the typed mode from an earlier node's output.
 */
export function pickerBuilderHint(searchListMethod: string, typedMode: string) {
	const source = TYPED_VALUE_SOURCES[searchListMethod] ?? 'the ID of the object';
	return {
		propertyHint: `Use mode 'list' when the user picks it in the editor. To set it from data, use mode '${typedMode}' with ${source}.`,
	};
}

/** A searchable list of the platform's objects, or a value typed in the second mode. */
function locator(options: LocatorOptions, typed: TypedMode): INodeProperties {
	return {
		displayName: options.displayName,
		name: options.name,
		type: 'resourceLocator',
		default: { mode: 'list', value: '' },
		required: options.required ?? true,
		description: options.description,
		builderHint: pickerBuilderHint(options.searchListMethod, typed.name),
		modes: [
			{
				displayName: 'From List',
				name: 'list',
				type: 'list',
				typeOptions: { searchListMethod: options.searchListMethod, searchable: true },
			},
			typedMode(typed),
		],
	};
}

/** A picker for an object addressed by uuid: from a searchable list, or typed in as an ID. */
export function uuidLocator(options: LocatorOptions): INodeProperties {
	return locator(options, {
		displayName: 'By ID',
		name: 'id',
		placeholder: '3fa85f64-5717-4562-b3fc-2c963f66afa6',
		regex: UUID_REGEX,
		errorMessage: 'Not a valid UUID',
	});
}

/**
 * A uuid picker with a third mode, "By URL": a link copied from the platform's web interface, such
 * as `https://mycompany.elma365.ru/crm/deals(p:item/crm/deals/<id>)`. The ID is the link's last
 * UUID (the greedy `.*` skips any before it).
 */
export function uuidLocatorWithUrl(
	options: LocatorOptions & { urlExample: string },
): INodeProperties {
	const picker = uuidLocator(options);
	const byUrl = typedMode({
		displayName: 'By URL',
		name: 'url',
		placeholder: options.urlExample,
		regex: `\\s*https?://.*${UUID_PATTERN}.*`,
		errorMessage: 'Not a link with an ID in it',
		extract: `.*(${UUID_PATTERN})`,
	});
	return { ...picker, modes: [...(picker.modes ?? []), byUrl] };
}

/**
 * A locator for an object the platform publishes no list of (a process instance without a template
 * or target to search in, a restore point): typed as an ID, checked by the editor as a UUID. A
 * locator, so that a list mode can be added later without renaming the parameter.
 */
export function idLocator(
	options: Pick<LocatorOptions, 'displayName' | 'name' | 'description' | 'required'> & {
		/** Where the ID comes from, for n8n's AI Workflow Builder: which operation's output holds it. */
		source: string;
	},
): INodeProperties {
	const required = options.required ?? true;
	return {
		displayName: options.displayName,
		name: options.name,
		type: 'resourceLocator',
		default: { mode: 'id', value: '' },
		required,
		description: options.description,
		builderHint: { propertyHint: `Use mode 'id' with ${options.source}.` },
		modes: [
			typedMode({
				displayName: 'By ID',
				name: 'id',
				placeholder: '3fa85f64-5717-4562-b3fc-2c963f66afa6',
				// n8n checks an empty value against the pattern too: an optional ID may be left empty.
				regex: required ? UUID_REGEX : `^\\s*(${UUID_PATTERN})?\\s*$`,
				errorMessage: 'Not a valid UUID',
			}),
		],
	};
}

/**
 * A picker for an object addressed by code (section, application, process template): from a
 * searchable list, or typed in as a code. Its value, whatever the mode, is the code.
 */
export function codeLocator(options: LocatorOptions & { placeholder: string }): INodeProperties {
	return locator(options, {
		displayName: 'By Code',
		name: 'code',
		placeholder: options.placeholder,
		regex: '^\\s*\\S+\\s*$',
		errorMessage: 'A code has no spaces',
	});
}

/**
 * Reads a uuid picker's value (whatever its mode) and checks that it is a uuid; a value that is not
 * (a name, typed or given by an agent) is refused with where the ID comes from, the picker's list
 * `listedBy` (its listSearch method). Read once per item and run: the router reads an item's order
 * key (an ID) before the operation reads the same picker, and each read of an expression costs n8n's
 * expression engine a fresh evaluation.
 */
export function readUuidLocator(
	ctx: IExecuteFunctions,
	itemIndex: number,
	name: string,
	label: string,
	listedBy?: string,
): string {
	const read = runMemo(ctx, 'uuid pickers', () => new Map<string, string>());
	const key = `${itemIndex} ${name}`;
	let id = read.get(key);
	if (id === undefined) {
		const value = ctx.getNodeParameter(name, itemIndex, '', { extractValue: true });
		const source = listedBy === undefined ? undefined : TYPED_VALUE_SOURCES[listedBy];
		id = requireUuid(parameterField(name, label), value, source);
		read.set(key, id);
	}
	return id;
}
