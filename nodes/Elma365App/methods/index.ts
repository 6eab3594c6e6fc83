import { getApplicationFields, getFieldCodes } from '../../shared/methods/applicationFields';
import { searchItems } from '../../shared/methods/itemSearch';
import { getApplicationUpsertFields } from '../../shared/items/upsertFields';
import { searchItemMessages } from '../../shared/methods/messageSearch';
import { searchApplications, searchNamespaces } from '../../shared/methods/sectionSearch';
import { getStatuses, getStatusGroups } from '../../shared/methods/statusOptions';

export { credentialTest } from '../../shared/methods/credentialTest';

/** The section, application, item and message pickers. */
export const listSearch = { searchNamespaces, searchApplications, searchItems, searchItemMessages };

/** The list options' field and status dropdowns and Set Status's status list. */
export const loadOptions = { getFieldCodes, getStatuses, getStatusGroups };

/** Create, Update and Create or Update map the item's fields from the application's scheme. */
export const resourceMapping = { getApplicationFields, getApplicationUpsertFields };
