import type { INodeProperties, IExecuteFunctions } from 'n8n-workflow';
import { codeLocator } from '../../../shared/pickers/locators';
import { requirePathParameter } from '../../../shared/validation/values';
import type { FieldScheme } from '../../../shared/fields/fieldTypes';
import { contextFieldsOf } from '../../../shared/fields/fieldTypes';
import { apiPath } from '../../../shared/transport';

/**
 * Section (`namespace`) and Process Template (`processCode`, by code), picked as Process > Start
 * picks them: the templates listed are those of the chosen section, or of the chosen Application
 * for a process bound to an application (namespace "section.app").
 */
export function templatePickers(options: {
	required: boolean;
	purpose: string;
}): INodeProperties[] {
	return [
		codeLocator({
			displayName: 'Section',
			name: 'namespace',
			searchListMethod: 'searchNamespaces',
			placeholder: 'crm',
			required: options.required,
			description: `The section of the process template ${options.purpose}; for a process bound to an application, choose the Application below too (or type "section.app" by code)`,
		}),
		processApplicationPicker(options.purpose),
		{
			...codeLocator({
				displayName: 'Process Template',
				name: 'processCode',
				searchListMethod: 'searchProcessTemplates',
				placeholder: 'approval',
				required: options.required,
				description: `The process template ${options.purpose}: from the chosen section, or by code`,
			}),
			typeOptions: { loadOptionsDependsOn: ['namespace.value', 'processApplication.value'] },
		},
	];
}

/**
 * Application (`processApplication`): for a process bound to an application, picked from the
 * applications of the chosen Section. The vendor addresses such a template in the namespace
 * "section.app" (`GET /scheme/namespaces/{namespace}/apps/{code}/processes` lists them, and
 * `/bpm/template/{namespace}/{code}/run` takes that namespace), which the form builds from the two
 * pickers. Left empty, the Section alone is the namespace, as a "section.app" typed in it is.
 */
export function processApplicationPicker(purpose: string): INodeProperties {
	return {
		...codeLocator({
			displayName: 'Application',
			name: 'processApplication',
			searchListMethod: 'searchApplications',
			placeholder: 'deals',
			required: false,
			description: `Only for a process bound to an application: the application of the chosen section whose process template ${purpose}. Leave empty for a process of the section.`,
		}),
		typeOptions: { loadOptionsDependsOn: ['namespace.value'] },
	};
}

/** The template's namespace: the Section, with ".<application>" when an Application is chosen. */
export function readTemplateNamespace(ctx: IExecuteFunctions, itemIndex: number): string {
	const namespace = requirePathParameter(ctx, itemIndex, 'namespace', 'Section');
	const application = ctx.getNodeParameter('processApplication', itemIndex, '', {
		extractValue: true,
	});
	if (typeof application !== 'string' || application.trim() === '') return namespace;
	return `${namespace}.${requirePathParameter(ctx, itemIndex, 'processApplication', 'Application')}`;
}

/**
 * Where pairs and JSON find the types of a template's context fields: its scheme, read as the
 * field mapper reads it (`GET /scheme/namespaces/{namespace}/processes/{code}`).
 */
export function templateScheme(namespace: string, code: string): FieldScheme {
	return {
		path: apiPath`/scheme/namespaces/${namespace}/processes/${code}`,
		fieldsOf: contextFieldsOf,
	};
}

/**
 * The scheme of the template chosen in optional pickers (Update Context): undefined while Section
 * or Process Template is left empty, so that the values go as given.
 */
export function readOptionalTemplateScheme(
	ctx: IExecuteFunctions,
	itemIndex: number,
): FieldScheme | undefined {
	const given = (name: string) => {
		const value = ctx.getNodeParameter(name, itemIndex, '', { extractValue: true });
		return typeof value === 'string' && value.trim() !== '';
	};
	if (!given('namespace') || !given('processCode')) return undefined;
	const namespace = readTemplateNamespace(ctx, itemIndex);
	const code = requirePathParameter(ctx, itemIndex, 'processCode', 'Process Template');
	return templateScheme(namespace, code);
}
