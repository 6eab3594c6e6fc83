import type { INodeProperties, IExecuteFunctions } from 'n8n-workflow';
import {
	codeLocator,
	idLocator,
	uuidLocator,
	readUuidLocator,
} from '../../../shared/pickers/locators';
import { additionalBody, concurrency, optionsCollection } from '../../../shared/options/options';
import { ADAPTIVE_CEILING } from '../../../shared/limits';

const INSTANCE_SOURCE =
	"the ID of a process instance: the instanceId that ELMA365 Process > Process > Start outputs, the __id from Instance > Get Many, or ELMA365 Process Trigger's output";

/**
 * Template Section and Process Template: the section's process templates, picked or typed by ID,
 * to list a template's instances. `section` and `template` say what each is for where it is shown.
 */
export function templateByIdPickers(texts: {
	section: string;
	template: string;
	templateRequired?: boolean;
}): INodeProperties[] {
	return [
		codeLocator({
			displayName: 'Template Section',
			name: 'templateNamespace',
			searchListMethod: 'searchNamespaces',
			placeholder: 'crm',
			required: false,
			description: texts.section,
		}),
		{
			...uuidLocator({
				displayName: 'Process Template',
				name: 'templateId',
				searchListMethod: 'searchInstanceTemplates',
				...(texts.templateRequired === undefined ? {} : { required: texts.templateRequired }),
				description: texts.template,
			}),
			typeOptions: { loadOptionsDependsOn: ['templateNamespace.value'] },
		},
	];
}

/**
 * The process instance an operation changes: picked from the instances of a process template (the
 * vendor lists instances only by template or by target, bpmInstanceList and bpmInstanceTargetList),
 * or typed by ID. Template Section and Process Template only fill the list: nothing reads them when
 * the operation runs.
 */
export function instanceField(purpose: string): INodeProperties[] {
	return [
		...templateByIdPickers({
			section:
				'Only to list the instances below: the section of their process template (for a process bound to an application type "section.app" by code). Not sent.',
			template:
				'Only to list the instances below: the process template they were started from. Not sent.',
			templateRequired: false,
		}),
		{
			...uuidLocator({
				displayName: 'Instance',
				name: 'instanceId',
				searchListMethod: 'searchTemplateInstances',
				description: `The process instance ${purpose}: from the instances of the process template above, or by ID (e.g. the instanceId a Start outputs or the __id of a listed instance)`,
			}),
			typeOptions: { loadOptionsDependsOn: ['templateId.value'] },
		},
	];
}

/**
 * The Instance of Update Context: picked from the instances of the template chosen above it by
 * Section (and Application) and Process Template, which also list its context fields,
 * or typed by ID.
 */
export function instanceOfTemplateCode(purpose: string): INodeProperties {
	return {
		...uuidLocator({
			displayName: 'Instance',
			name: 'instanceId',
			searchListMethod: 'searchTemplateCodeInstances',
			description: `The process instance ${purpose}: from the instances of the process template above, or by ID (e.g. the instanceId a Start outputs or the __id of a listed instance)`,
		}),
		typeOptions: {
			loadOptionsDependsOn: ['namespace.value', 'processApplication.value', 'processCode.value'],
		},
	};
}

/** The Instance read from every input item of a grouped operation. */
export function instanceIdOfEveryItem(purpose: string): INodeProperties {
	return idLocator({
		displayName: 'Instance',
		name: 'instanceId',
		description: `The process instance ${purpose}, read from every input item (e.g. {{ $json.__id }} of a listed instance): all of them are sent in one request`,
		source: INSTANCE_SOURCE,
	});
}

/**
 * The form of an action on one instance without a documented body (Skip Step, Restart Step, Move to
 * Version): the Instance, and Options with Concurrency (the adaptive window's ceiling by default)
 * and Additional Body (JSON).
 */
export function instanceActionFields(purpose: string): INodeProperties[] {
	return [
		...instanceField(purpose),
		optionsCollection([concurrency(ADAPTIVE_CEILING), additionalBody]),
	];
}

/** The form of the same actions on the instances of all input items in one request. */
export function instancesActionFields(purpose: string): INodeProperties[] {
	return [instanceIdOfEveryItem(purpose), optionsCollection([additionalBody])];
}

/** The item's Instance, checked as a UUID. */
export function readInstanceId(ctx: IExecuteFunctions, itemIndex: number): string {
	return readUuidLocator(ctx, itemIndex, 'instanceId', 'Instance', 'searchTemplateInstances');
}

/** Items that change the same instance run one after the other, in input order, at any Concurrency. */
export function instanceOrderKey(ctx: IExecuteFunctions, itemIndex: number): string | undefined {
	const value = ctx.getNodeParameter('instanceId', itemIndex, '', { extractValue: true });
	return typeof value === 'string' ? value.trim().toLowerCase() : undefined;
}
