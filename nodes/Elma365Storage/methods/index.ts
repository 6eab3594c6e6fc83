import { searchApplications, searchNamespaces } from '../../shared/methods/sectionSearch';

export { credentialTest } from '../../shared/methods/credentialTest';

/** The Section and Application pickers of the section and application scopes. */
export const listSearch = { searchNamespaces, searchApplications };
