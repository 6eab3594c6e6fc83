import type { ItemKind } from '../../../shared/items/appItems';
import { FIELD_MAPPER_VERSION, MORE_PICKERS_VERSION, PICKERS_VERSION } from '../../versions';

/** Contract items: `/contracts/{namespace}/{code}/...`, addressed as application items are. */
export const contractItems: ItemKind = {
	prefix: 'contracts',
	resource: 'item',
	noun: 'contract item',
	code: {
		name: 'application',
		displayName: 'Contract Application Code',
		description: 'Code of the contract application inside the section',
		placeholder: 'contracts',
	},
	versions: {
		locationPickers: PICKERS_VERSION,
		itemPicker: MORE_PICKERS_VERSION,
		fieldMapper: FIELD_MAPPER_VERSION,
		listPickers: MORE_PICKERS_VERSION,
	},
};
