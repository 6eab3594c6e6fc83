import type { ItemArea } from '../../../shared/items/appItems';

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
};
