/** Section and Report typed as codes; Get Many offers every list option. */
export const FIRST_VERSION = 1;

/** Section and Report picked from the platform's lists. */
export const PICKERS_VERSION = 1.1;

/** Get Many options pick the field codes of Sort, Table Filter and Fields to Return. */
export const LIST_PICKERS_VERSION = 1.2;

/** Get Many offers only what the report list takes: Table Filter, Sort and Additional Body (JSON). */
export const REPORT_ONLY_TABLE_FILTER_VERSION = 1.3;

/** The node class's `version`, oldest first. */
export const VERSIONS = [
	FIRST_VERSION,
	PICKERS_VERSION,
	LIST_PICKERS_VERSION,
	REPORT_ONLY_TABLE_FILTER_VERSION,
];

/** The version new nodes get: the newest. */
export const DEFAULT_VERSION = REPORT_ONLY_TABLE_FILTER_VERSION;
