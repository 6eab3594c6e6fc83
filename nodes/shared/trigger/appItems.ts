import type { INodeProperties, IPollFunctions } from 'n8n-workflow';
import { codeLocator } from '../pickers/locators';
import { statusPicker } from '../pickers/statusPicker';
import { apiPath } from '../transport';
import { readPathSegment } from './options';
import type { EventList } from './types';

/** The events on an application's items. */
export const ITEM_EVENTS = ['newItem', 'updatedItem', 'statusEntered'];

/** Section and application of the item events; Section also serves New Process Instance. */
export function sectionParameter(events: string[]): INodeProperties {
	return {
		...codeLocator({
			displayName: 'Section',
			name: 'namespace',
			searchListMethod: 'searchNamespaces',
			description: 'The section (namespace) of the application or of the process template',
			placeholder: 'crm',
		}),
		displayOptions: { show: { event: events } },
	};
}

/** The application whose items are watched, and for Item Entered a Status the status. */
export const applicationParameters: INodeProperties[] = [
	{
		...codeLocator({
			displayName: 'Application',
			name: 'application',
			searchListMethod: 'searchApplications',
			description: 'The application whose items are watched',
			placeholder: 'requests',
		}),
		displayOptions: { show: { event: ITEM_EVENTS } },
	},
	{ ...statusPicker, displayOptions: { show: { event: ['statusEntered'] } } },
];

/** The active items of the chosen application (`POST /app/{namespace}/{application}/list`). */
export function appItemList(ctx: IPollFunctions, field: EventList['field']): EventList {
	const namespace = readPathSegment(ctx, 'namespace', 'Section Code');
	const application = readPathSegment(ctx, 'application', 'Application Code');
	return {
		path: `/app${apiPath`/${namespace}/${application}`}/list`,
		field,
		rangeField: field,
		body: { active: true },
	};
}
