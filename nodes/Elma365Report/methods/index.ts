import {
	getReportFieldCodes,
	searchApplications,
	searchNamespaces,
} from '../../shared/methods/schemeSearch';

export { credentialTest } from '../../shared/methods/credentialTest';

/** The section and report pickers. */
export const listSearch = { searchNamespaces, searchApplications };

/** The list options' field dropdowns read the report parameter. */
export const loadOptions = { getFieldCodes: getReportFieldCodes };
