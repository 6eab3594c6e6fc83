/** The directory of each entry of Initialize and Upload From Links typed as an ID. */
export const FIRST_VERSION = 1;

/** The Directory picker for the entries of Initialize and Upload From Links. */
export const PICKERS_VERSION = 1.1;

/** File > Get Download Link and Move, and Directory > Get send up to 100 items at a time by default, starting with 32 and doubling while the platform keeps up. */
export const ADAPTIVE_VERSION = 1.2;

/** File > Get sends up to 100 items at a time by default, starting with 32 and doubling while the platform keeps up. */
export const ADAPTIVE_GET_VERSION = 1.3;

/** The node class's `version`, oldest first. */
export const VERSIONS = [FIRST_VERSION, PICKERS_VERSION, ADAPTIVE_VERSION, ADAPTIVE_GET_VERSION];

/** The version new nodes get: the newest. */
export const DEFAULT_VERSION = ADAPTIVE_GET_VERSION;
