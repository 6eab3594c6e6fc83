import type { INodeProperties, IExecuteFunctions } from 'n8n-workflow';
import { codeLocator } from '../../../shared/pickers/locators';
import { requirePathParameter } from '../../../shared/validation/itemInputs';

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
