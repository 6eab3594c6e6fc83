import type { ItemKind } from '../../../shared/items/appItems';

/** Application items: `/app/{namespace}/{code}/...`. */
export const appItems: ItemKind = {
	prefix: 'app',
	resource: 'item',
	noun: 'application item',
	code: {
		name: 'application',
		label: 'Application',
		displayName: 'Application Code',
		description: 'The application inside the section',
		placeholder: 'deals',
	},
};
