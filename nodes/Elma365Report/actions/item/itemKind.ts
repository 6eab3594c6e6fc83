import type { ItemKind } from '../../../shared/items/appItems';

/** Report rows: `/reports/{namespace}/{code}/...`. */
export const reportItems: ItemKind = {
	prefix: 'reports',
	resource: 'item',
	noun: 'report item',
	code: {
		name: 'report',
		displayName: 'Report Code',
		description: 'Code of the report inside the section',
		placeholder: 'sales_report',
	},
};
