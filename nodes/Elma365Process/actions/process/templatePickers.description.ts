import type { INodeProperties } from 'n8n-workflow';
import { codeLocator } from '../../../shared/descriptions/locators';

/**
 * Section (`namespace`) and Process Template (`processCode`, by code), picked as Process > Start
 * picks them: the templates listed are those of the chosen section; for a process bound to an
 * application the section is typed as "section.app".
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
			description: `The section of the process template ${options.purpose}; for a process bound to an application type "section.app" by code`,
		}),
		{
			...codeLocator({
				displayName: 'Process Template',
				name: 'processCode',
				searchListMethod: 'searchProcessTemplates',
				placeholder: 'approval',
				required: options.required,
				description: `The process template ${options.purpose}: from the chosen section, or by code`,
			}),
			typeOptions: { loadOptionsDependsOn: ['namespace.value'] },
		},
	];
}
