import type { ItemKind } from '../../../shared/items/appItems';

/** Contract items: `/contracts/{namespace}/{code}/...`, addressed as application items are. */
export const contractItems: ItemKind = {
	prefix: 'contracts',
	resource: 'item',
	noun: 'contract item',
	code: {
		name: 'application',
		label: 'Contract Application',
		displayName: 'Contract Application Code',
		description: 'The contract application inside the section',
		placeholder: 'contracts',
		// The section's contract applications (contractEntityList), not all its applications: the
		// items of another application are not contracts.
		list: { method: 'searchContracts', shows: 'the contract applications of the chosen section' },
	},
};
