import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { codeLocator, pickerBuilderHint, uuidLocator } from '../../shared/pickers/locators';
import { parameterField, requirePathSegment, requireUuid } from '../../shared/validation';

/**
 * The values that address a scheme: each fills one `{name}` of a path template. `label` is what its
 * picker is called, `displayName` names the typed value in errors; a code carries the description
 * its picker shows, an ID is described by its label, and a group is a UUID.
 */
export const PATH_PARAMS = {
	namespace: {
		label: 'Section',
		displayName: 'Section Code',
		description: 'The section (namespace), e.g. crm',
		placeholder: 'crm',
	},
	application: {
		label: 'Application',
		displayName: 'Application Code',
		description: 'The application inside the section, e.g. deals',
		placeholder: 'deals',
	},
	groupId: { label: 'Group', displayName: 'Group ID', uuid: true },
	moduleId: { label: 'Module', displayName: 'Module ID', placeholder: 'telephony' },
	solutionCode: {
		label: 'Solution',
		displayName: 'Solution Code',
		description: 'The solution',
		placeholder: 'sales',
	},
	pageId: {
		label: 'Page',
		displayName: 'Page ID',
		placeholder: '3fa85f64-5717-4562-b3fc-2c963f66afa6',
	},
	templateId: {
		label: 'Document Template',
		displayName: 'Document Template ID',
		placeholder: '3fa85f64-5717-4562-b3fc-2c963f66afa6',
	},
	processCode: {
		label: 'Process',
		displayName: 'Process Code',
		description: 'The process template inside the section',
		placeholder: 'approval',
	},
	contractCode: {
		label: 'Contract',
		displayName: 'Contract Code',
		description: 'The contract application inside the section',
		placeholder: 'agreements',
	},
	reportCode: {
		label: 'Report',
		displayName: 'Report Code',
		description: 'The report inside the section',
		placeholder: 'sales_report',
	},
	widgetCode: {
		label: 'Widget',
		displayName: 'Widget Code',
		description: 'The widget inside the section',
		placeholder: 'kpi_tile',
	},
} as const;

/** The name of a path value, as it appears between braces in a path of the table. */
export type PathParamName = keyof typeof PATH_PARAMS;

/** Whether `name` is a path value (a row's `{name}` must be one). */
export function isPathParam(name: string): name is PathParamName {
	return Object.prototype.hasOwnProperty.call(PATH_PARAMS, name);
}

/** Where a path value is picked from. */
interface Picker {
	/** The listSearch method of the node that lists the values. */
	method: string;
	/** The path value the list is filtered by (the section of an application). */
	dependsOn?: PathParamName;
}

/** The list each path value is picked from. */
const PICKERS: Record<PathParamName, Picker> = {
	namespace: { method: 'searchNamespaces' },
	application: { method: 'searchApplications', dependsOn: 'namespace' },
	groupId: { method: 'searchGroups' },
	processCode: { method: 'searchProcessTemplates', dependsOn: 'namespace' },
	moduleId: { method: 'searchModules' },
	solutionCode: { method: 'searchSolutions' },
	pageId: { method: 'searchPages', dependsOn: 'namespace' },
	templateId: { method: 'searchDocumentTemplates', dependsOn: 'namespace' },
	contractCode: { method: 'searchContracts', dependsOn: 'namespace' },
	reportCode: { method: 'searchReports', dependsOn: 'namespace' },
	widgetCode: { method: 'searchWidgets', dependsOn: 'namespace' },
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
	return { ...locator, modes, builderHint: pickerBuilderHint(options.searchListMethod, 'id') };
}

/** The picker of one path value (from a list, or typed as a code or ID). */
function locatorFor(name: PathParamName, picker: Picker): INodeProperties {
	const param = PATH_PARAMS[name];
	const label = PATH_PARAMS[name].label;
	let locator: INodeProperties;
	if ('uuid' in param) {
		locator = uuidLocator({
			displayName: label,
			name,
			searchListMethod: picker.method,
			description: `The ${label.toLowerCase()}`,
		});
	} else if ('description' in param) {
		locator = codeLocator({
			displayName: label,
			name,
			searchListMethod: picker.method,
			placeholder: param.placeholder,
			description: param.description,
		});
	} else {
		const listNote = picker.dependsOn
			? `; the list shows those of the chosen ${PATH_PARAMS[picker.dependsOn].label.toLowerCase()}`
			: '';
		locator = idLocator({
			displayName: label,
			name,
			searchListMethod: picker.method,
			placeholder: param.placeholder,
			description: `The ${label.toLowerCase()}${listNote}`,
		});
	}
	if (picker.dependsOn)
		locator.typeOptions = { loadOptionsDependsOn: [`${picker.dependsOn}.value`] };
	return locator;
}

/** One path value as the node shows it: picked from the platform's list, or typed as a code or ID. */
export function pathParamProperties(name: PathParamName): INodeProperties[] {
	return [locatorFor(name, PICKERS[name])];
}

/** The path value a picker's list needs, e.g. the section of a page; undefined when it needs none. */
export function pickerDependency(name: PathParamName): PathParamName | undefined {
	return PICKERS[name].dependsOn;
}

/**
 * The value a picker's list needs where the operation's path does not (the section of a page for
 * Page > Get): optional, shown with the picker, read only to fill the list, so an ID typed in the
 * picker works without it.
 */
export function listOnlyProperties(name: PathParamName): INodeProperties[] {
	const picker = PICKERS[name];
	if (!picker.dependsOn) return [];
	const target = PATH_PARAMS[name].label.toLowerCase();
	const listedBy = PATH_PARAMS[picker.dependsOn].label.toLowerCase();
	return [
		{
			...locatorFor(picker.dependsOn, PICKERS[picker.dependsOn]),
			required: false,
			description: `The ${listedBy} whose ${target}s the list below shows; not needed when the ${target} is typed by ID`,
		},
	];
}

/** Reads and checks one path value: a UUID for groups, a non-empty text elsewhere. */
export function readPathParam(
	ctx: IExecuteFunctions,
	itemIndex: number,
	name: PathParamName,
): string {
	const param = PATH_PARAMS[name];
	const value = ctx.getNodeParameter(name, itemIndex, '', { extractValue: true });
	const field = parameterField(name, param.displayName);
	if ('uuid' in param && param.uuid) return requireUuid(field, value);
	return requirePathSegment(field, value);
}
