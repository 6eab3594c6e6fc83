import type { INodeProperties } from 'n8n-workflow';
import { codeLocator } from '../../../shared/pickers/locators';
import { processApplicationPicker } from './templateNamespace';

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
