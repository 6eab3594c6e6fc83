/** Section, Contract Application and Item typed as codes and IDs; fields as pairs and JSON. */
export const FIRST_VERSION = 1;

/** Section and Contract Application picked from the platform's lists. */
export const PICKERS_VERSION = 1.1;

/** The Item picker (Get, Update); Get Many options pick field codes and statuses. */
export const MORE_PICKERS_VERSION = 1.2;

/** Item > Create and Update map fields from the contract application's scheme. */
export const FIELD_MAPPER_VERSION = 1.3;

/** Item > Update sends up to 100 items at a time by default, starting with 32 and doubling while the platform keeps up. */
export const ADAPTIVE_VERSION = 1.4;

/** Item > Get sends up to 100 items at a time by default, starting with 32 and doubling while the platform keeps up. */
export const ADAPTIVE_GET_VERSION = 1.5;

/** The node class's `version`, oldest first. */
export const VERSIONS = [
	FIRST_VERSION,
	PICKERS_VERSION,
	MORE_PICKERS_VERSION,
	FIELD_MAPPER_VERSION,
	ADAPTIVE_VERSION,
	ADAPTIVE_GET_VERSION,
];

/** The version new nodes get: the newest. */
export const DEFAULT_VERSION = ADAPTIVE_GET_VERSION;
