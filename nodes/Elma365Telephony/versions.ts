/** Module Code and each binding's User ID typed. */
export const FIRST_VERSION = 1;

/** The Module picker and a user picker in each binding row. */
export const PICKERS_VERSION = 1.1;

/** The node class's `version`, oldest first. */
export const VERSIONS = [FIRST_VERSION, PICKERS_VERSION];

/** The version new nodes get: the newest. */
export const DEFAULT_VERSION = PICKERS_VERSION;
