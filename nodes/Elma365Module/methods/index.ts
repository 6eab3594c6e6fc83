import { searchModules } from '../../shared/methods/moduleSearch';

export { credentialTest } from '../../shared/methods/credentialTest';

/** The Module picker: the company's modules as ELMA365 Scheme lists them (`GET /scheme/modules`). */
export const listSearch = { searchModules };
