import type { ItemArea } from '../../../shared/items/appItems';

export const appItems: ItemArea = {
	prefix: 'app',
	resource: 'item',
	noun: 'application item',
	code: {
		name: 'application',
		displayName: 'Application Code',
		description: 'Code of the application inside the section',
		placeholder: 'deals',
	},
};
