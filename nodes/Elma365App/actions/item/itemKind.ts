import type { ItemKind } from '../../../shared/items/appItems';

/** Application items: `/app/{namespace}/{code}/...`. */
export const appItems: ItemKind = {
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
