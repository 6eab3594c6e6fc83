import type { ItemArea } from '../../../shared/items/appItems';
import { LIST_PICKERS_VERSION, PICKERS_VERSION } from '../../versions';

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
	versions: { locationPickers: PICKERS_VERSION, listPickers: LIST_PICKERS_VERSION },
};
