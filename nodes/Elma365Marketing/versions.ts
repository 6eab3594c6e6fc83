/** Add and Remove Subscribers take a typed list of subscriber IDs. */
export const FIRST_VERSION = 1;

/** Add and Remove Subscribers take rows, each picked from the subscribers or typed by ID. */
export const PICKERS_VERSION = 1.1;

/** Add and Remove Subscribers have Send in One Request on by default. */
export const COMBINED_BY_DEFAULT_VERSION = 1.2;

/** Segment > Get shows Options > Concurrency and sends up to 100 items at a time by default, starting with 32 and doubling while the platform keeps up. */
export const ADAPTIVE_VERSION = 1.3;

/** The node class's `version`, oldest first. */
export const VERSIONS = [
	FIRST_VERSION,
	PICKERS_VERSION,
	COMBINED_BY_DEFAULT_VERSION,
	ADAPTIVE_VERSION,
];

/** The version new nodes get: the newest. */
export const DEFAULT_VERSION = ADAPTIVE_VERSION;
