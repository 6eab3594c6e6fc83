/** Case > Update and Directory > Update send the whole form (the platform's PUT replaces the object). */
export const FIRST_VERSION = 1;

/** Case > Update and Directory > Update change only what the user set; the rest keeps its value. */
export const KEEP_CURRENT_VERSION = 1.1;

/** Case > Update sends 10 cases at a time by default. */
export const PARALLEL_UPDATES_VERSION = 1.2;

/**
 * Case > Update sends one PUT with only the registration settings the user set; the case list is
 * read only for Directory, Document Flow or Name left empty, and then once per run for all items.
 */
export const ONE_REQUEST_UPDATE_VERSION = 1.3;

/** Case > Update and Directory > Update send up to 100 items at a time by default, starting with 32 and doubling while the platform keeps up. */
export const ADAPTIVE_VERSION = 1.4;

/** Document > Get Registrations sends up to 100 items at a time by default, starting with 32 and doubling while the platform keeps up. */
export const ADAPTIVE_REGISTRATIONS_VERSION = 1.5;

/** The node class's `version`, oldest first. */
export const VERSIONS = [
	FIRST_VERSION,
	KEEP_CURRENT_VERSION,
	PARALLEL_UPDATES_VERSION,
	ONE_REQUEST_UPDATE_VERSION,
	ADAPTIVE_VERSION,
	ADAPTIVE_REGISTRATIONS_VERSION,
];

/** The version new nodes get: the newest. */
export const DEFAULT_VERSION = ADAPTIVE_REGISTRATIONS_VERSION;
