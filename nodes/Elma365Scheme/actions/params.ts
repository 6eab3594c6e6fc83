import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { beforeVersion, codeLocator, sinceVersion, uuidLocator } from '../../shared/locators';
import { requireText, requireUuid } from '../../shared/validation';

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
} as const;

export type PathParamName = keyof typeof PATH_PARAMS;

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

/** The list each picked path value comes from (version 1.1 on); the others stay typed. */
const PICKERS: Partial<Record<PathParamName, { method: string; dependsOn?: string }>> = {
	namespace: { method: 'searchNamespaces' },
	application: { method: 'searchApplications', dependsOn: 'namespace' },
	groupId: { method: 'searchGroups' },
	processCode: { method: 'searchProcessTemplates', dependsOn: 'namespace' },
};

/**
 * One path value as the node shows it: the typed string in version 1; from version 1.1, under the
 * same name, a picker (from a list, or by code or ID) where the platform can list the values.
 */
export function pathParamProperties(name: PathParamName): INodeProperties[] {
	const picker = PICKERS[name];
	if (!picker) return [pathParamProperty(name)];
	const param = PATH_PARAMS[name];
	const label = param.displayName.replace(/ (Code|ID)$/, '');
	const locator = 'uuid' in param && param.uuid
		? uuidLocator({ displayName: label, name, searchListMethod: picker.method, description: `The ${label.toLowerCase()}` })
		: codeLocator({ displayName: label, name, searchListMethod: picker.method, placeholder: param.placeholder, description: param.description.replace(/^Code of the /, 'The ') });
	if (picker.dependsOn) locator.typeOptions = { loadOptionsDependsOn: [`${picker.dependsOn}.value`] };
	return [...beforeVersion([pathParamProperty(name)]), ...sinceVersion([locator])];
}

/** Reads and checks one path value: a UUID for groups, a non-empty text elsewhere. */
export function readPathParam(ctx: IExecuteFunctions, itemIndex: number, name: PathParamName): string {
	const param = PATH_PARAMS[name];
	const value = ctx.getNodeParameter(name, itemIndex, '', { extractValue: true });
	if ('uuid' in param && param.uuid) return requireUuid(ctx, itemIndex, param.displayName, value);
	return requireText(ctx, itemIndex, param.displayName, value).trim();
}
