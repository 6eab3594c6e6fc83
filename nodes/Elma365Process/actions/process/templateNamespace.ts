import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { codeLocator } from '../../../shared/pickers/locators';
import { requirePathParameter } from '../../../shared/validation/itemInputs';

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
