/** Get, Set and Delete of a key in the system, section or application storage. */
export const FIRST_VERSION = 1;

/** Entry > Get, Set and Delete send up to 100 items at a time by default, starting with 32 and doubling while the platform keeps up; changes of one key still go one after the other. */
export const ADAPTIVE_VERSION = 1.1;

/** The node class's `version`, oldest first. */
export const VERSIONS = [FIRST_VERSION, ADAPTIVE_VERSION];

/** The version new nodes get: the newest. */
export const DEFAULT_VERSION = ADAPTIVE_VERSION;
