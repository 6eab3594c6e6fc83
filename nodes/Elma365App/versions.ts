/** Section, Application and Item typed as codes and IDs; item fields as name/value pairs and JSON. */
export const FIRST_VERSION = 1;

/** Section, Application, Item and Status picked from the platform's lists; the item field mapper. */
export const PICKERS_VERSION = 1.1;

/** Get Many options pick field codes, statuses and the status group from the application. */
export const LIST_PICKERS_VERSION = 1.2;

/** The Comment resource: post and list comments in an item's activity stream. */
export const COMMENTS_VERSION = 1.3;

/** Item > Create sends the items in one request (the batch save); Item > Update 10 at a time. */
export const BATCH_CREATE_VERSION = 1.4;

/** Comment > Get Many offers the activity stream's documented filters (author, words, dates, replies). */
export const FEED_FILTERS_VERSION = 1.5;

/** Item > Update sends up to 100 items at a time by default, starting with 32 and doubling while the platform keeps up. */
export const ADAPTIVE_VERSION = 1.6;

/** Item > Get and Set Status send up to 100 items at a time by default, starting with 32 and doubling while the platform keeps up. */
export const ADAPTIVE_GET_STATUS_VERSION = 1.7;

/** The node class's `version`, oldest first. */
export const VERSIONS = [
	FIRST_VERSION,
	PICKERS_VERSION,
	LIST_PICKERS_VERSION,
	COMMENTS_VERSION,
	BATCH_CREATE_VERSION,
	FEED_FILTERS_VERSION,
	ADAPTIVE_VERSION,
	ADAPTIVE_GET_STATUS_VERSION,
];

/** The version new nodes get: the newest. */
export const DEFAULT_VERSION = ADAPTIVE_GET_STATUS_VERSION;
