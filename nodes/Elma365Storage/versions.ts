/** Get, Set and Delete of a key in the system, section or application storage. */
export const FIRST_VERSION = 1;

/** The node class's `version`, oldest first. */
export const VERSIONS = [FIRST_VERSION];

/** The version new nodes get: the newest. */
export const DEFAULT_VERSION = FIRST_VERSION;
