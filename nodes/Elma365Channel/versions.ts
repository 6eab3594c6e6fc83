/** Channels listed; messages posted and listed; comments on a message posted and listed. */
export const FIRST_VERSION = 1;

/** The node class's `version`, oldest first. */
export const VERSIONS = [FIRST_VERSION];

/** The version new nodes get: the newest. */
export const DEFAULT_VERSION = FIRST_VERSION;
