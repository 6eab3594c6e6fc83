import { getReportFieldCodes } from '../../shared/methods/applicationFields';
import { searchReports } from '../../shared/methods/schemeEntitySearch';
import { searchNamespaces } from '../../shared/methods/sectionSearch';

export { credentialTest } from '../../shared/methods/credentialTest';

/** The section and report pickers. */
export const listSearch = { searchNamespaces, searchReports };

/** The list options' field dropdowns read the report parameter. */
export const loadOptions = { getFieldCodes: getReportFieldCodes };
