import type { INodeProperties, INodePropertyMode } from 'n8n-workflow';

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

/** A searchable list of the platform's objects, or a value typed in the second mode. */
function locator(options: LocatorOptions, typed: TypedMode): INodeProperties {
	return {
		displayName: options.displayName,
		name: options.name,
		type: 'resourceLocator',
		default: { mode: 'list', value: '' },
		required: options.required ?? true,
		description: options.description,
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
	options: Pick<LocatorOptions, 'displayName' | 'name' | 'description'>,
): INodeProperties {
	return {
		displayName: options.displayName,
		name: options.name,
		type: 'resourceLocator',
		default: { mode: 'id', value: '' },
		required: true,
		description: options.description,
		modes: [
			typedMode({
				displayName: 'By ID',
				name: 'id',
				placeholder: '3fa85f64-5717-4562-b3fc-2c963f66afa6',
				regex: UUID_REGEX,
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
