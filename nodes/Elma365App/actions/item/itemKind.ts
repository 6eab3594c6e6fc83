import type { ItemKind } from '../../../shared/items/appItems';
import { LIST_PICKERS_VERSION, PICKERS_VERSION } from '../../versions';

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
	versions: {
		locationPickers: PICKERS_VERSION,
		itemPicker: PICKERS_VERSION,
		fieldMapper: PICKERS_VERSION,
		listPickers: LIST_PICKERS_VERSION,
	},
};
