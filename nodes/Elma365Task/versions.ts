/** Tasks: Get Many, Get, Get Exits, Complete, Reassign and Set Dates, with task and exit pickers. */
export const FIRST_VERSION = 1;

/**
 * The node class's `version`: a number while the node has one version. The next version makes it
 * an array of every version and adds `DEFAULT_VERSION`, as the other nodes' `versions.ts` do.
 */
export const VERSIONS = FIRST_VERSION;
