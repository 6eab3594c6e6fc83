import type { ItemArea } from '../../../shared/items/appItems';
import { FIELD_MAPPER_VERSION, MORE_PICKERS_VERSION, PICKERS_VERSION } from '../../versions';

export const contractItems: ItemArea = {
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
