import { getReportFieldCodes } from '../../shared/methods/applicationFields';
import { searchReports } from '../../shared/methods/schemeEntitySearch';
import { searchApplications, searchNamespaces } from '../../shared/methods/sectionSearch';

export { credentialTest } from '../../shared/methods/credentialTest';

/**
 * The section and report pickers. searchApplications is what the report picker asked before it
 * listed reports: an editor still showing the former description asks it by that name.
 */
export const listSearch = { searchNamespaces, searchReports, searchApplications };

/** The list options' field dropdowns read the report parameter. */
export const loadOptions = { getFieldCodes: getReportFieldCodes };
