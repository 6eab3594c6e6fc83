import { searchModuleCodes } from '../../shared/methods/moduleSearch';
import { searchUsers } from '../../shared/methods/userSearch';

export { credentialTest } from '../../shared/methods/credentialTest';

/** The telephony module picker and the user picker of each binding. */
export const listSearch = { searchModuleCodes, searchUsers };
