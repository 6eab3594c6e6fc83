import type { ItemKind } from '../../../shared/items/appItems';

/** Report rows: `/reports/{namespace}/{code}/...`. */
export const reportItems: ItemKind = {
	prefix: 'reports',
	resource: 'item',
	noun: 'report item',
	code: {
		name: 'report',
		label: 'Report',
		displayName: 'Report Code',
		description: 'The report inside the section',
		placeholder: 'sales_report',
	},
};
