import {
	getApplicationFields,
	getFieldCodes,
	getStatuses,
	getStatusGroups,
	searchApplications,
	searchItems,
	searchNamespaces,
} from '../../shared/methods/schemeSearch';

export { credentialTest } from '../../shared/methods/credentialTest';

/** The section, application and item pickers. */
export const listSearch = { searchNamespaces, searchApplications, searchItems };

/** The list options' field and status dropdowns and Set Status's status list. */
export const loadOptions = { getFieldCodes, getStatuses, getStatusGroups };

/** Create and Update map the item's fields from the application's scheme. */
export const resourceMapping = { getApplicationFields };
