import type { ItemArea } from '../../../shared/items/appItems';

export const reportItems: ItemArea = {
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
