import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { codeLocator, uuidLocator } from '../../shared/descriptions/locators';
import { beforeVersion, sinceVersion } from '../../shared/descriptions/versioning';
import { FIRST_VERSION, MORE_PICKERS_VERSION, PICKERS_VERSION } from '../versions';
import { requirePathSegment, requireUuid } from '../../shared/validation';

/** The values that address a scheme: each fills one `{name}` of a path template. */
export const PATH_PARAMS = {
	namespace: {
		displayName: 'Section Code',
		description: 'Code of the section (namespace), e.g. crm',
		placeholder: 'crm',
	},
	application: {
		displayName: 'Application Code',
		description: 'Code of the application inside the section, e.g. deals',
		placeholder: 'deals',
	},
	groupId: {
		displayName: 'Group ID',
		description: 'UUID of the group',
		placeholder: '3fa85f64-5717-4562-b3fc-2c963f66afa6',
		uuid: true,
	},
	moduleId: {
		displayName: 'Module ID',
		description: 'Identifier of the module',
		placeholder: 'telephony',
	},
	solutionCode: {
		displayName: 'Solution Code',
		description: 'Code of the solution',
		placeholder: 'sales',
	},
	pageId: {
		displayName: 'Page ID',
		description: 'Identifier of the page',
		placeholder: '3fa85f64-5717-4562-b3fc-2c963f66afa6',
	},
	templateId: {
		displayName: 'Document Template ID',
		description: 'Identifier of the document template',
		placeholder: '3fa85f64-5717-4562-b3fc-2c963f66afa6',
	},
	processCode: {
		displayName: 'Process Code',
		description: 'Code of the process template inside the section',
		placeholder: 'approval',
	},
	contractCode: {
		displayName: 'Contract Code',
		description: 'Code of the contract application inside the section',
		placeholder: 'agreements',
	},
	reportCode: {
		displayName: 'Report Code',
		description: 'Code of the report inside the section',
		placeholder: 'sales_report',
	},
	widgetCode: {
		displayName: 'Widget Code',
		description: 'Code of the widget inside the section',
		placeholder: 'kpi_tile',
	},
} as const;

/** The name of a path value, as it appears between braces in a path of the table. */
export type PathParamName = keyof typeof PATH_PARAMS;

/** Whether `name` is a path value (a row's `{name}` must be one). */
export function isPathParam(name: string): name is PathParamName {
	return Object.prototype.hasOwnProperty.call(PATH_PARAMS, name);
}

/** The plain string parameter for one path value (pickers may replace it later under the same name). */
export function pathParamProperty(name: PathParamName): INodeProperties {
	const param = PATH_PARAMS[name];
	return {
		displayName: param.displayName,
		name,
		type: 'string',
		required: true,
		default: '',
		placeholder: param.placeholder,
		description: param.description,
	};
}

/** Where a path value is picked from. */
interface Picker {
	/** The listSearch method of the node that lists the values. */
	method: string;
	/** The path value the list is filtered by (the section of an application). */
	dependsOn?: PathParamName;
	/** The node version from which the value is picked; before it, typed. */
	version: number;
}

/** The list each picked path value comes from; the others stay typed. */
const PICKERS: Partial<Record<PathParamName, Picker>> = {
	namespace: { method: 'searchNamespaces', version: PICKERS_VERSION },
	application: { method: 'searchApplications', dependsOn: 'namespace', version: PICKERS_VERSION },
	groupId: { method: 'searchGroups', version: PICKERS_VERSION },
	processCode: {
		method: 'searchProcessTemplates',
		dependsOn: 'namespace',
		version: PICKERS_VERSION,
	},
	moduleId: { method: 'searchModules', version: MORE_PICKERS_VERSION },
	solutionCode: { method: 'searchSolutions', version: MORE_PICKERS_VERSION },
	pageId: { method: 'searchPages', dependsOn: 'namespace', version: MORE_PICKERS_VERSION },
	templateId: {
		method: 'searchDocumentTemplates',
		dependsOn: 'namespace',
		version: MORE_PICKERS_VERSION,
	},
	// Report, contract and widget schemes came with their pickers: no version typed them.
	contractCode: { method: 'searchContracts', dependsOn: 'namespace', version: FIRST_VERSION },
	reportCode: { method: 'searchReports', dependsOn: 'namespace', version: FIRST_VERSION },
	widgetCode: { method: 'searchWidgets', dependsOn: 'namespace', version: FIRST_VERSION },
};

/**
 * A picker whose typed mode is an ID the platform does not say is a UUID (modules, pages, document
 * templates): the code picker's no-spaces check, under "By ID".
 */
function idLocator(options: Parameters<typeof codeLocator>[0]): INodeProperties {
	const locator = codeLocator(options);
	const modes = locator.modes?.map((mode) =>
		mode.type === 'list'
			? mode
			: {
					...mode,
					displayName: 'By ID',
					name: 'id',
					validation: mode.validation?.map((check) =>
						typeof check === 'function'
							? check
							: {
									type: check.type,
									properties: { ...check.properties, errorMessage: 'An ID has no spaces' },
								},
					),
				},
	);
	return { ...locator, modes };
}

/** What a path value is called without "Code" or "ID": Section, Page, Document Template. */
function labelOf(name: PathParamName): string {
	return PATH_PARAMS[name].displayName.replace(/ (Code|ID)$/, '');
}

/** The picker of one path value (from a list, or typed as a code or ID). */
function locatorFor(name: PathParamName, picker: Picker): INodeProperties {
	const param = PATH_PARAMS[name];
	const label = labelOf(name);
	let locator: INodeProperties;
	if ('uuid' in param && param.uuid) {
		locator = uuidLocator({
			displayName: label,
			name,
			searchListMethod: picker.method,
			description: `The ${label.toLowerCase()}`,
		});
	} else if (param.displayName.endsWith(' ID')) {
		const listNote = picker.dependsOn
			? `; the list shows those of the chosen ${labelOf(picker.dependsOn).toLowerCase()}`
			: '';
		locator = idLocator({
			displayName: label,
			name,
			searchListMethod: picker.method,
			placeholder: param.placeholder,
			description: `The ${label.toLowerCase()}${listNote}`,
		});
	} else {
		locator = codeLocator({
			displayName: label,
			name,
			searchListMethod: picker.method,
			placeholder: param.placeholder,
			description: param.description.replace(/^Code of the /, 'The '),
		});
	}
	if (picker.dependsOn)
		locator.typeOptions = { loadOptionsDependsOn: [`${picker.dependsOn}.value`] };
	return locator;
}

/**
 * One path value as the node shows it: the typed string in version 1; from the picker's version
 * (1.1, or 1.2 for the pickers added later), under the same name, a picker where the platform can
 * list the values. A value that came with its picker (FIRST_VERSION) is a picker in every version.
 */
export function pathParamProperties(name: PathParamName): INodeProperties[] {
	const picker = PICKERS[name];
	if (!picker) return [pathParamProperty(name)];
	if (picker.version === FIRST_VERSION) return [locatorFor(name, picker)];
	return [
		...beforeVersion(picker.version, [pathParamProperty(name)]),
		...sinceVersion(picker.version, [locatorFor(name, picker)]),
	];
}

/** The path value a picker's list needs, e.g. the section of a page; undefined when it needs none. */
export function pickerDependency(name: PathParamName): PathParamName | undefined {
	return PICKERS[name]?.dependsOn;
}

/**
 * The value a picker's list needs where the operation's path does not (the section of a page for
 * Page > Get): optional, shown with the picker, read only to fill the list, so an ID typed in the
 * picker works without it.
 */
export function listOnlyProperties(name: PathParamName): INodeProperties[] {
	const picker = PICKERS[name];
	const dependency = picker?.dependsOn && PICKERS[picker.dependsOn];
	if (!picker?.dependsOn || !dependency) return [];
	const target = labelOf(name).toLowerCase();
	const listedBy = labelOf(picker.dependsOn).toLowerCase();
	const property: INodeProperties = {
		...locatorFor(picker.dependsOn, dependency),
		required: false,
		description: `The ${listedBy} whose ${target}s the list below shows; not needed when the ${target} is typed by ID`,
	};
	return sinceVersion(picker.version, [property]);
}

/** Reads and checks one path value: a UUID for groups, a non-empty text elsewhere. */
export function readPathParam(
	ctx: IExecuteFunctions,
	itemIndex: number,
	name: PathParamName,
): string {
	const param = PATH_PARAMS[name];
	const value = ctx.getNodeParameter(name, itemIndex, '', { extractValue: true });
	if ('uuid' in param && param.uuid) return requireUuid(ctx, itemIndex, param.displayName, value);
	return requirePathSegment(ctx, itemIndex, param.displayName, value);
}
