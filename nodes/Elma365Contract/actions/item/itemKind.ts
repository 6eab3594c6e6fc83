import type { ItemKind } from '../../../shared/items/appItems';

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
};
