import type { INodeProperties } from 'n8n-workflow';
import { uuidLocator } from '../pickers/locators';
import { apiPath } from '../transport';
import { requireUuid } from '../validation';
import { readPathSegment } from './options';
import type { TriggerEventDefinition } from './types';

/** The process template whose instances New Process Instance watches. */
export const templateParameter: INodeProperties = {
	...uuidLocator({
		displayName: 'Process Template',
		name: 'templateId',
		searchListMethod: 'searchProcessTemplateIds',
		description: 'The process template whose new instances start the workflow',
	}),
	displayOptions: { show: { event: ['newInstance'] } },
};

/**
 * New Process Instance: the template's instances (`POST /bpm/instance/bytemplateid/{id}/list`),
 * ranged by `__updatedAt` (the list ignores a `__createdAt` filter), once per instance created.
 */
export const newInstance: TriggerEventDefinition = {
	option: {
		name: 'New Process Instance',
		value: 'newInstance',
		action: 'On new process instance',
		description: 'A process was started from a template (by its __createdAt)',
	},
	watch: (ctx) => {
		const templateId = requireUuid(
			'Template ID',
			readPathSegment(ctx, 'templateId', 'Template ID'),
		);
		return {
			path: apiPath`/bpm/instance/bytemplateid/${templateId}/list`,
			field: '__createdAt',
			rangeField: '__updatedAt',
			body: {},
		};
	},
};
