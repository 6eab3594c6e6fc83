import type { ItemKind } from '../../../shared/items/appItems';
import { LIST_PICKERS_VERSION, PICKERS_VERSION } from '../../versions';

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
	versions: { locationPickers: PICKERS_VERSION, listPickers: LIST_PICKERS_VERSION },
};
