/** Module Code and each binding's User ID typed. */
export const FIRST_VERSION = 1;

/** The Module picker and a user picker in each binding row. */
export const PICKERS_VERSION = 1.1;

/** Binding > Get and Update send up to 100 items at a time by default, starting with 32 and doubling while the platform keeps up. */
export const ADAPTIVE_VERSION = 1.2;

/** The node class's `version`, oldest first. */
export const VERSIONS = [FIRST_VERSION, PICKERS_VERSION, ADAPTIVE_VERSION];

/** The version new nodes get: the newest. */
export const DEFAULT_VERSION = ADAPTIVE_VERSION;
