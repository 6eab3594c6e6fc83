/** Tasks: Get Many, Get, Get Exits, Complete, Reassign and Set Dates, with task and exit pickers. */
export const FIRST_VERSION = 1;

/** Get Many offers the vendor's own lists: Incoming, Outgoing, Participating and Of a User. */
export const PUBLISHED_LISTS_VERSION = 1.1;

/** Task > Get and Get Exits send up to 100 items at a time by default, starting with 32 and doubling while the platform keeps up. */
export const ADAPTIVE_VERSION = 1.2;

/** Task > Set Percent defaults to the adaptive window too (items of one task still one after the other). */
export const ADAPTIVE_PERCENT_VERSION = 1.3;

/** The node class's `version`, oldest first. */
export const VERSIONS = [
	FIRST_VERSION,
	PUBLISHED_LISTS_VERSION,
	ADAPTIVE_VERSION,
	ADAPTIVE_PERCENT_VERSION,
];

/** The version new nodes get: the newest. */
export const DEFAULT_VERSION = ADAPTIVE_PERCENT_VERSION;
