import {
	getApplicationFields,
	getContractFieldCodes,
} from '../../shared/methods/applicationFields';
import { searchContractItems } from '../../shared/methods/itemSearch';
import { getApplicationUpsertFields } from '../../shared/items/upsertFields';
import { searchContracts } from '../../shared/methods/schemeEntitySearch';
import { searchNamespaces } from '../../shared/methods/sectionSearch';

export { credentialTest } from '../../shared/methods/credentialTest';

/** The section, contract application and contract item pickers. */
export const listSearch = { searchNamespaces, searchContracts, searchContractItems };

/** The list options' dropdowns call these by the names every list uses. */
export const loadOptions = { getFieldCodes: getContractFieldCodes };

/** Create, Update and Create or Update map fields from the contract application's scheme, as App items do. */
export const resourceMapping = { getApplicationFields, getApplicationUpsertFields };
