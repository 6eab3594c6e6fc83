/** Get Many outputs every field of each user. */
export const FIRST_VERSION = 1;

/** Get Many has Simplify, on by default: the main fields of each user. */
export const SIMPLIFY_VERSION = 1.1;

/**
 * The node class's `version`, oldest first. The class sets no `defaultVersion`, so n8n gives new
 * nodes the newest.
 */
export const VERSIONS = [FIRST_VERSION, SIMPLIFY_VERSION];
