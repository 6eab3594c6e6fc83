/** The first version: the events of its area, as ELMA365 Trigger 1.2 polls them. */
export const FIRST_VERSION = 1;

/** The node class's `version`, oldest first. */
export const VERSIONS = [FIRST_VERSION];

/** The version new nodes get: the newest. */
export const DEFAULT_VERSION = FIRST_VERSION;
